// /services: six services, each with a detail modal (Book a Meeting by email, Close), and the stats.
import { ROUTES } from '#shared/routes.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { Services } from '#web/features/marketing/services.tsx';

export default function ServicesPage() {
  useDocumentTitle(ROUTES.services.title);
  return <Services />;
}
