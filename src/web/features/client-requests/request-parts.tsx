// Small pieces both sides of a request show: its state badge, budget line and scope table; the client's notice
// of a request hidden as spam.
import {
  ASSET_TYPE_LABELS,
  REQUEST_MSG,
  REQUEST_STATUS_LABELS,
  type Asset,
  type RequestStatus,
} from '#shared/client-requests.ts';
import { formatDate } from '#web/lib/format.ts';
import { formatPaise } from '#shared/money.ts';

const TONE: Record<RequestStatus, string> = {
  draft: 'border-white/15 text-ink-300',
  open: 'border-accent-400/50 text-accent-300',
  awarded: 'border-success-400/40 text-success-400',
  closed: 'border-white/15 text-ink-300',
  cancelled: 'border-danger-400/40 text-danger-400',
};

export function StatusBadge({ status }: { status: RequestStatus }) {
  return (
    <span className={`rounded-full border px-2 py-0.5 text-xs ${TONE[status]}`}>
      {REQUEST_STATUS_LABELS[status]}
    </span>
  );
}

/** What the client reads on a request an admin hid as spam (decision 193): that it is hidden, and why. */
export function HiddenNotice({ reason }: { reason: string | null }) {
  if (reason === null) return null;
  return (
    <p className="rounded-lg border border-danger-400/40 px-3 py-2 text-sm text-danger-400" role="note">
      {REQUEST_MSG.hiddenNotice} Reason: {reason}
    </p>
  );
}

export const budgetText = (minPaise: number, maxPaise: number) =>
  minPaise === maxPaise ? formatPaise(minPaise) : `${formatPaise(minPaise)} – ${formatPaise(maxPaise)}`;

export const deadlineText = (deadline: string) => `Proposals by ${formatDate(deadline)}`;

export function ScopeTable({ assets }: { assets: Asset[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Scope</caption>
        <thead className="text-ink-300">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Type
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Asset
            </th>
            <th scope="col" className="py-2 font-medium">
              Scope
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-white/10">
          {assets.map((a, i) => (
            <tr key={i}>
              <td className="py-2 pr-3 text-ink-300">{ASSET_TYPE_LABELS[a.type]}</td>
              <td className="py-2 pr-3 font-mono text-xs wrap-anywhere text-ink-100">{a.identifier}</td>
              <td className={`py-2 ${a.inScope ? 'text-success-400' : 'text-danger-400'}`}>
                {a.inScope ? 'In scope' : 'Out of scope'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
