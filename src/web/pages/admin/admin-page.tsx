// /admin: the company's console. Create shark accounts (sharks never sign up), see every shark with links to the
// pages an admin may open for them, and read shark applications and contact messages.
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Tabs } from 'radix-ui';
import { SPECIALIZATION_LABELS, SPECIALIZATIONS, type Specialization } from '../../../shared/constants';
import { createSharkFormSchema, useAdminSharks, useContactMessages, useCreateSharkAccount, type CreateSharkForm } from '../../api/admin';
import { useSharkApplications } from '../../api/applications';
import { errorMessage } from '../../api/client';
import { TextField } from '../../components/form/field';
import { applyServerErrors, FormAlert } from '../../components/form/form-status';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../paths';

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
const when = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d);
};
const specLabel = (s: string) => (s in SPECIALIZATION_LABELS ? SPECIALIZATION_LABELS[s as Specialization] : s);

const tabClass =
  'rounded-lg px-3 py-2 text-sm font-medium text-ink-300 transition hover:text-ink-100 data-[state=active]:bg-accent-400/15 data-[state=active]:text-accent-300';

export default function AdminPage() {
  useDocumentTitle('Admin console');
  return (
    <div className="container-page py-10 sm:py-14">
      <header>
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Admin</p>
        <h1 className="heading-2 mt-1">Admin console</h1>
        <p className="muted mt-2">Create shark accounts, review applications and read what visitors sent.</p>
      </header>
      <Tabs.Root defaultValue="sharks" className="mt-8">
        <Tabs.List aria-label="Admin sections" className="glass flex w-full gap-1 overflow-x-auto p-1 sm:w-fit">
          <Tabs.Trigger value="sharks" className={tabClass}>
            Sharks
          </Tabs.Trigger>
          <Tabs.Trigger value="applications" className={tabClass}>
            Applications
          </Tabs.Trigger>
          <Tabs.Trigger value="messages" className={tabClass}>
            Contact messages
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="sharks" className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-start">
          <CreateSharkPanel />
          <SharksPanel />
        </Tabs.Content>
        <Tabs.Content value="applications" className="mt-6">
          <ApplicationsPanel />
        </Tabs.Content>
        <Tabs.Content value="messages" className="mt-6">
          <MessagesPanel />
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
  return (
    <div role="alert" className="rounded-xl border border-danger-400/40 bg-danger-400/10 px-4 py-3 text-sm text-danger-400">
      <p>{errorMessage(error)}</p>
      <button type="button" className="btn-ghost mt-3 py-1.5" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

function CreateSharkPanel() {
  const create = useCreateSharkAccount();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; email: string; sharkId: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateSharkForm>({ resolver: zodResolver(createSharkFormSchema), defaultValues: { email: '', name: '', specialization: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setCreated(null);
    try {
      const res = await create.mutateAsync({ email: values.email, name: values.name, specialization: values.specialization || undefined });
      setCreated({ name: values.name.trim(), email: values.email.trim().toLowerCase(), sharkId: res.sharkId });
      toast('Shark account created', 'success');
      reset();
    } catch (err) {
      setFormError(applyServerErrors(err, setError, ['email', 'name', 'specialization']));
    }
  });

  return (
    <Panel title="Create a shark account" id="create-shark-title">
      <p className="muted mb-4 text-sm">The shark gets a verified account with the shark role, an unpublished profile, and a mail with a link to set a password.</p>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        {created ? (
          <FormAlert tone="success">
            <p>
              Shark account created for {created.name} ({created.email}). We mailed them a link to set their password.
            </p>
            <Link to={`${paths.shark.editProfile}?sharkId=${created.sharkId}`} className="mt-1 inline-block text-accent-400 hover:underline">
              Open the new profile
            </Link>
          </FormAlert>
        ) : null}
        <TextField id="shark-email" label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <TextField id="shark-name" label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <div>
          <label htmlFor="shark-specialization" className="label">
            Specialization (optional)
          </label>
          <select id="shark-specialization" className="input" {...register('specialization')}>
            <option value="">Let the shark choose</option>
            {SPECIALIZATIONS.map((s) => (
              <option key={s} value={s}>
                {SPECIALIZATION_LABELS[s]}
              </option>
            ))}
          </select>
          {errors.specialization ? <p className="field-error">{errors.specialization.message}</p> : null}
        </div>
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creating...' : 'Create shark account'}
        </button>
      </form>
    </Panel>
  );
}

function SharksPanel() {
  const sharks = useAdminSharks();
  return (
    <Panel title="Sharks" id="sharks-title">
      {sharks.isPending ? (
        <Spinner label="Loading sharks" />
      ) : sharks.isError ? (
        <LoadFailed error={sharks.error} onRetry={() => void sharks.refetch()} />
      ) : sharks.data.length === 0 ? (
        <p className="muted text-sm">No shark accounts yet. Create the first one with the form.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-white/10" aria-label="Shark accounts">
          {sharks.data.map((s) => (
            <li key={s.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium text-ink-100">
                  {s.name}
                  <span
                    className={`rounded-full border px-2 py-0.5 text-xs ${s.published ? 'border-success-400/40 text-success-400' : 'border-warning-400/40 text-warning-400'}`}
                  >
                    {s.published ? 'Published' : 'Unpublished'}
                  </span>
                </p>
                <p className="muted text-sm break-all">
                  {s.email} · {specLabel(s.specialization)}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Link to={`${paths.shark.editProfile}?sharkId=${s.id}`} className="btn-ghost py-1.5" aria-label={`Edit profile of ${s.name}`}>
                  Edit profile
                </Link>
                <Link to={`${paths.shark.enrollments}?sharkId=${s.id}`} className="btn-ghost py-1.5" aria-label={`Enrollments of ${s.name}`}>
                  Enrollments
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
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
                <span className="font-mono text-xs text-ink-400">{when(a.createdAt)}</span>
              </div>
              <p className="muted text-sm break-all">
                <a href={`mailto:${a.email}`} className="text-accent-400 hover:underline">
                  {a.email}
                </a>
              </p>
              <p className="mt-2 text-sm text-ink-300">
                {specLabel(a.specialization)} · {a.experience} {a.experience === 1 ? 'year' : 'years'} · <span className="capitalize">{a.status}</span>
              </p>
              <p className="mt-2 text-sm whitespace-pre-line text-ink-100">{a.motivation}</p>
              {a.links ? <p className="muted mt-2 text-sm break-all whitespace-pre-line">{a.links}</p> : null}
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
                  <a href={`mailto:${m.email}`} className="text-sm font-normal break-all text-accent-400 hover:underline">
                    {m.email}
                  </a>
                </p>
                <span className="font-mono text-xs text-ink-400">{when(m.createdAt)}</span>
              </div>
              <p className="mt-2 text-sm whitespace-pre-line text-ink-100">{m.message}</p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
