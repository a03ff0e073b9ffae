// /cookies: the one cookie we set, and the ones we do not.
import { COOKIES } from '#shared/legal.ts';
import { ROUTES } from '#shared/routes.ts';
import { LegalDocumentView } from '#web/features/legal/legal-document.tsx';

export default function CookiesPage() {
  return <LegalDocumentView doc={COOKIES} title={ROUTES.cookies.title} />;
}
