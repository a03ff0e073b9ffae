// /freelancer/client-requests: the spec's "client requests area" (issue 27): invitations, open requests in the
// freelancer's services, and its proposals.
import { ClientRequestsArea } from '#web/features/proposals/client-requests-area.tsx';
import { MyEngagements } from '#web/features/engagements/engagement-view.tsx';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { ROUTES } from '#shared/routes.ts';

export default function ClientRequestsPage() {
  useDocumentTitle(ROUTES.freelancer.clientRequests.title);
  return (
    <div className="container-page flex flex-col gap-8 py-10 sm:py-14">
      <header>
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Freelancer</p>
        <h1 className="heading-2 mt-2">Client requests</h1>
      </header>
      <MyEngagements title="Your engagements" role="freelancer" />
      <ClientRequestsArea />
    </div>
  );
}
