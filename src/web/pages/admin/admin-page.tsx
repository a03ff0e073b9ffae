// /admin: the company's console. Create shark accounts (sharks never sign up), see every shark with links to the
// pages an admin may open for them, and read shark applications and contact messages.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Tabs } from 'radix-ui';
import { SPECIALIZATION_LABELS, SPECIALIZATIONS, type Specialization } from '#shared/constants.ts';
import { z } from 'zod';
import { createSharkSchema } from '#shared/admin.ts';
import { useContactMessages, useCreateSharkAccount } from '#web/features/admin/api.ts';
import { withSharkId } from '#web/features/acting-shark/acting-shark.ts';
import { useSharkApplications } from '#web/features/admin/api.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { ErrorState } from '#web/components/error-state.tsx';
import { SelectField, TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { MailLogPanel } from '#web/features/admin/mail-log.tsx';
import { ReportedReviewsPanel } from '#web/features/reviews/reported-reviews.tsx';
import {
  AccountsPanel,
  ApplicationActions,
  AuditLogPanel,
  CredentialQueuePanel,
  SessionsPanel,
  SharksStatePanel,
} from '#web/features/admin/console-panels.tsx';
import { Spinner } from '#web/components/spinner.tsx';
import { useToast } from '#web/components/toast.tsx';
import { formatDateTime, formatYears } from '#web/lib/format.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { paths, ROUTES } from '#shared/routes.ts';

/** The create form: the API's schema, plus '' for "let the shark choose" in the select. */
const createSharkFormSchema = createSharkSchema.extend({
  specialization: z.enum([...SPECIALIZATIONS, '']).optional(),
});
type CreateSharkForm = z.input<typeof createSharkFormSchema>;

const specLabel = (s: string) =>
  s in SPECIALIZATION_LABELS ? SPECIALIZATION_LABELS[s as Specialization] : s;

const tabClass =
  'rounded-lg px-3 py-2 text-sm font-medium text-ink-300 transition hover:text-ink-100 data-[state=active]:bg-accent-400/15 data-[state=active]:text-accent-300';

export default function AdminPage() {
  useDocumentTitle(ROUTES.admin.title);
  return (
    <div className="container-page py-10 sm:py-14">
      <header>
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Admin</p>
        <h1 className="heading-2 mt-1">Admin console</h1>
        <p className="muted mt-2">
          Run the marketplace: applications, sharks, accounts, sessions, credentials, reviews, mail and the
          audit log.
        </p>
      </header>
      <Tabs.Root defaultValue="sharks" className="mt-8">
        <Tabs.List
          aria-label="Admin sections"
          className="glass flex w-full gap-1 overflow-x-auto p-1 sm:w-fit"
        >
          <Tabs.Trigger value="sharks" className={tabClass}>
            Sharks
          </Tabs.Trigger>
          <Tabs.Trigger value="applications" className={tabClass}>
            Applications
          </Tabs.Trigger>
          <Tabs.Trigger value="accounts" className={tabClass}>
            Accounts
          </Tabs.Trigger>
          <Tabs.Trigger value="sessions" className={tabClass}>
            Sessions
          </Tabs.Trigger>
          <Tabs.Trigger value="credentials" className={tabClass}>
            Credentials
          </Tabs.Trigger>
          <Tabs.Trigger value="reviews" className={tabClass}>
            Reviews
          </Tabs.Trigger>
          <Tabs.Trigger value="messages" className={tabClass}>
            Contact messages
          </Tabs.Trigger>
          <Tabs.Trigger value="mail" className={tabClass}>
            Mail
          </Tabs.Trigger>
          <Tabs.Trigger value="audit" className={tabClass}>
            Audit log
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content
          value="sharks"
          className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start"
        >
          <CreateSharkPanel />
          <SharksStatePanel />
        </Tabs.Content>
        <Tabs.Content value="applications" className="mt-6">
          <ApplicationsPanel />
        </Tabs.Content>
        <Tabs.Content value="accounts" className="mt-6">
          <AccountsPanel />
        </Tabs.Content>
        <Tabs.Content value="sessions" className="mt-6">
          <SessionsPanel />
        </Tabs.Content>
        <Tabs.Content value="credentials" className="mt-6">
          <CredentialQueuePanel />
        </Tabs.Content>
        <Tabs.Content value="reviews" className="mt-6">
          <ReportedReviewsPanel />
        </Tabs.Content>
        <Tabs.Content value="messages" className="mt-6">
          <MessagesPanel />
        </Tabs.Content>
        <Tabs.Content value="mail" className="mt-6">
          <MailLogPanel />
        </Tabs.Content>
        <Tabs.Content value="audit" className="mt-6">
          <AuditLogPanel />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

function Panel({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="glass p-5 sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-ink-100">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <ErrorState message={errorMessage(error)} onRetry={onRetry} />;
}

function CreateSharkPanel() {
  const create = useCreateSharkAccount();
  const toast = useToast();
  const [created, setCreated] = useState<{ name: string; email: string; sharkId: string } | null>(null);
  const form = useApiForm<CreateSharkForm>({
    schema: createSharkFormSchema,
    defaultValues: { email: '', name: '', specialization: '' },
    fields: ['email', 'name', 'specialization'],
    onSubmit: async (values) => {
      setCreated(null);
      const res = await create.mutateAsync({
        email: values.email,
        name: values.name,
        specialization: values.specialization || undefined,
      });
      setCreated({
        name: values.name.trim(),
        email: values.email.trim().toLowerCase(),
        sharkId: res.sharkId,
      });
      toast('Shark account created', 'success');
      form.reset();
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <Panel title="Create a shark account" id="create-shark-title">
      <p className="muted mb-4 text-sm">
        The shark gets a verified account with the shark role, an unpublished profile, and a mail with a link
        to set a password.
      </p>
      <Form form={form} className="flex flex-col gap-4">
        <FormAlert>{form.formError}</FormAlert>
        {created ? (
          <FormAlert tone="success">
            <p>
              Shark account created for {created.name} ({created.email}). We mailed them a link to set their
              password.
            </p>
            <Link
              to={withSharkId(paths.shark.editProfile, created.sharkId)}
              className="mt-1 inline-block text-accent-400 hover:underline"
            >
              Open the new profile
            </Link>
          </FormAlert>
        ) : null}
        <TextField
          id="shark-email"
          label="Email"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          id="shark-name"
          label="Name"
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <SelectField
          id="shark-specialization"
          label="Specialization (optional)"
          error={errors.specialization?.message}
          {...register('specialization')}
        >
          <option value="">Let the shark choose</option>
          {SPECIALIZATIONS.map((s) => (
            <option key={s} value={s}>
              {SPECIALIZATION_LABELS[s]}
            </option>
          ))}
        </SelectField>
        <SubmitButton className="btn-primary w-full" pending={isSubmitting} pendingLabel="Creating...">
          Create shark account
        </SubmitButton>
      </Form>
    </Panel>
  );
}

function ApplicationsPanel() {
  const apps = useSharkApplications();
  return (
    <Panel title="Shark applications" id="applications-title">
      {apps.isPending ? (
        <Spinner label="Loading applications" />
      ) : apps.isError ? (
        <LoadFailed error={apps.error} onRetry={() => void apps.refetch()} />
      ) : apps.data.length === 0 ? (
        <p className="muted text-sm">No applications yet. Visitors apply at “Be a Shark”.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Applications">
          {apps.data.map((a) => (
            <li key={a.id} className="rounded-xl border border-white/10 bg-ink-950/40 p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium text-ink-100">{a.name}</p>
                <span className="font-mono text-xs text-ink-400">{formatDateTime(a.createdAt)}</span>
              </div>
              <p className="muted text-sm wrap-anywhere">
                <a href={`mailto:${a.email}`} className="text-accent-400 hover:underline">
                  {a.email}
                </a>
              </p>
              <p className="mt-2 text-sm text-ink-300">
                {specLabel(a.specialization)} · {formatYears(a.experience)}
              </p>
              <p className="mt-2 text-sm whitespace-pre-line text-ink-100">{a.motivation}</p>
              {a.links ? (
                <p className="muted mt-2 text-sm wrap-anywhere whitespace-pre-line">{a.links}</p>
              ) : null}
              <ApplicationActions application={a} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function MessagesPanel() {
  const messages = useContactMessages();
  return (
    <Panel title="Contact messages" id="messages-title">
      {messages.isPending ? (
        <Spinner label="Loading messages" />
      ) : messages.isError ? (
        <LoadFailed error={messages.error} onRetry={() => void messages.refetch()} />
      ) : messages.data.length === 0 ? (
        <p className="muted text-sm">No messages yet. They arrive from the contact page.</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Messages">
          {messages.data.map((m) => (
            <li key={m.id} className="rounded-xl border border-white/10 bg-ink-950/40 p-4">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium text-ink-100">
                  {m.name}{' '}
                  <a
                    href={`mailto:${m.email}`}
                    className="text-sm font-normal break-all text-accent-400 hover:underline"
                  >
                    {m.email}
                  </a>
                </p>
                <span className="font-mono text-xs text-ink-400">{formatDateTime(m.createdAt)}</span>
              </div>
              <p className="mt-2 text-sm whitespace-pre-line text-ink-100">{m.message}</p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
