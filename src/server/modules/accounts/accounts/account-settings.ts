// The account's own settings (/account): change password, sign out everywhere, change email (verified by a
// link to the new address), download my data, delete my account. Each write runs in one transaction with its
// mail, so a change and its notice commit together or not at all.
import { ERROR_CODE } from '#shared/error-codes.ts';
import { ACCOUNT_MSG, type AccountDeletion, type AccountExport } from '#shared/accounts.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { conflict, fieldError, HttpError } from '#server/http/errors.ts';
import type { MailContext } from '#server/modules/platform/mail/service.ts';
import { listReviewsByAuthor } from '#server/modules/catalogue/reviews/service.ts';
import {
  closeSessionsOfLeavingLearner,
  countSharkSessionsOfAccount,
  type SessionContext,
  exportSessionTexts,
  listMyBookings,
  sessionsClosedByLeaving,
} from '#server/modules/sessions/sessions/service.ts';
import { listMyFollows } from '#server/modules/accounts/follows/service.ts';
import { exportCalendarSources } from '#server/modules/calendar/calendar-imports/service.ts';
import { exportMeetingRoom } from '#server/modules/sessions/meeting-rooms/service.ts';
import { getFreelancerProfile } from '#server/modules/freelance/freelancers/service.ts';
import {
  countEngagementsOfAccount,
  exportEngagementMessages,
  exportEngagements,
} from '#server/modules/freelance/engagements/service.ts';
import { exportClientRequests } from '#server/modules/freelance/client-requests/service.ts';
import { exportProposalMessages, exportProposals } from '#server/modules/freelance/proposals/service.ts';
import { exportEngagementFiles } from '#server/modules/freelance/engagement-files/service.ts';
import { exportPayoutDetails } from '#server/modules/money/payouts/service.ts';
import { moveProfileEmail } from '#server/modules/accounts/profiles/service.ts';
import { now, todayIn } from '#server/time.ts';
import { paths } from '#shared/routes.ts';
import { hashPassword, verifyPassword } from './passwords';
import * as repo from './repository';
import { deleteUserSessions, hashToken } from './sessions';
import { CHANGE_EMAIL_TTL_MS, issueEmailToken } from './tokens';

/** Refuses with a 400 on `currentPassword` unless it is the account's password. */
async function checkCurrentPassword(db: DbOrTx, userId: string, password: string): Promise<void> {
  const ok = await verifyPassword(await repo.findPasswordHash(db, userId), password);
  if (!ok) throw fieldError('currentPassword', ACCOUNT_MSG.currentPasswordWrong);
}

/**
 * A new password; every other session and every pending link (email change, verification, reset) of the account
 * ends, and the account is told by mail.
 */
export async function changePassword(
  db: Db,
  ctx: MailContext,
  auth: { userId: string; email: string; sessionId: string },
  input: { currentPassword: string; password: string },
): Promise<void> {
  await checkCurrentPassword(db, auth.userId, input.currentPassword);
  if (input.password === input.currentPassword) throw fieldError('password', ACCOUNT_MSG.newPasswordSame);
  const { fullName } = await repo.findAccountContact(db, auth.userId);
  const passwordHash = await hashPassword(input.password, { name: fullName, email: auth.email });
  await db.transaction(async (tx) => {
    await repo.lockAccount(tx, auth.userId);
    await repo.setPasswordHash(tx, auth.userId, passwordHash);
    await deleteUserSessions(tx, auth.userId, auth.sessionId);
    await repo.retireEmailTokens(tx, auth.userId);
    await ctx.mailer.enqueue(tx, {
      to: auth.email,
      template: 'password-changed',
      data: { link: `${ctx.appOrigin}${paths.forgotPassword}` },
    });
  });
}

/** Ends every session of the account, this one included, and every pending link it was mailed. */
export const signOutEverywhere = (db: Db, userId: string) =>
  db.transaction(async (tx) => {
    await deleteUserSessions(tx, userId);
    await repo.retireEmailTokens(tx, userId);
  });

/**
 * Mails a link to the new address; the email changes only when it is opened (confirmEmailChange). An address
 * that already has an account gets no mail, and the requester the same answer: no enumeration.
 */
export async function requestEmailChange(
  db: Db,
  ctx: MailContext,
  auth: { userId: string; email: string },
  input: { email: string; currentPassword: string },
): Promise<void> {
  await checkCurrentPassword(db, auth.userId, input.currentPassword);
  const email = input.email.toLowerCase();
  if (email === auth.email.toLowerCase()) throw fieldError('email', ACCOUNT_MSG.emailSameAsCurrent);
  if (await repo.findAccountByEmail(db, email)) return;
  await db.transaction(async (tx) => {
    const token = await issueEmailToken(tx, auth.userId, 'change_email', CHANGE_EMAIL_TTL_MS, email);
    await ctx.mailer.enqueue(tx, {
      to: email,
      template: 'confirm-new-email',
      data: { link: `${ctx.appOrigin}${paths.verifyEmail}?token=${token}` },
    });
  });
}

/**
 * Uses a change-of-email link: the account moves to the new address (now verified, since only its owner could
 * open the link) and the old address is told. Returns false for a token that is not a change-of-email link.
 */
