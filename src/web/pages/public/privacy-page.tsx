// /privacy: what personal data we collect, why, for how long, and a user's rights (DPDP Act 2023).
import { PRIVACY } from '#shared/legal.ts';
import { ROUTES } from '#shared/routes.ts';
import { LegalDocumentView } from '#web/features/legal/legal-document.tsx';

export default function PrivacyPage() {
  return <LegalDocumentView doc={PRIVACY} title={ROUTES.privacy.title} />;
}
