// /sessions/:id: one booking's page for its learner, its shark and admins (issue 13). Anyone else gets the
// API's 404, shown as "Session not found." with a way back.
import { SessionDetail } from '#web/features/sessions/session-detail.tsx';

export default function SessionPage() {
  return <SessionDetail />;
}
