// The company's side of accounts: shark and admin accounts are created here (by the admin console and by
// the admin CLI through the same function), never by signup.
import { ERROR_CODE } from '#shared/error-codes.ts';
import type { Specialization } from '#shared/constants.ts';
import {
  ADMIN_MSG,
  type AdminBookingPage,
  type AdminSharkState,
  type AdminSharkStatePage,
  type AdminUserPage,
} from '#shared/admin.ts';
import { paths } from '#shared/routes.ts';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { conflict, notFound } from '#server/http/errors.ts';
import { now } from '#server/time.ts';
import {
  createAccount,
  endAllSessions,
  findAccountByEmail,
  mailSetPasswordLink,
  setAccountSuspension,
} from '#server/modules/accounts/accounts/service.ts';
import { recordAudit } from '#server/modules/admin/audit/service.ts';
import { contactMessagePage } from '#server/modules/platform/contact/service.ts';
import {
  countLearnerBookings,
  countSharkCancellations,
  searchSessionsForAdmin,
} from '#server/modules/sessions/sessions/service.ts';
import type { MailContext } from '#server/modules/platform/mail/service.ts';
import { insertDraftShark, setSharkPublishedByAdmin } from '#server/modules/sessions/workspace/service.ts';
import * as repo from './repository';

export type StaffAccountInput =
  | { kind: 'shark'; email: string; name: string; specialization?: Specialization }
  | { kind: 'admin'; email: string; name: string };

export interface StaffAccountResult {
  userId: string;
  /** Set for a shark account. */
  sharkId: string | null;
  /** The set-your-password link that was mailed (the CLI prints it). */
  link: string;
}

/**
 * A shark (role shark, plus an unpublished sharks row the shark fills in later) or an admin account: the
 * email counts as verified (the company knows it), there is no password yet, and the mail carries a
 * 72-hour set-your-password link. The rows and the queued mail are one transaction.
 */
export async function createStaffAccount(
  db: Db,
  ctx: MailContext,
  input: StaffAccountInput,
  /** The admin who asked; null for the admin CLI (the machine's operator). */
  actorId: string | null = null,
): Promise<StaffAccountResult> {
  const email = input.email.trim().toLowerCase();
  if (await findAccountByEmail(db, email))
    throw conflict(ACCOUNT_MSG.accountEmailTaken, ERROR_CODE.emailTaken);
  try {
    return await db.transaction((tx) => createStaffAccountIn(tx, ctx, input, { actorId }));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ACCOUNT_MSG.accountEmailTaken, ERROR_CODE.emailTaken);
    throw err;
  }
}

/**
 * The same inside the caller's transaction (an approved application): the rows and the queued mail commit
 * with the caller's change, or none does. `profile` prefills the draft shark row.
 */
export async function createStaffAccountIn(
  tx: DbOrTx,
  ctx: MailContext,
  input: StaffAccountInput,
  opts: { actorId: string | null; profile?: { experience?: number; bio?: string | null } },
): Promise<StaffAccountResult> {
  const email = input.email.trim().toLowerCase();
  const { id } = await createAccount(tx, {
    email,
    fullName: input.name,
    passwordHash: null,
    roles: [input.kind],
    emailConfirmed: true,
  });
  // The set-password mail commits with the account, or neither does.
  const mail = { id, email, name: input.name, role: input.kind };
  await recordAudit(tx, {
    actorId: opts.actorId,
    action: 'role.grant',
    targetType: 'user',
    targetId: id,
    details: { role: input.kind, email, newAccount: true },
  });
  if (input.kind !== 'shark') {
    const link = await mailSetPasswordLink(tx, ctx, mail);
    return { userId: id, sharkId: null, link };
  }
  const sharkId = await insertDraftShark(tx, {
    userId: id,
    name: input.name,
    specialization: input.specialization ?? 'pentesting',
    ...opts.profile,
  });
  const link = await mailSetPasswordLink(tx, ctx, mail);
  return { userId: id, sharkId, link };
}

/** A draft shark row for an existing account that just gained the shark role (kept if it already has one). */
export async function ensureDraftShark(
  tx: DbOrTx,
  input: { userId: string; name: string; specialization: Specialization; experience: number; bio: string },
): Promise<string> {
  return (await repo.findSharkIdByUser(tx, input.userId)) ?? insertDraftShark(tx, input);
}

/** Every shark, published or not, with its state (suspended, credentials); `q` searches name and email. */
export async function listAllSharks(db: DbOrTx, q = ''): Promise<AdminSharkState[]> {
  const rows = await repo.listAllSharks(db, q);
  const cancellations = await countSharkCancellations(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, sharkCancellations: cancellations.get(r.id) ?? 0 }));
}

export const SHARKS_PAGE_SIZE = 10;

/** The console's sharks tab: a page of sharks by name, with their state; `q` searches name and email. */
export async function sharkStatePage(db: DbOrTx, q: string, page: number): Promise<AdminSharkStatePage> {
  const [rows, total] = await Promise.all([
    repo.listAllSharks(db, q, SHARKS_PAGE_SIZE, (page - 1) * SHARKS_PAGE_SIZE),
    repo.countSharks(db, q),
  ]);
  const cancellations = await countSharkCancellations(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({ ...r, sharkCancellations: cancellations.get(r.id) ?? 0 })),
    page,
    pageSize: SHARKS_PAGE_SIZE,
    total,
  };
}

const mailCtxLink = (ctx: MailContext, path: string) => `${ctx.appOrigin}${path}`;

/**
 * Publishes or unpublishes a shark's profile with a reason; the shark is told by mail; audited. An unpublish
 * sticks: the shark cannot publish again until an admin does (issue 21, finding 2).
 */
