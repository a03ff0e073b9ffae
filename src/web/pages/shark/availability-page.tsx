// /shark/availability: the shark's time zone, weekly hours, date overrides, buffer, notice, horizon and daily
// cap, whether the calendar is open, and a preview of the slots learners will be offered. An admin picks the
// shark (?sharkId=).
import { paths, ROUTES } from '#shared/routes.ts';
import { AvailabilityEditor } from '#web/features/availability/availability-editor.tsx';
import { WorkspaceShell } from '#web/features/workspace/workspace-shell.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
export default function AvailabilityPage() {
  useDocumentTitle(ROUTES.shark.availability.title);
  return (
    <WorkspaceShell
      title="Availability"
      intro="When learners can book you. Times are wall-clock times in your time zone."
      link={{ to: paths.shark.editProfile, label: 'Edit profile & courses' }}
    >
      {(sharkId) => <AvailabilityEditor key={sharkId ?? 'own'} sharkId={sharkId} />}
    </WorkspaceShell>
  );
}
