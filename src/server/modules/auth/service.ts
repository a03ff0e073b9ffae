// Accounts: signup, the login portals' rules, email verification and password reset. Routes stay HTTP-only;
// every rule a user meets lives here.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { LoginPortal } from '../../../shared/schemas/auth';
import { insertAccount, RoleNotFoundError } from '../../db/accounts';
import { queryRows, type DbOrTx, type Db } from '../../db/client';
import { freelancers, roles as rolesTable, userRoles, users } from '../../db/schema';
import { forbidden, HttpError } from '../../http/errors';
import type { Mailer } from '../mail/service';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { deleteUserSessions } from './sessions';
import { consumeEmailToken, issueEmailToken, RESET_PASSWORD_TTL_MS, VERIFY_EMAIL_TTL_MS } from './tokens';

export interface MailContext {
  mailer: Mailer;
  /** The public origin that links in mail point to. */
  appOrigin: string;
}

export interface AccountRow {
  id: string;
  email: string;
  passwordHash: string | null;
  emailConfirmed: boolean;
  fullName: string | null;
  avatarUrl: string | null;
  roles: Role[];
}

export async function findAccountByEmail(db: DbOrTx, email: string): Promise<AccountRow | null> {
  const [row] = await queryRows<{
    id: string;
    email: string;
    password_hash: string | null;
    email_confirmed_at: unknown;
    full_name: string | null;
    avatar_url: string | null;
    roles: Role[] | string | null;
  }>(
    db,
    sql`SELECT u.id, u.email, u.password_hash, u.email_confirmed_at, p.full_name, u.avatar_url,
               (SELECT array_agg(r.role_name ORDER BY ur.id) FROM user_roles ur JOIN roles r ON r.id = ur.role_id
                 WHERE ur.user_id = u.id) AS roles
        FROM users u LEFT JOIN profiles p ON p.id = u.id
        WHERE u.email = ${email.toLowerCase()}`,
  );
  if (!row) return null;
  const roles = Array.isArray(row.roles)
    ? row.roles
    : typeof row.roles === 'string'
      ? (row.roles.slice(1, -1).split(',').filter(Boolean) as Role[])
      : [];
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    emailConfirmed: row.email_confirmed_at !== null,
    fullName: row.full_name,
    avatarUrl: row.avatar_url,
    roles,
  };
}

/** Postgres' unique_violation, whether the driver error arrives bare or wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** "Role not found" is a broken installation, not bad input: a 500 that still says which step failed. */
export function roleNotFound(): HttpError {
  return new HttpError(500, MSG.roleNotFound, 'role_not_found');
}

// ---- Mail -----------------------------------------------------------------

