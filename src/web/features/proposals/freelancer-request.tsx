// One client request as a freelancer sees it (issue 27): until it accepts a required NDA only the title, service,
// budget and deadline; then the scope, and its proposal: sent, edited until shortlisted, withdrawn.
import { useId } from 'react';
import { useFieldArray, type Path } from 'react-hook-form';
import { ASSET_TYPE_LABELS, type FreelancerRequest } from '#shared/client-requests.ts';
import {
  proposalFormSchema,
  type OwnProposal,
  type ProposalData,
  type ProposalFormInput,
} from '#shared/proposals.ts';
import { SECURITY_SERVICE_LABELS } from '#shared/security-services.ts';
import { FieldError, TextAreaField, TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { useToast } from '#web/components/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDate, formatDateTime } from '#web/lib/format.ts';
import { useAcceptNda, useEditProposal, useProposalAction, useSendProposal } from './api';
import { ProposalStatusBadge } from './proposals-comparison';
import { ProposalThread } from './proposal-thread';
import { formatPaise, paiseToRupees } from '#shared/money.ts';

export function FreelancerRequestView({
  request: r,
  proposal,
}: {
  request: FreelancerRequest;
  proposal: OwnProposal | null;
}) {
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">
          {SECURITY_SERVICE_LABELS[r.service]}
        </p>
        <h1 className="heading-2">{r.title}</h1>
        <p className="muted text-sm">
          {[
            `From ${r.clientName}`,
            r.budgetMinPaise === r.budgetMaxPaise
              ? formatPaise(r.budgetMinPaise)
              : `${formatPaise(r.budgetMinPaise)} – ${formatPaise(r.budgetMaxPaise)}`,
            `Proposals by ${formatDate(r.deadline)}`,
            r.invited ? 'You are invited' : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </header>
      {r.scope ? <Scope request={r} /> : <NdaGate request={r} />}
      {proposal ? (
        <OwnProposalPanel proposal={proposal} requestOpen={r.status === 'open'} />
      ) : r.scope && r.status === 'open' ? (
        <ProposalForm requestId={r.id} />
      ) : r.status !== 'open' ? (
        <p className="muted text-sm">This request is not open for proposals.</p>
      ) : null}
    </div>
  );
}

function Scope({ request: r }: { request: FreelancerRequest }) {
  const s = r.scope!;
  return (
    <section aria-label="Scope" className="glass flex flex-col gap-3 p-5 text-sm">
      {r.ndaAcceptedAt ? (
        <p className="text-xs text-success-400">You accepted the NDA on {formatDateTime(r.ndaAcceptedAt)}.</p>
      ) : null}
      <p className="text-ink-100">
        Testing window: {formatDate(s.windowFrom)} – {formatDate(s.windowTo)}
      </p>
      {s.description ? <p className="whitespace-pre-line text-ink-300">{s.description}</p> : null}
      <ul className="flex flex-col gap-1">
        {s.assets.map((a, i) => (
          <li key={i} className="flex flex-wrap gap-2">
            <span className={a.inScope ? 'text-success-400' : 'text-danger-400'}>
              {a.inScope ? 'In scope' : 'Out of scope'}
            </span>
            <span className="text-ink-300">{ASSET_TYPE_LABELS[a.type]}</span>
            <span className="font-mono text-xs wrap-anywhere text-ink-100">{a.identifier}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function NdaGate({ request: r }: { request: FreelancerRequest }) {
  const accept = useAcceptNda(r.id);
  const toast = useToast();
  return (
    <section aria-labelledby="nda-title" className="glass flex flex-col gap-3 p-5">
      <h2 id="nda-title" className="font-semibold text-ink-100">
        This client asks for an NDA
      </h2>
      <p className="text-sm text-ink-300">{r.ndaTerms}</p>
      <p className="muted text-sm">
        The scope is shown once you accept. Your acceptance is recorded with its time.
      </p>
      <div>
        <button
          type="button"
          className="btn-primary"
          disabled={accept.isPending}
          onClick={() =>
            accept.mutate(undefined, {
              onSuccess: (res) => toast(res.message, 'success'),
              onError: (err) => toast(errorMessage(err), 'error'),
            })
          }
        >
          Accept the NDA
        </button>
      </div>
    </section>
  );
}

const FIELDS = [
  'price',
  'days',
  'approach',
  'milestones',
  ...Array.from({ length: 10 }, (_, i) => [`milestones.${i}.title`, `milestones.${i}.amount`]).flat(),
] as Path<ProposalFormInput>[];

/** The API's money fields in paise, each beside its rupee input (decision 210). */
const ALIASES = {
  pricePaise: 'price',
  ...Object.fromEntries(
    Array.from({ length: 10 }, (_, i) => [`milestones.${i}.amountPaise`, `milestones.${i}.amount`]),
  ),
} as Partial<Record<string, Path<ProposalFormInput>>>;

function ProposalForm({ requestId, proposal }: { requestId: string; proposal?: OwnProposal }) {
  const id = useId();
  const send = useSendProposal(requestId);
  const edit = useEditProposal();
  const toast = useToast();
  const form = useApiForm<ProposalFormInput, ProposalData>({
    // Rupees typed, paise sent (decision 210).
    schema: proposalFormSchema,
    defaultValues: proposal
      ? {
          price: paiseToRupees(proposal.pricePaise),
          days: proposal.days,
          approach: proposal.approach,
          milestones: proposal.milestones.map((m) => ({
            title: m.title,
            amount: paiseToRupees(m.amountPaise),
          })),
        }
      : { approach: '', milestones: [{ title: '', amount: '' }] },
    fields: FIELDS,
    aliases: ALIASES,
    onSubmit: async (values) => {
      const res = proposal
        ? await edit.mutateAsync({ id: proposal.id, body: values })
        : await send.mutateAsync(values);
      toast(res.message, 'success');
    },
  });
  const { register, formState, control } = form;
  const milestones = useFieldArray({ control, name: 'milestones' });
  const e = formState.errors;
  return (
    <section aria-labelledby={`${id}-title`} className="glass p-5 sm:p-6">
      <h2 id={`${id}-title`} className="mb-4 text-lg font-semibold text-ink-100">
        {proposal ? 'Edit your proposal' : 'Send a proposal'}
      </h2>
      <Form form={form} className="flex flex-col gap-4">
        <FormAlert>{form.formError}</FormAlert>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={`${id}-price`}
            label="Price (₹)"
            type="number"
            inputMode="numeric"
            min={1}
            error={e.price?.message}
            {...register('price')}
          />
          <TextField
            id={`${id}-days`}
            label="Days of work"
            type="number"
            inputMode="numeric"
            min={1}
            error={e.days?.message}
            {...register('days', { valueAsNumber: true })}
          />
        </div>
        <TextAreaField
          id={`${id}-approach`}
          label="Approach"
          hint="How you will test, what you will deliver, your experience with this kind of scope."
          error={e.approach?.message}
          {...register('approach')}
        />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 font-semibold text-ink-100">Milestones</legend>
          <p className="muted -mt-1 text-sm">Their amounts add up to your price.</p>
          <ol className="flex flex-col gap-3">
            {milestones.fields.map((field, i) => (
              <li
                key={field.id}
                className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-start"
              >
                <TextField
                  id={`${id}-m${i}-title`}
                  label={`Milestone ${i + 1}`}
                  error={e.milestones?.[i]?.title?.message}
                  {...register(`milestones.${i}.title`)}
                />
                <TextField
                  id={`${id}-m${i}-amount`}
                  label={`Amount ${i + 1} (₹)`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  error={e.milestones?.[i]?.amount?.message}
                  {...register(`milestones.${i}.amount`)}
                />
                <button
                  type="button"
                  className="btn-ghost self-end py-2"
                  aria-label={`Remove milestone ${i + 1}`}
                  disabled={milestones.fields.length === 1}
                  onClick={() => milestones.remove(i)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ol>
          <FieldError message={e.milestones?.message ?? e.milestones?.root?.message} />
          <div>
            <button
              type="button"
              className="btn-ghost"
              disabled={milestones.fields.length >= 10}
              onClick={() => milestones.append({ title: '', amount: '' })}
            >
              Add a milestone
            </button>
          </div>
        </fieldset>
        <div>
          <SubmitButton pending={formState.isSubmitting} pendingLabel="Sending...">
            {proposal ? 'Save proposal' : 'Send proposal'}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function OwnProposalPanel({ proposal: p, requestOpen }: { proposal: OwnProposal; requestOpen: boolean }) {
  const action = useProposalAction();
  const toast = useToast();
  const live = p.status === 'submitted' || p.status === 'shortlisted';
  return (
    <div className="flex flex-col gap-4">
      <section aria-label="Your proposal" className="glass flex flex-col gap-3 p-5 text-sm">
        <p className="flex flex-wrap items-center gap-2 text-ink-100">
          <span className="font-semibold">Your proposal</span> <ProposalStatusBadge status={p.status} />
        </p>
        <p className="text-ink-100">
          {formatPaise(p.pricePaise)} · {p.days} day{p.days === 1 ? '' : 's'}
        </p>
        <ol className="flex flex-col gap-1">
          {p.milestones.map((m, i) => (
            <li key={i} className="flex justify-between gap-3 text-ink-300">
              <span>
                {i + 1}. {m.title}
              </span>
              <span className="tabular-nums">{formatPaise(m.amountPaise)}</span>
            </li>
          ))}
        </ol>
        {live ? (
          <div>
            <button
              type="button"
              className="btn-ghost"
              disabled={action.isPending}
              onClick={() =>
                action.mutate(
                  { id: p.id, action: 'withdraw' },
                  {
                    onSuccess: (r) => toast(r.message, 'success'),
                    onError: (err) => toast(errorMessage(err), 'error'),
                  },
                )
              }
            >
              Withdraw proposal
            </button>
          </div>
        ) : null}
        {p.status === 'shortlisted' || p.status === 'accepted' ? (
          <ProposalThread proposalId={p.id} with="the client" />
        ) : null}
      </section>
      {p.status === 'submitted' && requestOpen ? <ProposalForm requestId={p.requestId} proposal={p} /> : null}
    </div>
  );
}
