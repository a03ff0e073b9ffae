// /shark/availability: the shark's time zone, weekly hours, date overrides, buffer, notice, horizon and daily
// cap, whether the calendar is open, a preview of the slots learners will be offered, and the shark's other
// calendars whose busy times block slots (issue 26). An admin picks the shark (?sharkId=).
import { paths, ROUTES } from '#shared/routes.ts';
import { AvailabilityEditor } from '#web/features/availability/availability-editor.tsx';
import { CalendarSources } from '#web/features/calendar-imports/calendar-sources.tsx';
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
      {(sharkId) => (
        <div className="flex flex-col gap-6">
          <AvailabilityEditor key={sharkId ?? 'own'} sharkId={sharkId} />
          {/* The shark's other calendars are its own secrets: not shown to an admin acting for it. */}
          {sharkId ? null : <CalendarSources />}
        </div>
      )}
    </WorkspaceShell>
  );
}
