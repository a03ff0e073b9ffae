// Signup of a learner or a freelancer: the account rows in one transaction, then the verification mail.
import type { Role } from '#shared/constants.ts';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import type { MailContext } from '#server/modules/platform/mail/service.ts';
import { saveNameAndSkills } from '#server/modules/freelance/freelancers/service.ts';
import { sendVerificationMail } from './email-verification';
import { hashPassword } from './passwords';
import { findAccountByEmail } from './repository';
import { createAccount } from './service';
import { paths } from '#shared/routes.ts';

export interface SignupInput {
  name: string;
  email: string;
  password: string;
  /** Freelancer signups also keep their skills. */
  skills?: string;
}

const sendAlreadyRegisteredMail = (db: DbOrTx, ctx: MailContext, email: string) =>
  ctx.mailer.enqueue(db, {
    to: email,
    template: 'account-exists',
    data: { link: `${ctx.appOrigin}${paths.forgotPassword}` },
  });

/**
 * Creates the account, its profile, its roles (and the freelancers row) and queues the verification mail in
 * one transaction. An email that already has an account gets the same answer and a mail to its owner,
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
  const passwordHash = await hashPassword(input.password, { name: input.name, email: input.email });
  if (existing) {
    await sendAlreadyRegisteredMail(db, ctx, existing.email);
    return;
  }
  const roles: Role[] = kind === 'freelancer' ? ['freelancer', 'user'] : ['user'];
  try {
    await db.transaction(async (tx) => {
      const created = await createAccount(tx, {
        email: input.email,
        fullName: input.name,
        passwordHash,
        roles,
      });
      if (kind === 'freelancer')
        await saveNameAndSkills(tx, created.id, { name: input.name, skills: input.skills ?? '' });
      // The verification mail commits with the account, or neither does.
      await sendVerificationMail(tx, ctx, { id: created.id, email: input.email });
    });
  } catch (err) {
    // Two signups for one email at once: the loser is answered as a taken email.
    if (isUniqueViolation(err)) {
      await sendAlreadyRegisteredMail(db, ctx, input.email);
      return;
    }
    throw err;
  }
}
