// A session's status as a small badge, with the words every screen uses (never "confirmed" before it is).
import { SESSION_STATUS_LABEL, SESSION_STATUSES, type SessionStatus } from '#shared/sessions.ts';

const TONE: Record<SessionStatus, string> = {
  requested: 'border-warning-400/50 bg-warning-400/10 text-warning-400',
  confirmed: 'border-accent-400/40 bg-accent-400/10 text-accent-300',
  completed: 'border-success-400/40 bg-success-400/10 text-success-400',
  declined: 'border-white/15 text-ink-400',
  expired: 'border-white/15 text-ink-400',
  cancelled: 'border-danger-400/40 text-danger-400',
  no_show: 'border-danger-400/40 text-danger-400',
};

export const isSessionStatus = (s: string): s is SessionStatus =>
  (SESSION_STATUSES as readonly string[]).includes(s);

/** The label of a status as the API sends it (a list row's status is plain text). */
export const statusLabel = (status: string) =>
  isSessionStatus(status) ? SESSION_STATUS_LABEL[status] : status;

export function StatusBadge({ status }: { status: string }) {
  const tone = isSessionStatus(status) ? TONE[status] : 'border-white/15 text-ink-400';
  return (
    <span
      data-testid="status-badge"
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tone}`}
    >
      {statusLabel(status)}
    </span>
  );
}
