// The milestones' money on the engagement page (issue 27, decisions 176-179): the client funds a milestone
// through the payments' checkout (Razorpay, or the test gateway's page in test mode), the freelancer marks it
// delivered, the client approves or asks for changes, either party opens a dispute. Only the moves the server's
// table allows the viewer now are offered; the server checks everything again.
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  MILESTONE_MSG,
  MILESTONE_STATUS_LABELS,
  type Engagement,
  type EngagementMilestone,
  type MilestoneCheckout,
} from '#shared/engagements.ts';
import type { CheckoutCallback } from '#shared/payments.ts';
import { paths } from '#shared/routes.ts';
import { FieldError } from '#web/components/form/field.tsx';
import { useToast } from '#web/components/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { openRazorpay, readCheckoutResult } from '#web/lib/razorpay.ts';
import {
  useAbandonMilestoneCheckout,
  useConfirmMilestoneCheckout,
  useMilestoneMove,
  useOpenMilestoneCheckout,
} from './milestone-api';
import { formatPaise } from '#shared/money.ts';

type Outcome = { tone: 'success' | 'error'; message: string };

export function MilestonePayments({ engagement: e }: { engagement: Engagement }) {
  const [params, setParams] = useSearchParams();
  const confirm = useConfirmMilestoneCheckout(e.id);
  const abandon = useAbandonMilestoneCheckout(e.id);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const handled = useRef(false);

  const finish = async (milestoneId: string, answer: CheckoutCallback | 'closed' | 'failed') => {
    try {
      const res =
        answer === 'closed' || answer === 'failed'
          ? await abandon.mutateAsync({ milestoneId, outcome: answer })
          : await confirm.mutateAsync({ milestoneId, callback: answer });
      const paid = res.message === MILESTONE_MSG.funded;
      setOutcome({ tone: paid || answer === 'closed' ? 'success' : 'error', message: res.message });
    } catch (err) {
      setOutcome({ tone: 'error', message: errorMessage(err) });
    }
  };

  // The test checkout's answer comes back in the URL: used once, then dropped (a reload must not post it again).
  useEffect(() => {
    const milestoneId = params.get('milestone');
    const result = readCheckoutResult(params.get('result'));
    if (!milestoneId || !result || handled.current) return;
    handled.current = true;
    void finish(milestoneId, result).then(() => setParams({}, { replace: true }));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section aria-labelledby="milestone-payments-title" className="flex flex-col gap-3">
      <h2 id="milestone-payments-title" className="heading-3">
        Milestones
      </h2>
      {outcome ? (
        <p
          role={outcome.tone === 'error' ? 'alert' : 'status'}
          className={outcome.tone === 'success' ? 'text-success-400' : 'text-danger-400'}
          data-testid="milestone-outcome"
        >
          {outcome.message}
        </p>
      ) : null}
      <ol className="flex flex-col gap-3">
        {e.milestones.map((m) => (
          <MilestoneCard
            key={m.id}
            engagement={e}
            milestone={m}
            onPaid={(answer) => void finish(m.id, answer)}
          />
        ))}
      </ol>
    </section>
  );
}

function MilestoneCard({
  engagement: e,
  milestone: m,
  onPaid,
}: {
  engagement: Engagement;
  milestone: EngagementMilestone;
  onPaid: (answer: CheckoutCallback | 'closed') => void;
}) {
  const id = useId();
  const toast = useToast();
  const navigate = useNavigate();
  const open = useOpenMilestoneCheckout(e.id);
  const move = useMilestoneMove(e.id);
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState<'deliver' | 'changes' | 'dispute' | null>(null);
  const [note, setNote] = useState('');
  const busy = open.isPending || move.isPending;
  const canFund = m.actions.includes('fund') && e.roe !== null;

  const pay = (c: MilestoneCheckout) => {
    if (c.provider === 'test') {
      const q = new URLSearchParams({
        engagement: e.id,
        milestone: m.id,
        amount: String(c.amountPaise),
        description: c.description,
      });
      navigate(`${paths.payments.testCheckout(c.orderId)}?${q.toString()}`);
      return;
    }
    void openRazorpay(c, { onPaid, onClosed: () => onPaid('closed') }).catch((err: unknown) =>
      setError(errorMessage(err)),
    );
  };

  // Razorpay's script runs only under the CSP of a page loaded as an engagement (decision 176): reached inside
  // the app, the page is loaded again with ?pay=, which opens the checkout once loaded.
  const [params] = useSearchParams();
  const reloaded = params.get('pay') === m.id;
  const fund = () => {
    setError(null);
    open.mutate(m.id, {
      onSuccess: (c) => {
        if (c.provider === 'razorpay' && !reloaded)
          return window.location.assign(`${paths.engagements.detail(e.id)}?pay=${encodeURIComponent(m.id)}`);
        pay(c);
      },
      onError: (err) => setError(errorMessage(err)),
    });
  };
  const autoOpened = useRef(false);
  useEffect(() => {
    if (!reloaded || autoOpened.current || !m.actions.includes('fund')) return;
    autoOpened.current = true;
    fund();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reloaded]);

  const send = (kind: 'deliver' | 'approve' | 'changes' | 'dispute') => {
    const text = note.trim();
    if (kind === 'changes' && !text) return setError(MILESTONE_MSG.changesNoteRequired);
    if (kind === 'dispute' && !text) return setError(MILESTONE_MSG.disputeReasonRequired);
    setError(null);
    const body =
      kind === 'deliver'
        ? text
          ? { note: text }
          : {}
        : kind === 'changes'
          ? { note: text }
          : kind === 'dispute'
            ? { reason: text }
            : {};
    move.mutate(
      { milestoneId: m.id, move: kind, body },
      {
        onSuccess: (r) => {
          toast(r.message, 'success');
          setForm(null);
          setNote('');
        },
        onError: (err) => setError(errorMessage(err)),
      },
    );
  };

  const formLabel =
    form === 'deliver'
      ? 'Note for the client (optional)'
      : form === 'changes'
        ? 'What needs to change'
        : 'Reason for the dispute';
  return (
    <li className="glass flex flex-col gap-2 p-4 text-sm" data-testid={`milestone-${m.position}`}>
      <p className="flex flex-wrap justify-between gap-2">
        <span className="font-medium text-ink-100">
          {m.position}. {m.title}
        </span>
        <span className="text-ink-100">{formatPaise(m.amountPaise)}</span>
      </p>
      <p className="text-ink-300">
        {MILESTONE_STATUS_LABELS[m.status]}
        {m.status === 'delivered' && m.autoApproveAt
          ? ` · approved automatically on ${formatDateTime(m.autoApproveAt)} without an answer`
          : ''}
      </p>
      {m.changesNote && m.status === 'changes_requested' ? (
        <p className="text-ink-300">Changes asked: {m.changesNote}</p>
      ) : null}
      {m.disputeNote && m.status === 'disputed' ? (
        <p className="text-ink-300">Dispute: {m.disputeNote}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {canFund ? (
          <button type="button" className="btn-primary" disabled={busy} onClick={fund}>
            {open.isPending ? 'Opening the checkout...' : `Fund milestone (${formatPaise(m.amountPaise)})`}
          </button>
        ) : null}
        {m.actions.includes('fund') && !e.roe && e.viewer === 'client' ? (
          <p className="muted">Acknowledge the rules of engagement above to fund a milestone.</p>
        ) : null}
        {m.actions.includes('approve') ? (
          <button type="button" className="btn-primary" disabled={busy} onClick={() => send('approve')}>
            Approve
          </button>
        ) : null}
        {m.actions.includes('deliver') && form !== 'deliver' ? (
          <button type="button" className="btn-primary" disabled={busy} onClick={() => setForm('deliver')}>
            Mark delivered
          </button>
        ) : null}
        {m.actions.includes('request_changes') && form !== 'changes' ? (
          <button type="button" className="btn-ghost" disabled={busy} onClick={() => setForm('changes')}>
            Ask for changes
          </button>
        ) : null}
        {m.actions.includes('dispute') && form !== 'dispute' ? (
          <button type="button" className="btn-ghost" disabled={busy} onClick={() => setForm('dispute')}>
            Open a dispute
          </button>
        ) : null}
      </div>
      {form ? (
        <form
          className="flex flex-col gap-2"
          onSubmit={(ev) => {
            ev.preventDefault();
            send(form);
          }}
        >
          <label htmlFor={`${id}-note`} className="text-ink-100">
            {formLabel}
          </label>
          <textarea
            id={`${id}-note`}
            className="input min-h-16"
            value={note}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(ev) => setNote(ev.target.value)}
          />
          <div className="flex gap-2">
            <button type="submit" className="btn-primary" disabled={busy}>
              {form === 'deliver'
                ? 'Mark delivered'
                : form === 'changes'
                  ? 'Send back for changes'
                  : 'Open the dispute'}
            </button>
            <button type="button" className="btn-ghost" onClick={() => setForm(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </li>
  );
}
