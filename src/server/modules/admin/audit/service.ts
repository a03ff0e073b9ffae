// The audit log (decision 032): every admin action and every role change, recorded in the transaction of
// the change (pass the transaction), so an action that fails leaves no row and a row means it happened.
import type { AuditPage } from '#shared/admin.ts';
import type { DbOrTx } from '#server/db/client.ts';
import * as repo from './repository';

export const AUDIT_PAGE_SIZE = 50;

export interface AuditEntryInput {
  /** The admin (or the person, for a role they confirmed themselves); null for the system. */
  actorId: string | null;
  action: string;
  targetType:
    | 'application'
    | 'shark'
    | 'user'
    | 'credential'
    | 'review'
    | 'client_request'
    | 'session'
    | 'payout'
    | 'payout_batch'
    | 'reconciliation_exception'
    | 'payment'
    | 'milestone'
    | 'ledger_transaction';
  targetId: string | null;
  reason?: string | null;
  details?: Record<string, unknown>;
}

export async function recordAudit(tx: DbOrTx, entry: AuditEntryInput): Promise<void> {
  await repo.insertEntry(tx, {
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason ?? null,
    details: entry.details ?? {},
  });
}

/** One page of the log, newest first; `q` searches the action, the reason, who acted and on what. */
export async function auditPage(db: DbOrTx, page: number, q = ''): Promise<AuditPage> {
  const { items, total } = await repo.listEntries(db, q, AUDIT_PAGE_SIZE, (page - 1) * AUDIT_PAGE_SIZE);
  return {
    items: items.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    page,
    pageSize: AUDIT_PAGE_SIZE,
    total,
  };
}
