// "Be a Shark" applications: stored for an admin to review, then approved (the company makes the shark
// account) or rejected with a reason. Decision 032 records the flow for an email that already has an account.
import { ERROR_CODE } from '#shared/error-codes.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { ADMIN_MSG } from '#shared/admin.ts';
import { CONSOLE_PAGE_SIZE, type ConsolePage } from '#shared/console-page.ts';
import type { ApplicationDecision, SharkApplication, sharkApplicationSchema } from '#shared/applications.ts';
import { SPECIALIZATIONS, type Specialization } from '#shared/constants.ts';
import { paths } from '#shared/routes.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { conflict, forbidden, HttpError, notFound } from '#server/http/errors.ts';
import { now } from '#server/time.ts';
import {
  findAccountByEmail,
  listAccountRoles,
  replaceAccountRoles,
} from '#server/modules/accounts/accounts/service.ts';
import { createStaffAccountIn, ensureDraftShark } from '#server/modules/admin/admin/service.ts';
import { recordAudit } from '#server/modules/admin/audit/service.ts';
import { listAdminEmails, type MailContext, type Mailer } from '#server/modules/platform/mail/service.ts';
import * as repo from './repository';

/** How long the "confirm and become a shark" link works. */
export const CONFIRM_ROLE_DAYS = 7;

export async function saveApplication(
  db: DbOrTx,
  userId: string | null,
  input: z.output<typeof sharkApplicationSchema>,
) {
  return repo.insertApplication(db, { ...input, links: input.links === '' ? null : input.links, userId });
}

/**
 * Stores the application and queues, in the same transaction, "we received it" to the applicant and a
 * notice to every admin.
 */
export async function submitApplication(
  db: Db,
  ctx: { mailer: Mailer; appOrigin: string },
  userId: string | null,
  input: z.output<typeof sharkApplicationSchema>,
) {
  return db.transaction(async (tx) => {
    const row = await saveApplication(tx, userId, input);
    await ctx.mailer.enqueue(tx, {
      to: input.email,
      template: 'application-received',
      data: { link: ctx.appOrigin },
    });
    for (const admin of await listAdminEmails(tx)) {
      await ctx.mailer.enqueue(tx, {
        to: admin,
        template: 'application-admin-notice',
        data: {
          name: input.name,
          email: input.email,
          specialization: input.specialization,
          link: `${ctx.appOrigin}${paths.admin}`,
        },
      });
    }
    return row;
  });
}

/** A page of the console's applications, newest first; `q` searches name, email, specialization and motivation. */
export async function applicationPage(
  db: DbOrTx,
  q: string,
  page: number,
): Promise<ConsolePage<SharkApplication>> {
  const { rows, total } = await repo.pageApplications(
    db,
    q,
    CONSOLE_PAGE_SIZE,
    (page - 1) * CONSOLE_PAGE_SIZE,
  );
  return {
    items: rows.map((r) => ({
      ...r,
      decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
      createdAt: r.createdAt.toISOString(),
    })),
    page,
    pageSize: CONSOLE_PAGE_SIZE,
    total,
  };
}

const asSpecialization = (value: string): Specialization =>
  (SPECIALIZATIONS as readonly string[]).includes(value) ? (value as Specialization) : 'pentesting';
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Approves an application. A new email: the shark account (an unpublished profile prefilled from the
 * application) and its set-password mail. An email that already has an account: a confirm link by mail; the
 * shark role is added only when that person, logged in, confirms. Approving again changes nothing.
 */
