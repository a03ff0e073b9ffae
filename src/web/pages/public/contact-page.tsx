// /contact: the contact form (stored on the server) and the company's email, phone and location.
import { ROUTES } from '#shared/routes.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { ContactForm } from '#web/features/contact/contact-form.tsx';

export default function ContactPage() {
  useDocumentTitle(ROUTES.contact.title);
  return <ContactForm />;
}
