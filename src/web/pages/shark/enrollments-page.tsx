// /shark/enrollments: the bookings of the shark's courses grouped (needing an answer, upcoming, past), each
// group a page at a time with its total, each row with its learner's name, email and phone, course, time,
// hours, total and status, opening its session page; then each course's bookings and total. An admin picks
// the shark (?sharkId=).
import { WorkspaceShell } from '#web/features/workspace/workspace-shell.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths, ROUTES } from '#shared/routes.ts';
import { EnrollmentList } from '#web/features/workspace/enrollments.tsx';

export default function EnrollmentsPage() {
  useDocumentTitle(ROUTES.shark.enrollments.title);
  return (
    <WorkspaceShell
      title="Student enrollments"
      intro="Who booked which course: what needs your answer, what is coming, what is past."
      link={{ to: paths.shark.editProfile, label: 'Edit profile & courses' }}
    >
      {(sharkId) => <EnrollmentList sharkId={sharkId} />}
    </WorkspaceShell>
  );
}
