// The shark's courses on the edit-profile page: each with its code, price, duration and enrolled count;
// create and edit in a dialog; delete after a confirmation, or (a course with bookings) archive and restore.
import { useEffect, useRef, useState } from 'react';
import type { OwnCourse } from '#shared/courses.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useArchiveCourse, useDeleteCourse, useOwnCourses } from './api';
import { ErrorState } from '#web/components/error-state.tsx';
import { FormAlert } from '#web/components/form/form-status.tsx';
import { Modal, ModalClose } from '#web/components/modal.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { useToast } from '#web/components/toast.tsx';
import { CourseFormDialog } from './course-form';
import { COURSE_MSG } from '#shared/courses.ts';
import { formatPaise } from '#shared/money.ts';

export function CourseManager({ sharkId, canAdd }: { sharkId?: string; canAdd: boolean }) {
  const courses = useOwnCourses(sharkId);
  const [editing, setEditing] = useState<OwnCourse | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<OwnCourse | null>(null);
  // After a delete the row (and its Delete button, which opened the dialog) goes away once the list reloads:
  // focus then moves to the course that took its place, the one before it, or "Add course" when none is left.
  const [deleted, setDeleted] = useState<{ id: string; index: number } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const focusAfterDelete = (index: number) => courseControlAt(listRef.current, index) ?? addRef.current;
  useEffect(() => {
    if (!deleted || courses.data?.some((c) => c.id === deleted.id)) return;
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected)
      (courseControlAt(listRef.current, deleted.index) ?? addRef.current)?.focus();
    setDeleted(null);
  }, [courses.data, deleted]);

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
        <button
          ref={addRef}
          type="button"
          className="btn-primary"
          onClick={() => openForm(null)}
          disabled={!canAdd}
        >
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
        <ul ref={listRef} className="grid grid-cols-1 gap-3" aria-label="Your courses">
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
      <DeleteCourseDialog
        course={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(id) => setDeleted({ id, index: courses.data?.findIndex((c) => c.id === id) ?? 0 })}
        returnFocus={() => focusAfterDelete(deleted?.index ?? 0)}
        sharkId={sharkId}
      />
    </section>
  );
}

/** The first button of the course row at `index` (or the last row, when the list got shorter). */
function courseControlAt(list: HTMLUListElement | null, index: number): HTMLElement | null {
  const rows = list?.querySelectorAll<HTMLElement>('li[data-course-id]') ?? [];
  const row = rows[Math.min(index, rows.length - 1)];
  return row?.querySelector<HTMLElement>('button:not([disabled])') ?? null;
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
    <li
      data-course-id={course.id}
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-white/10 bg-ink-950/40 p-4 sm:flex-row sm:items-center"
    >
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
          {formatPaise(course.pricePaise)}/hour · {course.duration} {course.duration === 1 ? 'hour' : 'hours'}{' '}
          · <span className="text-ink-300">{course.enrolledCount} enrolled</span>
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
  onDeleted,
  returnFocus,
  sharkId,
}: {
  course: OwnCourse | null;
  onClose: () => void;
  onDeleted: (id: string) => void;
  returnFocus: () => HTMLElement | null | undefined;
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
      onDeleted(course.id);
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
      returnFocus={returnFocus}
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