export async function approveApplication(
  db: Db,
  ctx: MailContext,
  actorId: string,
  id: string,
): Promise<ApplicationDecision> {
  return db.transaction(async (tx) => {
    const app = await repo.lockApplication(tx, id);
    if (!app) throw notFound(ADMIN_MSG.applicationNotFound);
    if (app.status === 'approved' || app.status === 'awaiting_confirmation') {
      const message =
        app.status === 'approved' ? ADMIN_MSG.applicationApproved : ADMIN_MSG.applicationAwaitingConfirmation;
      return { message, status: app.status, userId: app.userId, sharkId: null };
    }
    if (app.status === 'rejected') throw conflict(ADMIN_MSG.applicationDecided, ERROR_CODE.alreadyDecided);
    const decided = { decidedAt: now(), decidedBy: actorId };
    const existing = await findAccountByEmail(tx, app.email);
    if (existing) {
      const token = randomBytes(32).toString('base64url');
      await repo.updateApplication(tx, id, {
        ...decided,
        status: 'awaiting_confirmation',
        userId: existing.id,
        confirmTokenHash: sha256(token),
        confirmExpiresAt: new Date(now().getTime() + CONFIRM_ROLE_DAYS * 86_400_000),
      });
      await recordAudit(tx, {
        actorId,
        action: 'application.approve',
        targetType: 'application',
        targetId: id,
        details: { email: app.email, existingAccount: existing.id, awaitingConfirmation: true },
      });
      await ctx.mailer.enqueue(tx, {
        to: app.email,
        template: 'application-confirm-role',
        data: {
          name: app.name,
          days: CONFIRM_ROLE_DAYS,
          link: `${ctx.appOrigin}${paths.confirmSharkRole}?token=${token}`,
        },
      });
      return {
        message: ADMIN_MSG.applicationAwaitingConfirmation,
        status: 'awaiting_confirmation',
        userId: existing.id,
        sharkId: null,
      };
    }
    const created = await createStaffAccountIn(
      tx,
      ctx,
      {
        kind: 'shark',
        email: app.email,
        name: app.name,
        specialization: asSpecialization(app.specialization),
      },
      { actorId, profile: { experience: app.experience, bio: app.motivation } },
    );
    await repo.updateApplication(tx, id, { ...decided, status: 'approved', userId: created.userId });
    await recordAudit(tx, {
      actorId,
      action: 'application.approve',
      targetType: 'application',
      targetId: id,
      details: { email: app.email, userId: created.userId, sharkId: created.sharkId },
    });
    return {
      message: ADMIN_MSG.applicationApproved,
      status: 'approved',
      userId: created.userId,
      sharkId: created.sharkId,
    };
  });
}

/** Rejects an application with a reason, mailed to the applicant. */
export async function rejectApplication(
  db: Db,
  ctx: MailContext,
  actorId: string,
  id: string,
  reason: string,
): Promise<ApplicationDecision> {
  return db.transaction(async (tx) => {
    const app = await repo.lockApplication(tx, id);
    if (!app) throw notFound(ADMIN_MSG.applicationNotFound);
    if (app.status !== 'new' && app.status !== 'awaiting_confirmation')
      throw conflict(ADMIN_MSG.applicationDecided, ERROR_CODE.alreadyDecided);
    await repo.updateApplication(tx, id, {
      status: 'rejected',
      reason,
      decidedAt: now(),
      decidedBy: actorId,
      confirmTokenHash: null,
      confirmExpiresAt: null,
    });
    await recordAudit(tx, {
      actorId,
      action: 'application.reject',
      targetType: 'application',
      targetId: id,
      reason,
      details: { email: app.email },
    });
    await ctx.mailer.enqueue(tx, {
      to: app.email,
      template: 'application-rejected',
      data: { name: app.name, reason, link: ctx.appOrigin },
    });
    return { message: ADMIN_MSG.applicationRejected, status: 'rejected', userId: app.userId, sharkId: null };
  });
}

/**
 * The person behind an approved application confirms, logged in with the email it was sent to: the shark
 * role joins the account's roles, with a draft shark profile prefilled from the application. The link works once.
 */
export async function confirmSharkRole(db: Db, userId: string, token: string): Promise<{ sharkId: string }> {
  return db.transaction(async (tx) => {
    const app = await repo.lockByConfirmToken(tx, sha256(token), now());
    if (!app) throw new HttpError(400, ADMIN_MSG.confirmTokenInvalid, ERROR_CODE.invalidToken);
    if (app.userId !== userId) throw forbidden(ADMIN_MSG.confirmWrongAccount, ERROR_CODE.wrongAccount);
    const roles = await listAccountRoles(tx, userId);
    if (!roles.includes('shark')) await replaceAccountRoles(tx, userId, [...roles, 'shark']);
    const sharkId = await ensureDraftShark(tx, {
      userId,
      name: app.name,
      specialization: asSpecialization(app.specialization),
      experience: app.experience,
      bio: app.motivation,
    });
    await repo.updateApplication(tx, app.id, {
      status: 'approved',
      confirmTokenHash: null,
      confirmExpiresAt: null,
    });
    await recordAudit(tx, {
      actorId: userId,
      action: 'role.grant',
      targetType: 'user',
      targetId: userId,
      details: { role: 'shark', application: app.id, sharkId, confirmedByOwner: true },
    });
    return { sharkId };
  });
}
