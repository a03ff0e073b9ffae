// Payouts (issue 24): where a payee's earnings go, and the payouts that take them there. Owns `payout_details`
// and `payouts`.
// - Payout details (decision 136): the account holder alone saves them (an admin acting for a shark sees them
//   masked and is refused a change); each save seals the UPI id, the account number and the PAN, and is audited
//   and mailed to the holder in its own transaction.
// - Payouts (decision 137): the payout run pays each payee's available balance once a period; every step
//   (created, sent, paid, failed) is a ledger transaction and a mail to the payee, in one database transaction.
import { Temporal } from 'temporal-polyfill';
import {
  PAYOUT_DETAILS_ANCHOR,
  PAYOUT_MSG,
  PAYOUT_RUN_MSG,
  maskLast4,
  maskUpi,
  type AdminPayoutPage,
  type Payout,
  type PayoutDetails,
  type PayoutDetailsValues,
  type PayoutJob,
  type PayoutProvider,
  type PayoutRun,
  type PayoutSchedule,
} from '#shared/payouts.ts';
import { ERROR_CODE } from '#shared/error-codes.ts';
import { formatPaise, paiseToRupees } from '#shared/money.ts';
import { paths } from '#shared/routes.ts';
import type { Config } from '#server/config.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import type { AuthContext } from '#server/http/auth-context.ts';
import { conflict, forbidden, notFound } from '#server/http/errors.ts';
import { now } from '#server/time.ts';
import { recordAudit } from '#server/modules/admin/audit/service.ts';
import {
  PAYOUT_PAID,
  payeeBalance,
  payeePayoutFigures,
  payeesAvailableAtLeast,
  payoutPaidKey,
  post,
  type Payee,
} from '#server/modules/money/ledger/service.ts';
import type { Gateway, GatewayTransfer } from '#server/modules/money/payments/gateway.ts';
import { GatewayRejected } from '#server/modules/money/payments/gateway.ts';
import type { MailContext } from '#server/modules/platform/mail/service.ts';
import * as repo from './repository';
import { open, seal } from './sealed';

export interface PayoutsContext extends MailContext {
  /** PAYOUT_DETAILS_KEY (config.payoutDetailsKey). */
  key: Buffer;
}

const last4 = (s: string) => s.slice(-4);

/**
 * Where a payee's mails point: a shark's earnings and payout pages; a freelancer's one earnings page, at its
 * payout details section for a change of details or a payout held for want of them.
 */
const earningsPath = (kind: Payee['kind']) =>
  kind === 'freelancer' ? paths.freelancer.earnings : paths.shark.earnings;
const payoutDetailsPath = (kind: Payee['kind']) =>
  kind === 'freelancer' ? `${paths.freelancer.earnings}#${PAYOUT_DETAILS_ANCHOR}` : paths.shark.payouts;

