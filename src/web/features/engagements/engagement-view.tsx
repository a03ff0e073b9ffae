// One engagement as its client, its freelancer or an admin sees it: the scope, the rules-of-engagement
// acknowledgement, the milestones with their states, the thread (the proposal's messages first) and the timeline
// of every change.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ASSET_TYPE_LABELS } from '#shared/client-requests.ts';
import {
  ENGAGEMENT_EVENT_LABELS,
  ENGAGEMENT_MSG,
  ENGAGEMENT_STATUS_LABELS,
  engagementMessageInputSchema,
  MILESTONE_STATUS_LABELS,
  ROE_TERMS,
  type Engagement,
  type EngagementCard,
} from '#shared/engagements.ts';
import { SECURITY_SERVICE_LABELS } from '#shared/security-services.ts';
import { paths } from '#shared/routes.ts';
import { FieldError } from '#web/components/form/field.tsx';
import { useToast } from '#web/components/toast.tsx';
import { textWith, Thread } from '#web/features/conversations/thread.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDate, formatDateTime } from '#web/lib/format.ts';
import { useAcknowledgeRoe, useMyEngagements, useSendEngagementMessage } from './api';
import { MilestonePayments } from './milestone-payments';
import { EngagementReview } from './engagement-review';
import { formatPaise } from '#shared/money.ts';

