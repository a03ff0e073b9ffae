// One request as its client (or an admin) sees it: the scope, dates, NDA, who is invited, and the state changes
// the server's table allows now.
import {
  NDA_TERMS,
  REQUEST_STATUS_LABELS,
  VISIBILITY_LABELS,
  type RequestDetail,
} from '#shared/client-requests.ts';
import { SECURITY_SERVICE_LABELS } from '#shared/security-services.ts';
import { useToast } from '#web/components/toast.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDate } from '#web/lib/format.ts';
import { useRequestTransition } from './api';
import { HiddenNotice, ScopeTable, StatusBadge, budgetText } from './request-parts';

const ACTION_LABEL = {
  open: 'Post it now',
  closed: 'Close the request',
  cancelled: 'Cancel the request',
} as const;

export function RequestDetails({ request }: { request: RequestDetail }) {
  const move = useRequestTransition(request.id);
  const toast = useToast();
  const actions = request.allowed.filter((s): s is keyof typeof ACTION_LABEL => s in ACTION_LABEL);
  return (
    <section aria-labelledby="request-title" className="flex flex-col gap-5">
      <header className="flex flex-col gap-2">
        <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">
          {SECURITY_SERVICE_LABELS[request.service]}
        </p>
        <h1 id="request-title" className="heading-2 flex flex-wrap items-center gap-3">
          {request.title} <StatusBadge status={request.status} />
        </h1>
        <HiddenNotice reason={request.hiddenReason} />
      </header>
      <dl className="glass grid gap-4 p-5 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="muted">Budget</dt>
          <dd className="text-ink-100">{budgetText(request.budgetMinPaise, request.budgetMaxPaise)}</dd>
        </div>
        <div>
          <dt className="muted">Proposals by</dt>
          <dd className="text-ink-100">{formatDate(request.deadline)}</dd>
        </div>
        <div>
          <dt className="muted">Testing window</dt>
          <dd className="text-ink-100">
            {formatDate(request.windowFrom)} – {formatDate(request.windowTo)}
          </dd>
        </div>
        <div>
          <dt className="muted">Who may see it</dt>
          <dd className="text-ink-100">{VISIBILITY_LABELS[request.visibility]}</dd>
        </div>
      </dl>
      {request.description ? (
        <p className="text-sm whitespace-pre-line text-ink-300">{request.description}</p>
      ) : null}
      <div className="glass p-5">
        <h2 className="mb-2 font-semibold text-ink-100">Scope</h2>
        <ScopeTable assets={request.assets} />
      </div>
      {request.ndaRequired ? (
        <p className="text-sm text-ink-300">
          <span className="font-medium text-ink-100">NDA required. </span>
          {NDA_TERMS}
        </p>
      ) : null}
      {request.invited.length ? (
        <p className="text-sm text-ink-300">
          <span className="font-medium text-ink-100">Invited: </span>
          {request.invited.map((i) => i.name).join(', ')}
        </p>
      ) : null}
      {actions.length ? (
        <div className="flex flex-wrap gap-3">
          {actions.map((to) => (
            <button
              key={to}
              type="button"
              className={to === 'open' ? 'btn-primary' : 'btn-ghost'}
              disabled={move.isPending}
              onClick={() =>
                move.mutate(to, {
                  onSuccess: (r) => toast(r.message, 'success'),
                  onError: (err) => toast(errorMessage(err), 'error'),
                })
              }
            >
              {ACTION_LABEL[to]}
            </button>
          ))}
        </div>
      ) : null}
      <p className="sr-only">Status: {REQUEST_STATUS_LABELS[request.status]}</p>
    </section>
  );
}
