// Shown at /contact: the contact form (stored on the server) and the company's email, phone and location.
import { useEffect, useState, type ReactNode } from 'react';
import { COMPANY, CONTACT_SUCCESS_HIDE_MS } from '#shared/constants.ts';
import { contactSchema, type ContactInput } from '#shared/contact.ts';
import { useSendContactMessage } from '#web/features/contact/api.ts';
import { TextAreaField, TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { Icon, type IconName } from '#web/components/icon.tsx';

const FIELDS = ['name', 'email', 'message'] as const;

export function ContactForm() {
  const send = useSendContactMessage();
  const [success, setSuccess] = useState<string | null>(null);
  // Field messages from the server go beside their fields; anything else above the button.
  const form = useApiForm<ContactInput>({
    schema: contactSchema,
    defaultValues: { name: '', email: '', message: '' },
    fields: FIELDS,
    onSubmit: async (values) => {
      setSuccess(null);
      const res = await send.mutateAsync(values);
      form.reset();
      setSuccess(res.message);
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  // The spec hides the success message after 5 s.
  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(null), CONTACT_SUCCESS_HIDE_MS);
    return () => clearTimeout(timer);
  }, [success]);

  return (
    <div className="container-page flex flex-col gap-10 py-10 sm:py-14">
      <header className="max-w-3xl">
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Contact</p>
        <h1 className="heading-1 mt-2">Talk to our team</h1>
        <p className="muted mt-3 text-lg">
          Questions about a service, a shark or a course? Send us a message and we will get back to you within
          24 hours.
        </p>
      </header>

      <ul className="grid gap-4 sm:grid-cols-3">
        <ContactTile icon="mail" title="Email">
          <a href={`mailto:${COMPANY.email}`} className="break-all text-accent-300 hover:underline">
            {COMPANY.email}
          </a>
        </ContactTile>
        <ContactTile icon="phone" title="Phone">
          <a href={`tel:${COMPANY.phone.replace(/\s/g, '')}`} className="text-accent-300 hover:underline">
            {COMPANY.phone}
          </a>
        </ContactTile>
        <ContactTile icon="pin" title="Location">
          <span className="text-ink-100">{COMPANY.location}</span>
        </ContactTile>
      </ul>

      <Form
        form={form}
        aria-labelledby="contact-form-heading"
        className="glass mx-auto flex w-full max-w-2xl flex-col gap-5 p-6 sm:p-8"
      >
        <h2 id="contact-form-heading" className="text-xl font-semibold">
          Send us a message
        </h2>
        <TextField
          id="contact-name"
          label="Name"
          inputClassName="input scroll-mt-28"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          id="contact-email"
          label="Email"
          type="email"
          inputClassName="input scroll-mt-28"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextAreaField
          id="contact-message"
          label="Message"
          rows={6}
          inputClassName="input scroll-mt-28 resize-y"
          error={errors.message?.message}
          {...register('message')}
        />
        <FormAlert>{form.formError}</FormAlert>
        <div aria-live="polite">
          <FormAlert tone="success">{success}</FormAlert>
        </div>
        <SubmitButton
          className="btn-primary w-full sm:w-fit"
          pending={isSubmitting}
          pendingLabel="Sending..."
        >
          Send Message
        </SubmitButton>
      </Form>
    </div>
  );
}

function ContactTile({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <li className="glass flex items-start gap-4 p-5">
      <span
        aria-hidden="true"
        className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-accent-400/10 text-accent-300"
      >
        <Icon name={icon} size={20} />
      </span>
      <div className="min-w-0">
        <h2 className="text-sm font-medium text-ink-400">{title}</h2>
        <p className="mt-0.5 text-sm">{children}</p>
      </div>
    </li>
  );
}
