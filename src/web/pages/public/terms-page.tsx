// /terms: the terms of use in plain language.
import { TERMS } from '#shared/legal.ts';
import { ROUTES } from '#shared/routes.ts';
import { LegalDocumentView } from '#web/features/legal/legal-document.tsx';

export default function TermsPage() {
  return <LegalDocumentView doc={TERMS} title={ROUTES.terms.title} />;
}
