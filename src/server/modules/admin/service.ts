// The company's side of accounts: shark and admin accounts are created here (by the admin console and by
// the admin CLI through the same function), never by signup.
import { asc, eq } from 'drizzle-orm';
import type { Specialization } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import type { AdminShark } from '../../../shared/schemas/admin';
import { insertAccount, RoleNotFoundError } from '../../db/accounts';
import type { Db, DbOrTx } from '../../db/client';
import { sharks, users } from '../../db/schema';
import { conflict } from '../../http/errors';
import {
  findAccountByEmail,
  isUniqueViolation,
  roleNotFound,
  sendPasswordMail,
  type MailContext,
} from '../auth/service';
import { SET_PASSWORD_TTL_MS } from '../auth/tokens';

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
 * 72-hour set-your-password link. The rows are one transaction; the mail goes after the commit.
 */
export async function createStaffAccount(
  db: Db,
  ctx: MailContext,
  input: StaffAccountInput,
): Promise<StaffAccountResult> {
  const email = input.email.trim().toLowerCase();
  if (await findAccountByEmail(db, email)) throw conflict(MSG.accountEmailTaken, 'email_taken');
  let created: { userId: string; sharkId: string | null };
  try {
    created = await db.transaction(async (tx) => {
      const { id } = await insertAccount(tx, {
        email,
        fullName: input.name,
        passwordHash: null,
        roles: [input.kind],
        emailConfirmed: true,
      });
      if (input.kind !== 'shark') return { userId: id, sharkId: null };
      const [shark] = await tx
        .insert(sharks)
        .values({
          userId: id,
          name: input.name,
          specialization: input.specialization ?? 'pentesting',
          published: false,
        })
        .returning({ id: sharks.id });
      return { userId: id, sharkId: shark.id };
    });
  } catch (err) {
    if (err instanceof RoleNotFoundError) throw roleNotFound();
    if (isUniqueViolation(err)) throw conflict(MSG.accountEmailTaken, 'email_taken');
    throw err;
  }
  const link = await sendPasswordMail(db, ctx, { id: created.userId, email }, 'welcome', SET_PASSWORD_TTL_MS);
  return { ...created, link };
}

/** Every shark, published or not, for the admin's shark picker. */
export async function listAllSharks(db: DbOrTx): Promise<AdminShark[]> {
  return db
    .select({
      id: sharks.id,
      userId: sharks.userId,
      name: sharks.name,
      email: users.email,
      specialization: sharks.specialization,
      published: sharks.published,
    })
    .from(sharks)
    .innerJoin(users, eq(users.id, sharks.userId))
    .orderBy(asc(sharks.name), asc(sharks.id));
}