export function EngagementView({ engagement: e }: { engagement: Engagement }) {
  const other = e.viewer === 'client' ? e.freelancer.name : e.client.name;
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">
          {SECURITY_SERVICE_LABELS[e.service]} · Engagement
        </p>
        <h1 className="heading-2">{e.title}</h1>
        <p className="text-sm text-ink-300">
          {ENGAGEMENT_STATUS_LABELS[e.status]} · Client: {e.client.name} · Freelancer: {e.freelancer.name} ·{' '}
          {formatPaise(e.pricePaise)} over {e.days} {e.days === 1 ? 'day' : 'days'}
        </p>
      </header>
      <RoeSection engagement={e} />
      <section aria-labelledby="scope-title" className="glass flex flex-col gap-3 p-5">
        <h2 id="scope-title" className="font-semibold text-ink-100">
          Scope
        </h2>
        <p className="text-sm text-ink-300">
          Testing window: {formatDate(e.windowFrom)} – {formatDate(e.windowTo)}
        </p>
        {e.description ? <p className="text-sm whitespace-pre-line text-ink-300">{e.description}</p> : null}
        <ul className="flex flex-col gap-1 text-sm">
          {e.assets.map((a, i) => (
            <li key={i} className="flex flex-wrap gap-2">
              <span className="text-ink-300">{ASSET_TYPE_LABELS[a.type]}</span>
              <span className="font-mono text-xs wrap-anywhere text-ink-100">{a.identifier}</span>
              <span className={a.inScope ? 'text-success-400' : 'text-danger-400'}>
                {a.inScope ? 'In scope' : 'Out of scope'}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {/* The parties see each milestone with its actions (fund, deliver, approve...); an admin reads them here. */}
      {e.viewer === 'admin' ? (
        <section aria-labelledby="milestones-title" className="flex flex-col gap-3">
          <h2 id="milestones-title" className="heading-3">
            Milestones
          </h2>
          <ol className="flex flex-col gap-3">
            {e.milestones.map((m) => (
              <li key={m.id} className="glass flex flex-col gap-1 p-4 text-sm">
                <p className="flex flex-wrap justify-between gap-2">
                  <span className="font-medium text-ink-100">
                    {m.position}. {m.title}
                  </span>
                  <span className="text-ink-100">{formatPaise(m.amountPaise)}</span>
                </p>
                <p className="text-ink-300">{MILESTONE_STATUS_LABELS[m.status]}</p>
                {m.changesNote ? <p className="text-ink-300">Changes asked: {m.changesNote}</p> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : (
        <MilestonePayments engagement={e} />
      )}
      <EngagementReview engagement={e} />
      {e.viewer === 'admin' ? null : <EngagementThread engagement={e} other={other} />}
      <section aria-labelledby="timeline-title" className="flex flex-col gap-3">
        <h2 id="timeline-title" className="heading-3">
          Timeline
        </h2>
        <ol className="flex flex-col gap-2 border-l border-white/10 pl-4 text-sm">
          {e.events.map((ev) => (
            <li key={ev.id}>
              <p className="text-ink-100">
                {ENGAGEMENT_EVENT_LABELS[ev.kind]}
                {ev.milestoneTitle ? `: ${ev.milestoneTitle}` : ''}
              </p>
              <p className="text-xs text-ink-300">
                {formatDateTime(ev.createdAt)}
                {ev.actorName ? ` · ${ev.actorName}` : ''}
              </p>
              {ev.note ? <p className="text-ink-300">{ev.note}</p> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function RoeSection({ engagement: e }: { engagement: Engagement }) {
  const id = useId();
  const ack = useAcknowledgeRoe(e.id);
  const toast = useToast();
  const [ticked, setTicked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <section aria-labelledby={`${id}-title`} className="glass flex flex-col gap-3 p-5">
      <h2 id={`${id}-title`} className="font-semibold text-ink-100">
        Rules of engagement
      </h2>
      {e.roe ? (
        <p className="text-sm text-ink-300">
          Acknowledged by {e.roe.acknowledgedBy} on {formatDateTime(e.roe.acknowledgedAt)}: “{e.roe.terms}”
        </p>
      ) : e.viewer === 'client' ? (
        <form
          className="flex flex-col gap-3"
          onSubmit={(ev) => {
            ev.preventDefault();
            if (!ticked) return setError(ENGAGEMENT_MSG.roeRequired);
            setError(null);
            ack.mutate(undefined, {
              onSuccess: (r) => toast(r.message, 'success'),
              onError: (err) => setError(errorMessage(err)),
            });
          }}
        >
          <p className="text-sm text-ink-300">
            Before any work starts, confirm that you may have these assets tested. Nothing can be funded or
            delivered until you do.
          </p>
          <label className="flex items-start gap-2 text-sm text-ink-100">
            <input
              type="checkbox"
              className="mt-1"
              checked={ticked}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(ev) => setTicked(ev.target.checked)}
            />
            <span>{ROE_TERMS}</span>
          </label>
          <FieldError id={`${id}-error`} message={error} />
          <div>
            <button type="submit" className="btn-primary" disabled={ack.isPending}>
              {ack.isPending ? 'Saving...' : 'Acknowledge'}
            </button>
          </div>
        </form>
      ) : (
        <p className="text-sm text-ink-300">Waiting for the client to acknowledge the rules of engagement.</p>
      )}
    </section>
  );
}

/**
 * The parties' thread (decision 212): it begins with the messages they wrote on the proposal, then a line where the
 * engagement started. Sent messages show once the engagement is fetched again.
 */
function EngagementThread({ engagement: e, other }: { engagement: Engagement; other: string }) {
  const send = useSendEngagementMessage(e.id);
  return (
    <Thread
      text={textWith(other, ENGAGEMENT_MSG.messageSent)}
      messages={{ isPending: false, isError: false, error: null, data: e.messages }}
      canWrite
      schema={engagementMessageInputSchema}
      send={({ body }) => send.mutateAsync(body)}
      startedLabel={ENGAGEMENT_EVENT_LABELS.created}
    />
  );
}

/** A list of engagements with links: the freelancer's dashboard, the request page. */
export function EngagementList({ engagements, title }: { engagements: EngagementCard[]; title: string }) {
  const id = useId();
  if (!engagements.length) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="heading-3">
        {title}
      </h2>
      <ul className="flex flex-col gap-2">
        {engagements.map((c) => (
          <li key={c.id} className="glass flex flex-wrap items-center justify-between gap-2 p-4 text-sm">
            <Link to={paths.engagements.detail(c.id)} className="font-medium text-accent-300 hover:underline">
              {c.title}
            </Link>
            <span className="text-ink-300">
              {c.role === 'client' ? 'Freelancer' : 'Client'}: {c.counterpartName} ·{' '}
              {formatPaise(c.pricePaise)} · {c.milestonesApproved} of {c.milestonesTotal} milestones approved
              · {ENGAGEMENT_STATUS_LABELS[c.status]}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The caller's engagements that match: a freelancer's active ones (its dashboard), all its own (its client
 * requests area), or the one of a request (the request page). Nothing when there is none.
 */
export function MyEngagements({
  title,
  role,
  requestId,
  activeOnly = false,
}: {
  title: string;
  role?: 'client' | 'freelancer';
  requestId?: string;
  activeOnly?: boolean;
}) {
  const mine = useMyEngagements();
  if (!mine.data) return null;
  const list = mine.data.filter(
    (c) =>
      (!role || c.role === role) &&
      (!requestId || c.requestId === requestId) &&
      (!activeOnly || c.status === 'active'),
  );
  return <EngagementList engagements={list} title={title} />;
}
