// /subscriptions: the plans we intend to offer, clearly marked coming soon. Nothing can be bought here.
import { ROUTES } from '#shared/routes.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { Subscriptions } from '#web/features/marketing/subscriptions.tsx';

export default function SubscriptionsPage() {
  useDocumentTitle(ROUTES.subscriptions.title);
  return <Subscriptions />;
}
