// The shark's courses on the edit-profile page: each with its code, price, duration and enrolled count;
// create and edit in a dialog; delete after a confirmation, or (a course with bookings) archive and restore.
import { useState } from 'react';
import type { OwnCourse } from '#shared/courses.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useArchiveCourse, useDeleteCourse, useOwnCourses } from './api';
import { ErrorState } from '#web/components/error-state.tsx';
import { FormAlert } from '#web/components/form/form-status.tsx';
import { Modal, ModalClose } from '#web/components/modal.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { useToast } from '#web/components/toast.tsx';
import { formatRupees } from '#web/lib/format.ts';
import { CourseFormDialog } from './course-form';
import { COURSE_MSG } from '#shared/courses.ts';

export function CourseManager({ sharkId, canAdd }: { sharkId?: string; canAdd: boolean }) {
  const courses = useOwnCourses(sharkId);
  const [editing, setEditing] = useState<OwnCourse | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<OwnCourse | null>(null);

  const openForm = (course: OwnCourse | null) => {
    setEditing(course);
    setFormOpen(true);
  };

  return (
    <section aria-labelledby="courses-title" className="glass flex flex-col gap-5 p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="courses-title" className="text-lg font-semibold text-ink-100">
            Courses
          </h2>
          <p className="muted mt-1 text-sm">Learners book sessions of these on your public page.</p>
        </div>
        <button type="button" className="btn-primary" onClick={() => openForm(null)} disabled={!canAdd}>
          + Add course
        </button>
      </div>
      {!canAdd ? <p className="muted text-sm">Save your profile first, then add your courses.</p> : null}

      {courses.isPending ? (
        <div className="grid gap-3" role="status" aria-label="Loading courses">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : courses.isError ? (
        <ErrorState message={errorMessage(courses.error)} onRetry={() => void courses.refetch()} />
      ) : courses.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-white/15 px-4 py-8 text-center">
          <p className="font-medium text-ink-100">No courses yet</p>
          <p className="muted mt-1 text-sm">Add your first course so learners can book a session with you.</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3" aria-label="Your courses">
          {courses.data.map((course) => (
            <CourseRow
              key={course.id}
              course={course}
              sharkId={sharkId}
              onEdit={() => openForm(course)}
              onDelete={() => setDeleting(course)}
            />
          ))}
        </ul>
      )}

      <CourseFormDialog open={formOpen} onOpenChange={setFormOpen} course={editing} sharkId={sharkId} />
      <DeleteCourseDialog course={deleting} onClose={() => setDeleting(null)} sharkId={sharkId} />
    </section>
  );
}

function CourseRow({
  course,
  sharkId,
  onEdit,
  onDelete,
}: {
  course: OwnCourse;
  sharkId?: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const toast = useToast();
  const archive = useArchiveCourse(sharkId);
  const archived = course.archived;
  const toggle = (to: 'archive' | 'restore') =>
    archive.mutate(
      { id: course.id, to },
      {
        onSuccess: (r) => toast(r.message, 'success'),
        onError: (err) => toast(errorMessage(err), 'error'),
      },
    );
  return (
    <li className="flex min-w-0 flex-col gap-4 rounded-xl border border-white/10 bg-ink-950/40 p-4 sm:flex-row sm:items-center">
      <div className="h-20 w-full shrink-0 overflow-hidden rounded-lg border border-white/10 bg-ink-800 sm:w-32">
        {course.image ? (
          <img src={course.image} alt="" className="h-full w-full object-cover" />
        ) : (
          <span className="grid h-full place-items-center text-xs text-ink-400">No image</span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold break-words text-ink-100">
          {course.title}
          {/* The space keeps "Archived" a word of its own in the heading's accessible name. */}
          {archived ? ' ' : null}
          {archived ? (
            <span className="ml-1 rounded-full border border-white/15 px-2 py-0.5 align-middle text-xs font-medium text-ink-400">
              Archived
            </span>
          ) : null}
        </h3>
        <p className="mt-1 font-mono text-xs text-accent-300">{course.courseCode}</p>
        <p className="muted mt-1 text-sm">
          {formatRupees(course.price)}/hour · {course.duration} {course.duration === 1 ? 'hour' : 'hours'} ·{' '}
          <span className="text-ink-300">{course.enrolledCount} enrolled</span>
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <button
          type="button"
          className="btn-ghost flex-1 sm:flex-none"
          onClick={onEdit}
          aria-label={`Edit ${course.title}`}
        >
          Edit
        </button>
        {archived ? (
          <button
            type="button"
            className="btn-ghost flex-1 sm:flex-none"
            onClick={() => toggle('restore')}
            disabled={archive.isPending}
            aria-label={`Restore ${course.title}`}
          >
            Restore
          </button>
        ) : course.bookingCount > 0 ? (
          <button
            type="button"
            className="btn-ghost flex-1 sm:flex-none"
            onClick={() => toggle('archive')}
            disabled={archive.isPending}
            aria-label={`Archive ${course.title}`}
          >
            Archive
          </button>
        ) : (
          <button
            type="button"
            className="btn-ghost flex-1 border-danger-400/40 text-danger-400 sm:flex-none"
            onClick={onDelete}
            aria-label={`Delete ${course.title}`}
          >
            Delete
          </button>
        )}
      </div>
    </li>
  );
}

function DeleteCourseDialog({
  course,
  onClose,
  sharkId,
}: {
  course: OwnCourse | null;
  onClose: () => void;
  sharkId?: string;
}) {
  const toast = useToast();
  const remove = useDeleteCourse(sharkId);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    remove.reset();
    onClose();
  };
  const confirm = async () => {
    if (!course) return;
    try {
      await remove.mutateAsync(course.id);
      toast(`Course “${course.title}” deleted.`, 'success');
      close();
    } catch (err) {
      const message = errorMessage(err);
      const text = message.startsWith(COURSE_MSG.deleteFailed)
        ? message
        : `${COURSE_MSG.deleteFailed} ${message}`;
      setError(text);
      toast(text, 'error');
    }
  };
  return (
    <Modal
      open={course !== null}
      onOpenChange={(open) => !open && close()}
      title="Delete this course?"
      description={course ? `“${course.title}” (${course.courseCode}) will be removed for good.` : undefined}
      footer={
        <>
          <ModalClose>Cancel</ModalClose>
          <button
            type="button"
            className="btn-danger"
            onClick={() => void confirm()}
            disabled={remove.isPending}
          >
            {remove.isPending ? 'Deleting…' : 'Delete course'}
          </button>
        </>
      }
    >
      <FormAlert>{error}</FormAlert>
    </Modal>
  );
}