export async function setPublication(
  db: Db,
  ctx: MailContext,
  actorId: string,
  sharkId: string,
  input: { published: boolean; reason: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const shark = await repo.lockShark(tx, sharkId);
    if (!shark) throw notFound(ADMIN_MSG.sharkNotFound);
    await setSharkPublishedByAdmin(tx, sharkId, input.published, input.reason);
    await recordAudit(tx, {
      actorId,
      action: input.published ? 'shark.publish' : 'shark.unpublish',
      targetType: 'shark',
      targetId: sharkId,
      reason: input.reason,
      details: { name: shark.name, wasPublished: shark.published },
    });
    await ctx.mailer.enqueue(tx, {
      to: shark.email,
      template: 'shark-publication',
      data: {
        name: shark.name,
        published: input.published,
        reason: input.reason,
        link: mailCtxLink(ctx, paths.shark.dashboard),
      },
    });
  });
}

export const USERS_PAGE_SIZE = 25;

/** Accounts by email or name, newest first, with roles, state and booking count. */
export async function searchAccounts(db: DbOrTx, q: string, page: number): Promise<AdminUserPage> {
  const { items, total } = await repo.searchUsers(db, q, USERS_PAGE_SIZE, (page - 1) * USERS_PAGE_SIZE);
  const bookings = await countLearnerBookings(
    db,
    items.map((u) => u.id),
  );
  return {
    items: items.map((u) => ({
      ...u,
      bookings: bookings.get(u.id) ?? 0,
      suspendedAt: u.suspendedAt ? u.suspendedAt.toISOString() : null,
      createdAt: u.createdAt.toISOString(),
    })),
    page,
    pageSize: USERS_PAGE_SIZE,
    total,
  };
}

/**
 * Suspends an account: no login, every session ended now, its shark profile hidden from the catalogue (the
 * sharks_with_meta view), the owner told by mail. Never oneself, never the last active admin.
 */
export async function suspendAccount(
  db: Db,
  ctx: MailContext,
  actorId: string,
  userId: string,
  reason: string,
): Promise<void> {
  if (userId === actorId) throw conflict(ADMIN_MSG.cannotSuspendSelf, ERROR_CODE.cannotSuspendSelf);
  await db.transaction(async (tx) => {
    const activeAdmins = await repo.lockActiveAdmins(tx);
    const user = await repo.lockUser(tx, userId);
    if (!user) throw notFound(ADMIN_MSG.accountNotFound);
    if (user.suspendedAt) throw conflict(ADMIN_MSG.alreadySuspended, ERROR_CODE.alreadySuspended);
    if (user.roles.includes('admin') && activeAdmins.every((id) => id === userId))
      throw conflict(ADMIN_MSG.cannotSuspendLastAdmin, ERROR_CODE.lastAdmin);
    await setAccountSuspension(tx, userId, { at: now(), reason });
    await endAllSessions(tx, userId);
    await recordAudit(tx, {
      actorId,
      action: 'account.suspend',
      targetType: 'user',
      targetId: userId,
      reason,
      details: { email: user.email, roles: user.roles },
    });
    await ctx.mailer.enqueue(tx, {
      to: user.email,
      template: 'account-suspended',
      data: { reason, link: mailCtxLink(ctx, paths.contact) },
    });
  });
}

/** Lifts a suspension: the account can log in again and its profile shows as before; the owner is told. */
export async function liftSuspension(
  db: Db,
  ctx: MailContext,
  actorId: string,
  userId: string,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await repo.lockUser(tx, userId);
    if (!user) throw notFound(ADMIN_MSG.accountNotFound);
    if (!user.suspendedAt) throw conflict(ADMIN_MSG.notSuspended, ERROR_CODE.notSuspended);
    await setAccountSuspension(tx, userId, null);
    await recordAudit(tx, {
      actorId,
      action: 'account.unsuspend',
      targetType: 'user',
      targetId: userId,
      reason,
      details: { email: user.email },
    });
    await ctx.mailer.enqueue(tx, {
      to: user.email,
      template: 'suspension-lifted',
      data: { link: mailCtxLink(ctx, paths.login.chooser) },
    });
  });
}

export const BOOKINGS_PAGE_SIZE = 25;

/** Sessions (bookings) by learner, shark, course and date range. */
export async function searchSessions(
  db: DbOrTx,
  filters: Parameters<typeof searchSessionsForAdmin>[1],
  page: number,
): Promise<AdminBookingPage> {
  // A report is shown on any row that has one: a "took place" ruling leaves the session completed.
  const {
    items,
    total,
    reports: reportRows,
    rulings: rulingRows,
  } = await searchSessionsForAdmin(db, filters, BOOKINGS_PAGE_SIZE, (page - 1) * BOOKINGS_PAGE_SIZE);
  const rulings = new Map(
    rulingRows.map((r) => [
      r.bookingId,
      { outcome: r.outcome ?? ('upheld' as const), reason: r.reason, at: r.at.toISOString() },
    ]),
  );
  const reports = new Map(
    reportRows.map((r) => [
      r.bookingId,
      {
        reportedBy: r.actor === 'shark' ? ('shark' as const) : ('learner' as const),
        note: r.reason,
        at: r.at.toISOString(),
        resolution: rulings.get(r.bookingId) ?? null,
      },
    ]),
  );
  return {
    items: items.map((b) => ({
      ...b,
      time: b.time.slice(0, 5),
      createdAt: b.createdAt.toISOString(),
      noShow: reports.get(b.id) ?? null,
    })),
    page,
    pageSize: BOOKINGS_PAGE_SIZE,
    total,
  };
}

/** A page of the contact inbox, newest first. */
export const inboxPage = (db: DbOrTx, q: string, page: number) => contactMessagePage(db, q, page);