function toView(row: repo.PayoutDetailsRow): NonNullable<PayoutDetails['details']> {
  return {
    method: row.method,
    upiMasked: row.upiMasked,
    holderName: row.holderName,
    accountLast4: row.accountLast4,
    ifsc: row.ifsc,
    panLast4: row.panLast4,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The masked details of the account the workspace acts on (its shark, or the shark an admin picked). */
export async function readPayoutDetails(db: DbOrTx, scope: { userId: string }): Promise<PayoutDetails> {
  const row = await repo.findForUser(db, scope.userId);
  return { details: row ? toView(row) : null };
}

/** The account's payout details for its data export (issue 38): the same masked view, or null when none. */
export async function exportPayoutDetails(db: DbOrTx, userId: string): Promise<PayoutDetails['details']> {
  return (await readPayoutDetails(db, { userId })).details;
}

/** Where payouts go, masked, as the mail and the audit log name it. */
function destinationOf(row: repo.PayoutDetailsRow): string {
  return row.method === 'upi'
    ? `UPI ${row.upiMasked}`
    : `bank account ${maskLast4(row.accountLast4 ?? '')} at ${row.ifsc}`;
}

/**
 * Saves the caller's own payout details. Refused (403) to anyone but the account holder: an admin acting for a
 * shark cannot change where the shark's money goes.
 */
export async function savePayoutDetails(
  db: Db,
  ctx: PayoutsContext,
  auth: AuthContext,
  /** The account the workspace acts on, and whose details they are (a shark's unless said). */
  scope: { userId: string; kind?: Payee['kind'] },
  input: PayoutDetailsValues,
): Promise<PayoutDetails> {
  if (scope.userId !== auth.user.id) throw forbidden(PAYOUT_MSG.ownerOnly);
  const userId = auth.user.id;
  const sealed = (plain: string, column: 'upi_id' | 'account_number' | 'pan') =>
    seal(ctx.key, plain, { userId, column });
  return db.transaction(async (tx) => {
    const before = await repo.lockForUser(tx, userId);
    const common = {
      userId,
      method: input.method,
      panSealed: sealed(input.pan, 'pan'),
      panLast4: last4(input.pan),
      // New details, a new destination: the next Route payout makes a linked account for it.
      routeAccountId: null,
      updatedAt: now(),
    };
    const row = await repo.upsert(
      tx,
      input.method === 'upi'
        ? {
            ...common,
            upiIdSealed: sealed(input.upiId, 'upi_id'),
            upiMasked: maskUpi(input.upiId),
            holderName: null,
            accountNumberSealed: null,
            accountLast4: null,
            ifsc: null,
          }
        : {
            ...common,
            upiIdSealed: null,
            upiMasked: null,
            holderName: input.holderName,
            accountNumberSealed: sealed(input.accountNumber, 'account_number'),
            accountLast4: last4(input.accountNumber),
            ifsc: input.ifsc,
          },
    );
    // Masked forms only: the audit log and the mail are read by more people and systems than this table.
    await recordAudit(tx, {
      actorId: userId,
      action: 'payout_details.change',
      targetType: 'user',
      targetId: userId,
      details: {
        method: row.method,
        destination: destinationOf(row),
        was: before ? destinationOf(before) : null,
      },
    });
    await ctx.mailer.enqueue(tx, {
      to: auth.user.email,
      template: 'payout-details-changed',
      data: {
        first: before === null,
        destination: destinationOf(row),
        pan: maskLast4(row.panLast4),
        link: `${ctx.appOrigin}${payoutDetailsPath(scope.kind ?? 'shark')}`,
      },
    });
    return { details: toView(row) };
  });
}

// ---- Payouts (decision 137) -------------------------------------------------------------------------------

/**
 * The payout rule, read from the configuration in this one place (issue 39): how often the run pays out and the
 * least available balance it pays. When a share becomes available is the product's word (a session held, a
 * milestone approved); what becomes of an available balance is this module's.
 */
export interface PayoutRule {
  schedule: PayoutSchedule;
  minimumPaise: number;
}
export const payoutRuleOf = (
  config: Pick<Config, 'PAYOUT_SCHEDULE' | 'PAYOUT_MINIMUM_PAISE'>,
): PayoutRule => ({
  schedule: config.PAYOUT_SCHEDULE,
  minimumPaise: config.PAYOUT_MINIMUM_PAISE,
});

export interface PayoutRunContext extends PayoutsContext, PayoutRule {
  provider: PayoutProvider;
  zone: string;
  jobs: { enqueue(db: DbOrTx, kind: 'payouts', data: PayoutJob): Promise<unknown> };
  /** The payment provider's client: Route transfers go through it (Razorpay, or the test gateway). */
  gateway: Gateway;
}

/**
 * The period a run at `at` pays for, in the company's zone: its ISO week ("2026-W48") or its month
 * ("2026-11"). Two runs of one period (two servers, a job run again) make one payout a payee.
 */
export function payoutPeriod(at: Date, schedule: PayoutSchedule, zone: string): string {
  const day = Temporal.Instant.fromEpochMilliseconds(at.getTime()).toZonedDateTimeISO(zone).toPlainDate();
  if (schedule === 'monthly') return `${day.year}-${String(day.month).padStart(2, '0')}`;
  return `${day.yearOfWeek}-W${String(day.weekOfYear).padStart(2, '0')}`;
}

/** The pg-boss cron of a schedule: Mondays or the 1st, 09:00 in APP_TIMEZONE. */
export const payoutCron = (schedule: PayoutSchedule) => (schedule === 'monthly' ? '0 9 1 * *' : '0 9 * * 1');

const payeeKey = (p: Payee) => `${p.kind}:${p.id}`;

/** Where a payout goes, masked, from the details as they are at the payout. */
const destinationOfDetails = (row: repo.PayoutDetailsRow) => destinationOf(row);

/** A payout goes through Route when Route is configured and the payee has a bank account (Route settles to one). */
const providerFor = (ctx: PayoutRunContext, details: repo.PayoutDetailsRow): PayoutProvider =>
  ctx.provider === 'razorpay_route' && details.method === 'bank' ? 'razorpay_route' : 'manual';

/**
 * The payout run: one payout per payee whose available balance is at least the minimum, for this period. Each
 * payee in its own transaction: a run killed mid-batch and run again pays the rest, and two runs at once make
 * one payout a payee and period (the database's unique key on the live payout). A payee without payout details
 * is skipped and told once a period what to add; the balance waits.
 */
export async function runPayouts(db: Db, ctx: PayoutRunContext, at: Date = now()): Promise<PayoutRun> {
  const period = payoutPeriod(at, ctx.schedule, ctx.zone);
  const done: PayoutRun = { period, created: 0, skipped: 0, belowMinimum: 0, alreadyPaid: 0 };
  if (ctx.provider === 'razorpay_route') await resendLostRoutePayouts(ctx, db, at);
  const owed = await payeesAvailableAtLeast(db, ctx.minimumPaise);
  const BATCH = 500;
  for (let i = 0; i < owed.length; i += BATCH) {
    const slice = owed.slice(i, i + BATCH);
    const contacts = await repo.payeeContacts(db, slice);
    for (const payee of slice) {
      const contact = contacts.get(payeeKey(payee));
      if (!contact) continue; // a payee whose account is gone: its balance stays in the ledger for the finance team
      const outcome = await db.transaction((tx) => payOne(tx, ctx, contact, period));
      done[outcome] += 1;
    }
  }
  return done;
}

async function payOne(
  tx: DbOrTx,
  ctx: PayoutRunContext,
  contact: repo.PayeeContact,
  period: string,
): Promise<'created' | 'skipped' | 'belowMinimum' | 'alreadyPaid'> {
  const payee: Payee = { kind: contact.kind, id: contact.id };
  // Read again inside the transaction: a refund may have taken from it since the run's list.
  const { availablePaise } = await payeeBalance(tx, payee);
  if (availablePaise < ctx.minimumPaise) return 'belowMinimum';
  const link = `${ctx.appOrigin}${earningsPath(payee.kind)}`;
  if (!contact.details) {
    const skipped = await repo.insertPayout(tx, {
      payeeKind: payee.kind,
      payeeId: payee.id,
      period,
      amountPaise: availablePaise,
      status: 'skipped',
      provider: 'manual',
      failureReason: PAYOUT_RUN_MSG.skippedNoDetails,
    });
    if (skipped)
      await ctx.mailer.enqueue(tx, {
        to: contact.email,
        template: 'payout-details-missing',
        data: {
          amount: formatPaise(availablePaise),
          link: `${ctx.appOrigin}${payoutDetailsPath(payee.kind)}`,
        },
      });
    return 'skipped';
  }
  const provider = providerFor(ctx, contact.details);
  const row = await repo.insertPayout(tx, {
    payeeKind: payee.kind,
    payeeId: payee.id,
    period,
    amountPaise: availablePaise,
    status: 'created',
    provider,
    destination: destinationOfDetails(contact.details),
  });
  if (!row) return 'alreadyPaid';
  await post(tx, {
    key: `payout:${row.id}:created`,
    payoutId: row.id,
    kind: 'payout_created',
    memo: `Payout ${period} to ${row.destination}`,
    lines: [
      [{ payee, part: 'available' }, row.amountPaise],
      ['payouts_payable', -row.amountPaise],
    ],
  });
  await mailStep(tx, ctx, row, contact.email, link);
  if (provider === 'razorpay_route')
    await ctx.jobs.enqueue(tx, 'payouts', { task: 'send', payoutId: row.id });
  return 'created';
}

async function mailStep(tx: DbOrTx, ctx: MailContext, row: repo.PayoutRow, to: string, link: string) {
  await ctx.mailer.enqueue(tx, {
    to,
    template: 'payout-update',
    data: {
      status: row.status as 'created' | 'sent' | 'paid' | 'failed',
      amount: formatPaise(row.amountPaise),
      period: row.period,
      destination: row.destination ?? '',
      reference: row.reference,
      reason: row.failureReason,
      link,
    },
  });
}

async function contactOf(tx: DbOrTx, row: repo.PayoutRow) {
  const contacts = await repo.payeeContacts(tx, [{ kind: row.payeeKind, id: row.payeeId }]);
  return contacts.get(`${row.payeeKind}:${row.payeeId}`) ?? null;
}

async function mailOf(tx: DbOrTx, ctx: MailContext, row: repo.PayoutRow) {
  const contact = await contactOf(tx, row);
  if (contact) await mailStep(tx, ctx, row, contact.email, `${ctx.appOrigin}${earningsPath(row.payeeKind)}`);
}

/** created -> sent: handed to the bank (the batch file) or the provider (a Route transfer made). */
async function markSent(tx: DbOrTx, ctx: MailContext, row: repo.PayoutRow, reference: string | null) {
  if (row.status !== 'created') return row;
  const sent = await repo.updatePayout(tx, row.id, {
    status: 'sent',
    sentAt: now(),
    reference: reference ?? row.reference,
  });
  await post(tx, {
    key: `payout:${row.id}:sent`,
    payoutId: row.id,
    kind: 'payout_sent',
    memo: `Payout ${row.period} sent`,
    lines: [
      ['payouts_payable', row.amountPaise],
      ['payouts_in_transit', -row.amountPaise],
    ],
  });
  await mailOf(tx, ctx, sent);
  return sent;
}

/** sent -> paid: the money reached the payee (a bank's UTR, a processed transfer). */
async function markPaid(tx: DbOrTx, ctx: MailContext, id: string, reference: string) {
  let row = await repo.findPayout(tx, id, true);
  if (!row) throw notFound(PAYOUT_RUN_MSG.notFound);
  if (row.status === 'paid') throw conflict(PAYOUT_RUN_MSG.alreadyPaid, ERROR_CODE.notAllowed);
  if (row.status === 'failed') throw conflict(PAYOUT_RUN_MSG.paidAfterFailed, ERROR_CODE.notAllowed);
  if (row.status === 'skipped') throw conflict(PAYOUT_RUN_MSG.skippedNoAction, ERROR_CODE.notAllowed);
  const holder = await repo.findByReference(tx, row.provider, reference);
  if (holder && holder.id !== row.id) throw conflict(PAYOUT_RUN_MSG.utrTaken, ERROR_CODE.conflict);
  row = await markSent(tx, ctx, row, null);
  const paid = await repo.updatePayout(tx, row.id, { status: 'paid', paidAt: now(), reference });
  await post(tx, {
    key: payoutPaidKey(row.id),
    kind: PAYOUT_PAID,
    memo: `Payout ${row.period} paid (${reference})`,
    // Named, with the reference the money left with: the reconciliation finds a payout paid twice by these.
    payoutId: row.id,
    reference,
    lines: [
      ['payouts_in_transit', row.amountPaise],
      ['provider_clearing', -row.amountPaise],
    ],
  });
  await mailOf(tx, ctx, paid);
  return paid;
}

/** created or sent -> failed: the money goes back to the payee's available balance, and they are told why. */
async function markFailed(tx: DbOrTx, ctx: MailContext, id: string, reason: string) {
  const row = await repo.findPayout(tx, id, true);
  if (!row) throw notFound(PAYOUT_RUN_MSG.notFound);
  if (row.status === 'paid') throw conflict(PAYOUT_RUN_MSG.alreadyPaid, ERROR_CODE.notAllowed);
  if (row.status === 'failed') throw conflict(PAYOUT_RUN_MSG.alreadyFailed, ERROR_CODE.notAllowed);
  if (row.status === 'skipped') throw conflict(PAYOUT_RUN_MSG.skippedNoAction, ERROR_CODE.notAllowed);
  const failed = await repo.updatePayout(tx, row.id, {
    status: 'failed',
    failedAt: now(),
    failureReason: reason,
  });
  await post(tx, {
    key: `payout:${row.id}:failed`,
    payoutId: row.id,
    kind: 'payout_failed',
    memo: `Payout ${row.period} failed: ${reason}`,
    lines: [
      [row.status === 'sent' ? 'payouts_in_transit' : 'payouts_payable', row.amountPaise],
      [{ payee: { kind: row.payeeKind, id: row.payeeId }, part: 'available' }, -row.amountPaise],
    ],
  });
  await mailOf(tx, ctx, failed);
  return failed;
}

/**
 * An admin's step on a manual payout (Route payouts move by Razorpay's answers only), in one transaction with
 * its audit entry: the payout locked, the step taken, what the admin gave recorded.
 */
async function adminStep(
  db: Db,
  auth: AuthContext,
  id: string,
  action: 'payout.paid' | 'payout.failed',
  given: Record<string, string>,
  step: (tx: DbOrTx) => Promise<repo.PayoutRow>,
) {
  return db.transaction(async (tx) => {
    const row = await repo.findPayout(tx, id, true);
    if (row && row.provider !== 'manual') throw conflict(PAYOUT_RUN_MSG.notManual, ERROR_CODE.notAllowed);
    const done = await step(tx);
    await recordAudit(tx, {
      actorId: auth.user.id,
      action,
      targetType: 'payout',
      targetId: id,
      details: { ...given, amount: formatPaise(done.amountPaise), period: done.period },
    });
    return adminView(tx, done);
  });
}

/** An admin records a manual payout's bank transfer by its UTR. Audited. */
export const recordPayoutPaid = (db: Db, ctx: MailContext, auth: AuthContext, id: string, utr: string) =>
  adminStep(db, auth, id, 'payout.paid', { utr }, (tx) => markPaid(tx, ctx, id, utr));

/** An admin records that the bank returned a manual payout, with the reason the payee reads. Audited. */
export const recordPayoutFailed = (db: Db, ctx: MailContext, auth: AuthContext, id: string, reason: string) =>
  adminStep(db, auth, id, 'payout.failed', { reason }, (tx) => markFailed(tx, ctx, id, reason));

// ---- Razorpay Route (decision 147) -------------------------------------------------------------------------

/** A Route transfer's outcome (its answer or a webhook), once: processed is paid, failed goes back. */
export async function applyTransferOutcome(
  tx: DbOrTx,
  ctx: MailContext,
  payoutId: string,
  transfer: { id: string; status: string; error?: string | null },
) {
  const row = await repo.findPayout(tx, payoutId, true);
  if (!row || row.provider !== 'razorpay_route' || row.status === 'paid' || row.status === 'failed')
    return false;
  if (transfer.status === 'processed') await markPaid(tx, ctx, row.id, transfer.id);
  else if (transfer.status === 'failed' || transfer.status === 'reversed')
    await markFailed(tx, ctx, row.id, transfer.error || 'Razorpay could not transfer the payout.');
  else await markSent(tx, ctx, row, transfer.id);
  return true;
}

/** A transfer webhook (transfer.processed, transfer.failed): the payout named in its notes moves. */
export async function applyTransferEvent(db: Db, ctx: MailContext, transfer: GatewayTransfer) {
  const payoutId = transfer.notes.payout;
  if (!payoutId || !/^[0-9a-f-]{36}$/.test(payoutId)) return false;
  return db.transaction((tx) =>
    applyTransferOutcome(tx, ctx, payoutId, {
      id: transfer.id,
      status: transfer.status,
      error: transfer.error.description,
    }),
  );
}

/** Razorpay names the linked account it already has for an email in its refusal ("… for account - acc_…"). */
const existingAccount = (e: GatewayRejected) => /\b(acc_[A-Za-z0-9]+)\b/.exec(e.description)?.[1] ?? null;

/** The payee's Route linked account, made from its bank details on its first Route payout. */
async function routeAccountOf(db: Db, ctx: PayoutRunContext, contact: repo.PayeeContact): Promise<string> {
  const d = contact.details!;
  if (d.routeAccountId) return d.routeAccountId;
  let accountId: string;
  try {
    const made = await ctx.gateway.createLinkedAccount({
      email: contact.email,
      // Razorpay keeps at most 20 characters here: the payee id without its dashes is unique enough.
      referenceId: contact.id.replace(/-/g, '').slice(0, 20),
      legalBusinessName: d.holderName ?? contact.name,
      contactName: contact.name,
    });
    accountId = made.id;
  } catch (e) {
    // A retry after a lost answer: the account exists, and the refusal names it.
    const existing = e instanceof GatewayRejected ? existingAccount(e) : null;
    if (!existing) throw e;
    accountId = existing;
  }
  await ctx.gateway.configureRouteSettlement(accountId, {
    beneficiaryName: d.holderName ?? contact.name,
    accountNumber: open(ctx.key, d.accountNumberSealed!, { userId: d.userId, column: 'account_number' }),
    ifsc: d.ifsc!,
  });
  await repo.setRouteAccount(db, d.userId, accountId);
  return accountId;
}

/**
 * The send job of a Route payout: its linked account made if needed, then one transfer under the payout's id as
 * the idempotency key (a retry after a lost answer makes no second transfer). An outage throws, so the queue
 * retries; a refusal fails the payout and gives the money back.
 */
export async function sendRoutePayout(db: Db, ctx: PayoutRunContext, payoutId: string) {
  const row = await repo.findPayout(db, payoutId);
  if (!row || row.provider !== 'razorpay_route' || row.status !== 'created') return null;
  const contact = await contactOf(db, row);
  if (!contact?.details || contact.details.method !== 'bank') {
    await db.transaction((tx) =>
      markFailed(tx, ctx, row.id, 'No bank account to transfer to: add one in your payout details.'),
    );
    return null;
  }
  let transfer: GatewayTransfer;
  try {
    const accountId = await routeAccountOf(db, ctx, contact);
    transfer = await ctx.gateway.createTransfer({
      accountId,
      amountPaise: row.amountPaise,
      idempotencyKey: row.id,
      notes: { payout: row.id, period: row.period },
    });
  } catch (e) {
    if (e instanceof GatewayRejected) {
      await db.transaction((tx) => markFailed(tx, ctx, row.id, e.description));
      return null;
    }
    await repo.updatePayout(db, row.id, {
      attempts: row.attempts + 1,
      lastError: e instanceof Error ? e.message : String(e),
    });
    throw e;
  }
  await db.transaction((tx) =>
    applyTransferOutcome(tx, ctx, row.id, {
      id: transfer.id,
      status: transfer.status,
      error: transfer.error.description,
    }),
  );
  return transfer;
}

/** Route payouts whose send job was lost (created over an hour ago): the run sends them again. */
async function resendLostRoutePayouts(ctx: PayoutRunContext, db: Db, at: Date) {
  const lost = await repo.unsentRoutePayouts(db, new Date(at.getTime() - 3_600_000), 500);
  for (const { id } of lost) await ctx.jobs.enqueue(db, 'payouts', { task: 'send', payoutId: id });
  return lost.length;
}

/**
 * The bank-upload file of a period's manual payouts still to pay, and each created one marked sent (it is in
 * the admin's hands now). The numbers are opened here only, for this file; the export is audited.
 */
export async function exportManualBatch(db: Db, ctx: PayoutsContext, auth: AuthContext, period: string) {
  return db.transaction(async (tx) => {
    const rows = await repo.manualBatch(tx, period);
    const lines = [
      ['Payout id', 'Beneficiary name', 'Account number', 'IFSC', 'UPI id', 'Amount (INR)', 'Narration'],
    ];
    for (const r of rows) {
      const d = r.details;
      const place = (column: 'upi_id' | 'account_number') => ({ userId: d!.userId, column });
      lines.push([
        r.row.id,
        d?.holderName ?? r.payeeName,
        d?.accountNumberSealed ? open(ctx.key, d.accountNumberSealed, place('account_number')) : '',
        d?.ifsc ?? '',
        d?.upiIdSealed ? open(ctx.key, d.upiIdSealed, place('upi_id')) : '',
        paiseToRupees(r.row.amountPaise, { fixed: true }),
        `Shark Security payout ${r.row.period}`,
      ]);
      await markSent(tx, ctx, r.row, null);
    }
    await recordAudit(tx, {
      actorId: auth.user.id,
      action: 'payout.export',
      targetType: 'payout_batch',
      targetId: period,
      details: { period, payouts: rows.length },
    });
    return lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
  });
}

/** RFC 4180, and a leading = + - @ neutralised so a spreadsheet never runs a cell as a formula. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toPayout(row: repo.PayoutRow): Payout {
  return {
    id: row.id,
    period: row.period,
    amountPaise: row.amountPaise,
    status: row.status,
    provider: row.provider,
    destination: row.destination,
    reference: row.reference,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
    paidAt: iso(row.paidAt),
    failedAt: iso(row.failedAt),
  };
}

async function adminView(tx: DbOrTx, row: repo.PayoutRow) {
  const contact = await contactOf(tx, row);
  return {
    ...toPayout(row),
    payeeKind: row.payeeKind,
    payeeId: row.payeeId,
    payeeName: contact?.name ?? '',
    payeeEmail: contact?.email ?? '',
  };
}

export const PAYOUTS_PAGE_SIZE = 20;

/**
 * A payee's payouts, newest first (each payout's steps, from the payouts table), and the totals paid and on
 * the way (from the ledger, like every figure of the payee's: decision 208).
 */
export async function payeePayouts(db: DbOrTx, payee: Payee, page: number) {
  const [list, totals] = await Promise.all([
    repo.payeePayoutPage(db, payee, { limit: PAYOUTS_PAGE_SIZE, offset: (page - 1) * PAYOUTS_PAGE_SIZE }),
    payeePayoutFigures(db, payee),
  ]);
  return { ...totals, total: list.total, items: list.items.map(toPayout) };
}

/** The admin's batch: a period's payouts (the latest period by default), searchable, a page at a time. */
export async function adminPayouts(
  db: DbOrTx,
  query: { period?: string; status?: repo.PayoutRow['status']; q?: string; page: number },
): Promise<AdminPayoutPage> {
  const periods = await repo.payoutPeriods(db, 52);
  const period = query.period ?? periods[0];
  const page = await repo.adminPayoutPage(
    db,
    { period, status: query.status, q: query.q },
    { limit: PAYOUTS_PAGE_SIZE, offset: (query.page - 1) * PAYOUTS_PAGE_SIZE },
  );
  return {
    total: page.total,
    periods,
    items: page.items.map((r) => ({
      ...toPayout(r.row),
      payeeKind: r.row.payeeKind,
      payeeId: r.row.payeeId,
      payeeName: r.payeeName,
      payeeEmail: r.payeeEmail,
    })),
  };
}

/**
 * What a payee was paid out, and what is on its way (created or sent), in paise: the earnings page's tiles, read
 * from the ledger's payout postings (decision 208), never from the payouts table.
 */
export const payoutTotals = (db: DbOrTx, payee: Payee) => payeePayoutFigures(db, payee);