export async function confirmEmailChange(db: Db, ctx: MailContext, token: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const used = await repo.useChangeEmailToken(tx, hashToken(token));
    if (!used) return false;
    await repo.lockAccount(tx, used.userId);
    const { email: oldEmail } = await repo.findAccountContact(tx, used.userId);
    if (!oldEmail) return false;
    const taken = await repo.findAccountByEmail(tx, used.newEmail);
    if (taken) throw new HttpError(409, ACCOUNT_MSG.emailChangeTaken, ERROR_CODE.emailTaken);
    await repo.setEmail(tx, used.userId, used.newEmail);
    await moveProfileEmail(tx, used.userId, used.newEmail);
    await repo.confirmEmail(tx, used.userId);
    await ctx.mailer.enqueue(tx, {
      to: oldEmail,
      template: 'email-changed',
      data: { newEmail: used.newEmail, link: `${ctx.appOrigin}${paths.contact}` },
    });
    return true;
  });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Everything the app holds about the account (GDPR art. 15 and 20), as one JSON document. */
export async function exportAccountData(db: DbOrTx, userId: string): Promise<AccountExport> {
  const account = await repo.findAccountForExport(db, userId);
  if (!account) throw new HttpError(404, ACCOUNT_MSG.noUserLoggedIn, ERROR_CODE.notFound);
  const roles = await repo.listRoles(db, userId);
  const { shark, courses } = await repo.findSharkForExport(db, userId);
  const texts = await exportSessionTexts(db, userId);
  const feedCreatedAt = await repo.findCalendarFeedForExport(db, userId);
  return {
    exportedAt: now().toISOString(),
    account: {
      id: account.id,
      email: account.email,
      emailConfirmedAt: iso(account.emailConfirmedAt),
      createdAt: account.createdAt.toISOString(),
      roles,
    },
    profile: account.hasProfile ? { fullName: account.fullName, phone: account.phone } : null,
    bookings: await listMyBookings(db, userId),
    follows: (await listMyFollows(db, userId)).sharks,
    reviews: await listReviewsByAuthor(db, userId),
    messages: texts.messages,
    briefs: texts.briefs,
    notes: texts.notes,
    freelancerProfile: roles.includes('freelancer') ? await getFreelancerProfile(db, userId) : null,
    sharkProfile: shark,
    courses,
    calendarFeed: feedCreatedAt ? { createdAt: feedCreatedAt.toISOString() } : null,
    calendarSources: shark ? await exportCalendarSources(db, shark.id) : [],
    meetingRoom: shark ? await exportMeetingRoom(db, shark.id) : null,
    freelance: {
      requests: await exportClientRequests(db, userId),
      proposals: await exportProposals(db, userId),
      proposalMessages: await exportProposalMessages(db, userId),
      engagements: await exportEngagements(db, userId),
      engagementMessages: await exportEngagementMessages(db, userId),
      engagementFiles: await exportEngagementFiles(db, userId),
      payoutDetails: await exportPayoutDetails(db, userId),
    },
  };
}

/** What deleting the account now would cancel, and what each session refunds: shown before it is confirmed. */
export async function previewAccountDeletion(db: DbOrTx, userId: string): Promise<AccountDeletion> {
  return { sessions: await sessionsClosedByLeaving(db, userId) };
}

/**
 * Deletes the account at once: profile, credentials, sessions, tokens, follows go; bookings stay as the sharks'
 * records without the learner's name, email and phone. A learner's open sessions are cancelled (each shark is
 * mailed) and its free text is redacted for the sharks, in the same transaction (issue 21, item 9). A shark
 * with booked sessions ahead cancels them first; the last admin cannot leave the app without one.
 */
export async function deleteAccount(
  db: Db,
  ctx: SessionContext,
  auth: { userId: string; email: string; roles: readonly string[] },
  input: { currentPassword: string },
  timeZone: string,
): Promise<void> {
  await checkCurrentPassword(db, auth.userId, input.currentPassword);
  await db.transaction(async (tx) => {
    await repo.lockAccount(tx, auth.userId);
    const roles = await repo.listRoles(tx, auth.userId);
    if (roles.includes('admin') && (await repo.countAdmins(tx)) <= 1)
      throw conflict(ACCOUNT_MSG.deleteLastAdmin, ERROR_CODE.lastAdmin);
    const sharkBookings = await countSharkSessionsOfAccount(tx, auth.userId, todayIn(timeZone));
    if (sharkBookings.upcoming > 0)
      throw conflict(ACCOUNT_MSG.deleteCancelUpcomingFirst, ERROR_CODE.upcomingSessions);
    if (sharkBookings.total > 0)
      throw conflict(ACCOUNT_MSG.deleteSharkRecordsKept, ERROR_CODE.bookingRecords);
    // A client or freelancer of an engagement: its scope, messages, files and money are the other side's too.
    const engagements = await countEngagementsOfAccount(tx, auth.userId);
    if (engagements.active > 0)
      throw conflict(ACCOUNT_MSG.deleteEngagementActive, ERROR_CODE.activeEngagement);
    if (engagements.total > 0)
      throw conflict(ACCOUNT_MSG.deleteEngagementRecordsKept, ERROR_CODE.engagementRecords);
    await closeSessionsOfLeavingLearner(tx, ctx, auth.userId, ACCOUNT_MSG.deletedLearnerName);
    await repo.deleteUser(tx, auth.userId);
    await ctx.mailer.enqueue(tx, {
      to: auth.email,
      template: 'account-deleted',
      data: { link: `${ctx.appOrigin}${paths.contact}` },
    });
  });
}
