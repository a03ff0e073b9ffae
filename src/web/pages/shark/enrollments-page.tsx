// /shark/enrollments: per course, each student's name, hours, preferred date and time, email and phone,
// newest booking first, with the course's total. An admin picks the shark (?sharkId=).
import { Link } from 'react-router';
import type { CourseEnrollments } from '#shared/workspace.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useEnrollments, withSharkId } from '#web/features/workspace/api.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';
import { formatDate, formatRupees } from '#web/lib/format.ts';
import { WorkspaceShell } from '#web/features/workspace/workspace-shell.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths, ROUTES } from '#shared/routes.ts';

export default function EnrollmentsPage() {
  useDocumentTitle(ROUTES.shark.enrollments.title);
  return (
    <WorkspaceShell
      title="Student enrollments"
      intro="Who booked which course, newest first."
      link={{ to: paths.shark.editProfile, label: 'Edit profile & courses' }}
    >
      {(sharkId) => <EnrollmentList sharkId={sharkId} />}
    </WorkspaceShell>
  );
}

function EnrollmentList({ sharkId }: { sharkId?: string }) {
  const enrollments = useEnrollments(sharkId);
  if (enrollments.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-label="Loading enrollments">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (enrollments.isError)
    return (
      <ErrorState message={errorMessage(enrollments.error)} onRetry={() => void enrollments.refetch()} />
    );
  const { courses } = enrollments.data;
  if (courses.length === 0) {
    return (
      <div className="glass px-6 py-10 text-center">
        <h2 className="text-xl font-semibold text-ink-100">No courses yet</h2>
        <p className="muted mt-2 text-sm">Students appear here once learners book your courses.</p>
        <Link className="btn-primary mt-4" to={withSharkId(paths.shark.editProfile, sharkId)}>
          Add a course
        </Link>
      </div>
    );
  }
  return (
    <div className="grid gap-5">
      {courses.map((course) => (
        <CourseStudents key={course.courseId} course={course} />
      ))}
    </div>
  );
}

function CourseStudents({ course }: { course: CourseEnrollments }) {
  const titleId = `course-${course.courseId}`;
  return (
    <section aria-labelledby={titleId} className="glass p-5 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold text-ink-100">
            {course.title}
          </h2>
          <p className="font-mono text-xs text-accent-300">{course.courseCode}</p>
        </div>
        <p className="text-sm text-ink-300">
          {course.bookingCount} {course.bookingCount === 1 ? 'booking' : 'bookings'} ·{' '}
          <span className="font-semibold text-ink-100">{formatRupees(course.totalRupees)}</span>
        </p>
      </div>
      {course.students.length === 0 ? (
        <p className="muted mt-3 text-sm">
          No students yet. Share your profile so learners can book this course.
        </p>
      ) : (
        <>
          {/* Phones: one card per student. Wider screens: a table. */}
          <ul className="mt-4 grid gap-3 md:hidden" aria-label={`Students of ${course.title}`}>
            {course.students.map((s) => (
              <li key={s.id} className="rounded-xl border border-white/10 bg-ink-950/40 p-3 text-sm">
                <p className="font-medium text-ink-100">{s.name}</p>
                <p className="text-ink-300">
                  {formatDate(s.preferredDate)} · {s.preferredTime} · {s.hours}{' '}
                  {s.hours === 1 ? 'hour' : 'hours'}
                </p>
                <p className="mt-1 break-all">
                  <a className="text-accent-300" href={`mailto:${s.email}`}>
                    {s.email}
                  </a>
                </p>
                <p>
                  <a className="text-accent-300" href={`tel:${s.phone.replace(/\s+/g, '')}`}>
                    {s.phone}
                  </a>
                </p>
              </li>
            ))}
          </ul>
          <div className="mt-4 hidden overflow-x-auto md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Students of {course.title}</caption>
              <thead className="text-xs tracking-wide text-ink-400 uppercase">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Name
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Hours
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Date
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Time
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Email
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Phone
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-white/10">
                {course.students.map((s) => (
                  <tr key={s.id}>
                    <td className="py-2.5 pr-4 font-medium text-ink-100">{s.name}</td>
                    <td className="py-2.5 pr-4">{s.hours}</td>
                    <td className="py-2.5 pr-4 whitespace-nowrap">{formatDate(s.preferredDate)}</td>
                    <td className="py-2.5 pr-4">{s.preferredTime}</td>
                    <td className="py-2.5 pr-4">
                      <a className="text-accent-300 hover:text-accent-400" href={`mailto:${s.email}`}>
                        {s.email}
                      </a>
                    </td>
                    <td className="py-2.5 whitespace-nowrap">
                      <a
                        className="text-accent-300 hover:text-accent-400"
                        href={`tel:${s.phone.replace(/\s+/g, '')}`}
                      >
                        {s.phone}
                      </a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