export async function sendVerificationMail(
  db: DbOrTx,
  ctx: MailContext,
  user: { id: string; email: string },
) {
  const token = await issueEmailToken(db, user.id, 'verify_email', VERIFY_EMAIL_TTL_MS);
  const link = `${ctx.appOrigin}/verify-email?token=${token}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Verify your email for Shark Security',
    text: `Welcome to Shark Security!\n\nConfirm your email address to start using your account:\n${link}\n\nThe link works once and expires in 24 hours. If you did not sign up, ignore this mail.`,
    link,
  });
}

async function sendAlreadyRegisteredMail(ctx: MailContext, email: string) {
  const link = `${ctx.appOrigin}/forgotpassword`;
  await ctx.mailer.send({
    to: email,
    subject: 'Someone tried to sign up with your email',
    text: `Someone (maybe you) tried to create a Shark Security account with this email, which already has one.\n\nIf it was you, log in, or reset your password here:\n${link}\n\nIf it was not you, you can ignore this mail: nothing changed.`,
    link,
  });
}

export async function sendPasswordMail(
  db: DbOrTx,
  ctx: MailContext,
  user: { id: string; email: string },
  kind: 'reset' | 'welcome',
  ttlMs = RESET_PASSWORD_TTL_MS,
): Promise<string> {
  const token = await issueEmailToken(db, user.id, 'reset_password', ttlMs);
  const link = `${ctx.appOrigin}/update-password?token=${token}`;
  const hours = Math.round(ttlMs / 3_600_000);
  const expiry = `The link works once and expires in ${hours} hour${hours === 1 ? '' : 's'}.`;
  await ctx.mailer.send(
    kind === 'reset'
      ? {
          to: user.email,
          subject: 'Reset your Shark Security password',
          text: `Someone asked to reset the password of this Shark Security account.\n\nChoose a new password here:\n${link}\n\n${expiry} If you did not ask, ignore this mail: your password stays the same.`,
          link,
        }
      : {
          to: user.email,
          subject: 'Your Shark Security account is ready',
          text: `The Shark Security team created an account for you.\n\nChoose your password here to sign in:\n${link}\n\n${expiry} When it has expired, use "Forgot password" on the login page for a new one.`,
          link,
        },
  );
  return link;
}

// ---- Signup ---------------------------------------------------------------

export interface SignupInput {
  name: string;
  email: string;
  password: string;
  /** Freelancer signups also keep their skills. */
  skills?: string;
}

/**
 * Creates the account, its profile, its roles (and the freelancers row) in one transaction, then mails the
 * verification link. An email that already has an account gets the same answer and a mail to its owner,
 * so signup does not reveal who is registered (decision 021).
 */
export async function signup(
  db: Db,
  ctx: MailContext,
  kind: 'user' | 'freelancer',
  input: SignupInput,
): Promise<void> {
  const existing = await findAccountByEmail(db, input.email);
  // Hash even when the email is taken, so both paths take the same time.
  const passwordHash = await hashPassword(input.password);
  if (existing) {
    await sendAlreadyRegisteredMail(ctx, existing.email);
    return;
  }
  const roles: Role[] = kind === 'freelancer' ? ['freelancer', 'user'] : ['user'];
  let user: { id: string };
  try {
    user = await db.transaction(async (tx) => {
      const created = await insertAccount(tx, {
        email: input.email,
        fullName: input.name,
        passwordHash,
        roles,
      });
      if (kind === 'freelancer')
        await tx
          .insert(freelancers)
          .values({ userId: created.id, name: input.name, skills: input.skills ?? '' });
      return created;
    });
  } catch (err) {
    if (err instanceof RoleNotFoundError) throw roleNotFound();
    // Two signups for one email at once: the loser is answered as a taken email.
    if (isUniqueViolation(err)) {
      await sendAlreadyRegisteredMail(ctx, input.email);
      return;
    }
    throw err;
  }
  await sendVerificationMail(db, ctx, { id: user.id, email: input.email });
}

// ---- Becoming a freelancer ---------------------------------------------------

/**
 * Where the freelancer role goes in an account's ordered roles (decision 026): before the learner role, so a
 * learner's menu and home become the freelancer ones exactly as after a freelancer signup, but never before a
 * shark role, whose workspace stays the account's home.
 */
export function withFreelancerRole(current: readonly Role[]): Role[] {
  if (current.includes('freelancer')) return [...current];
  const userAt = current.indexOf('user');
  const at = userAt === -1 ? current.length : Math.max(userAt, current.lastIndexOf('shark') + 1);
  return [...current.slice(0, at), 'freelancer', ...current.slice(at)];
}

/**
 * A signed-in account becomes a freelancer in one transaction: the role (if missing) and the freelancers row
 * (created, or updated with the new name and skills), so calling it again changes nothing but the profile.
 * Admin accounts are refused: staff accounts stay out of the marketplace (decision 026).
 */
export async function becomeFreelancer(
  db: Db,
  userId: string,
  input: { name: string; skills: string },
): Promise<Role[]> {
  try {
    return await db.transaction(async (tx) => {
      // Lock the account so two submits at once run one after the other; the second then finds the role.
      await queryRows(tx, sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
      const current = (
        await tx
          .select({ role: rolesTable.roleName })
          .from(userRoles)
          .innerJoin(rolesTable, eq(rolesTable.id, userRoles.roleId))
          .where(eq(userRoles.userId, userId))
          .orderBy(userRoles.id)
      ).map((r) => r.role as Role);
      if (current.includes('admin')) throw forbidden(MSG.adminCannotFreelance, 'admin_account');
      const next = withFreelancerRole(current);
      if (next.length !== current.length) {
        // user_roles is ordered by its identity id, so putting a role in front means writing the list again.
        const found = await tx.select().from(rolesTable).where(inArray(rolesTable.roleName, next));
        const idOf = new Map(found.map((r) => [r.roleName, r.id]));
        if (next.some((r) => !idOf.has(r))) throw new RoleNotFoundError();
        await tx.delete(userRoles).where(eq(userRoles.userId, userId));
        for (const role of next)
          await tx.insert(userRoles).values({ userId, roleId: idOf.get(role) as number });
      }
      await tx
        .insert(freelancers)
        .values({ userId, name: input.name, skills: input.skills })
        .onConflictDoUpdate({
          target: freelancers.userId,
          set: { name: input.name, skills: input.skills, updatedAt: sql`now()` },
        });
      return next;
    });
  } catch (err) {
    if (err instanceof RoleNotFoundError) throw roleNotFound();
    throw err;
  }
}

// ---- Login ----------------------------------------------------------------

const FALLBACK: Record<LoginPortal, string> = {
  user: MSG.loginFailed,
  shark: MSG.sharkLoginFailed,
  freelancer: MSG.freelancerLoginFailed,
  admin: MSG.sharkLoginFailed,
};

export const PORTAL_HOME: Record<LoginPortal, string> = {
  user: '/user/dashboard',
  shark: '/shark/dashboard',
  freelancer: '/freelancer/dashboard',
  admin: '/admin',
};

/** Wrong password and unknown email both end here, with the portal's fallback text (decision 020). */
export class InvalidCredentialsError extends HttpError {
  constructor(portal: LoginPortal) {
    super(401, FALLBACK[portal], 'invalid_credentials');
  }
}

/**
 * Checks a login against the portal's rules and returns the account; creating the session is the caller's.
 * The password is checked first and always (against a dummy hash for an unknown email), so the refusals
 * below it are only ever shown to someone who knows the password.
 */
export async function checkLogin(
  db: DbOrTx,
  input: { email: string; password: string; portal: LoginPortal },
): Promise<AccountRow> {
  const account = await findAccountByEmail(db, input.email);
  const ok = await verifyPassword(account?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!account || !account.passwordHash || !ok) throw new InvalidCredentialsError(input.portal);
  if (!account.emailConfirmed) throw forbidden(MSG.verifyEmailFirst, 'email_unverified');
  const roles = account.roles;
  switch (input.portal) {
    case 'user':
      if (roles.length === 0) throw forbidden(MSG.roleNotAssigned, 'role_not_assigned');
      if (roles.length !== 1 || roles[0] !== 'user') throw forbidden(MSG.notUserAccount, 'wrong_portal');
      break;
    case 'shark':
      if (!roles.includes('shark')) throw forbidden(MSG.notAShark, 'wrong_portal');
      break;
    case 'freelancer':
      if (!roles.includes('freelancer')) throw forbidden(MSG.notAFreelancer, 'wrong_portal');
      break;
    case 'admin':
      if (!roles.includes('admin')) throw forbidden(MSG.notAnAdmin, 'wrong_portal');
      break;
  }
  return account;
}

// ---- Verification and reset --------------------------------------------------

export async function verifyEmail(db: Db, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'verify_email');
    if (!userId) throw new HttpError(400, MSG.linkInvalid, 'invalid_token');
    await tx
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
      .where(eq(users.id, userId));
  });
}

/** Mails a fresh verification link when the account exists and is still unverified; silent otherwise. */
export async function resendVerification(db: Db, ctx: MailContext, email: string): Promise<void> {
  const account = await findAccountByEmail(db, email);
  if (!account || account.emailConfirmed) return;
  await sendVerificationMail(db, ctx, account);
}

/** Mails a reset link when the account exists; the caller answers the same either way. */
export async function requestPasswordReset(db: Db, ctx: MailContext, email: string): Promise<void> {
  const account = await findAccountByEmail(db, email);
  if (!account) return;
  await sendPasswordMail(db, ctx, account, 'reset');
}

/**
 * Sets the new password from a reset link, in one transaction: the token is used up, the email counts as
 * verified (only its owner could open the link), and every session of the account ends.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<{ userId: string }> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'reset_password');
    if (!userId) throw new HttpError(400, MSG.linkInvalid, 'invalid_token');
    await tx
      .update(users)
      .set({ passwordHash, emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
      .where(eq(users.id, userId));
    await deleteUserSessions(tx, userId);
    return { userId };
  });
}
