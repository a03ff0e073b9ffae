// /sessions/:id: one booking's page for its learner, its shark and admins (issue 13). Built out by the
// session-page work: status, timeline, actions, meeting link, brief, notes and the message thread.
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { ROUTES } from '#shared/routes.ts';

export default function SessionPage() {
  useDocumentTitle(ROUTES.sessions.detail.title);
  return (
    <div className="container-page py-10">
      <h1 className="heading-2">Session</h1>
    </div>
  );
}
