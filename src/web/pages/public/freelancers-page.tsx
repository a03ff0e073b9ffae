// /freelancers: the directory of published freelancers, or the spec's coming-soon page while none is published
// (issue 27).
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { ROUTES } from '#shared/routes.ts';
import { FreelancersDirectory } from '#web/features/freelancers/freelancers-directory.tsx';

export default function FreelancersPage() {
  useDocumentTitle(ROUTES.freelancers.list.title);
  return <FreelancersDirectory />;
}
