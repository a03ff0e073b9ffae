// The soak's end-of-run checks, in SQL over the app's own tables: each names a rule that money and bookings must
// keep whatever happened during the run, and counts the rows that break it (every count must be 0). A plain
// query function, so the same checks run on the soak's PostgreSQL and, in their test, on PGlite.
import { SESSION_COUNTER_DRIFT_COUNT_SQL } from '#server/modules/sessions/sessions/service.ts';

export type Query = (sql: string) => Promise<Array<Record<string, unknown>>>;

export interface SoakCheck {
  name: string;
  /** Rows that break the rule: 0 when it holds. */
  count: number;
}

const CHECKS: Array<{ name: string; sql: string }> = [
  {
    name: 'double bookings (overlapping active sessions of one shark)',
    sql: `SELECT count(*)::int AS n FROM course_bookings a JOIN course_bookings b
            ON a.shark_id = b.shark_id AND a.id < b.id
           AND tstzrange(a.starts_at, a.blocked_until) && tstzrange(b.starts_at, b.blocked_until)
          WHERE a.status IN ('requested', 'confirmed') AND b.status IN ('requested', 'confirmed')`,
  },
  {
    // A checkout's payment names the id its hold reserved; the booking is written only once paid, so only a
    // captured payment must have one.
    name: 'captured payments without a booking',
    sql: `SELECT count(*)::int AS n FROM payments p
          WHERE p.status = 'captured' AND NOT EXISTS (SELECT 1 FROM course_bookings b WHERE b.id = p.booking_id)`,
  },
  {
    name: 'bookings paid twice (two captured payments kept)',
    sql: `SELECT count(*)::int AS n FROM (
            SELECT p.booking_id FROM payments p
            WHERE p.status = 'captured'
              -- a second payment on a paid order is refunded in full at once (decision 141): it is not kept
              AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id AND r.amount_paise = p.amount_paise
                                AND p.duplicate_of IS NOT NULL)
            GROUP BY p.booking_id HAVING count(*) > 1) twice`,
  },
  {
    name: 'captured payments without their ledger transaction',
    sql: `SELECT count(*)::int AS n FROM payments p
          WHERE p.status = 'captured'
            AND NOT EXISTS (SELECT 1 FROM ledger_transactions t WHERE t.payment_id = p.id)`,
  },
  {
    name: 'ledger trial balance (paise off zero)',
    sql: `SELECT abs(coalesce(sum(amount_paise), 0))::bigint AS n FROM ledger_entries`,
  },
  {
    name: 'ledger transactions that do not sum to zero',
    sql: `SELECT count(*)::int AS n FROM (
            SELECT transaction_id FROM ledger_entries GROUP BY transaction_id HAVING sum(amount_paise) <> 0) t`,
  },
  {
    name: 'refunds not processed (pending or failed at the end)',
    sql: `SELECT count(*)::int AS n FROM refunds WHERE status <> 'processed'`,
  },
  {
    name: 'refunds not matched to a captured payment of at least their amount',
    sql: `SELECT count(*)::int AS n FROM refunds r LEFT JOIN payments p ON p.id = r.payment_id
          WHERE p.id IS NULL OR p.status <> 'captured' OR r.amount_paise > p.amount_paise
             OR r.provider_refund_id IS NULL`,
  },
  {
    name: 'processed refunds without exactly one ledger transaction',
    sql: `SELECT count(*)::int AS n FROM refunds r
          WHERE r.status = 'processed'
            AND (SELECT count(*) FROM ledger_transactions t
                  WHERE t.refund_id = r.id AND t.kind = 'refund_processed') <> 1`,
  },
  {
    name: 'cancelled or declined paid sessions without a refund',
    sql: `SELECT count(*)::int AS n FROM course_bookings b JOIN payments p ON p.booking_id = b.id AND p.status = 'captured'
          WHERE b.status IN ('cancelled', 'declined')
            AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_id = p.id)
            -- a late cancellation under a course that refunds 0% owes nothing
            AND NOT (b.late_cancellation AND b.late_cancellation_refund = 0)`,
  },
  {
    name: 'mails not sent (queued or failed at the end)',
    sql: `SELECT count(*)::int AS n FROM outbox WHERE status <> 'sent'`,
  },
  {
    // Decision 198: the dashboards' counters, kept by the bookings' trigger, against the bookings counted again.
    name: 'session counters that differ from the bookings',
    sql: SESSION_COUNTER_DRIFT_COUNT_SQL,
  },
  {
    name: 'webhook events stored but not applied',
    sql: `SELECT count(*)::int AS n FROM payment_webhook_events WHERE processed_at IS NULL`,
  },
];

export async function soakChecks(query: Query): Promise<SoakCheck[]> {
  const out: SoakCheck[] = [];
  for (const c of CHECKS) {
    const rows = await query(c.sql);
    out.push({ name: c.name, count: Number(rows[0]?.n ?? 0) });
  }
  return out;
}

/**
 * Every mail sent once: each outbox row marked sent reached the SMTP server exactly once (by its Message-ID,
 * `<outbox id@host>`), and nothing reached it that the outbox does not hold.
 */
export function mailOnce(
  sentIds: string[],
  received: string[],
): { missing: number; duplicates: number; unknown: number } {
  const seen = new Map<string, number>();
  for (const m of received) {
    const id = m.replace(/^<|>$/g, '').split('@')[0];
    seen.set(id, (seen.get(id) ?? 0) + 1);
  }
  const sent = new Set(sentIds);
  return {
    missing: sentIds.filter((id) => !seen.has(id)).length,
    duplicates: [...seen.values()].filter((n) => n > 1).length,
    unknown: [...seen.keys()].filter((id) => !sent.has(id)).length,
  };
}
