// A signed-in account becomes a freelancer (decision 026).
import { ERROR_CODE } from '#shared/error-codes.ts';
import type { Role } from '#shared/constants.ts';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import type { Db } from '#server/db/client.ts';
import { forbidden } from '#server/http/errors.ts';
import { saveNameAndSkills } from '#server/modules/freelance/freelancers/service.ts';
import { listRoles, lockAccount, replaceRoles, RoleNotFoundError } from './repository';
import { roleNotFound } from './service';

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
 * The role (if missing) and the freelancers row (created, or updated with the new name and skills) in one
 * transaction, so calling it again changes nothing but the profile. Admin accounts are refused: staff
 * accounts stay out of the marketplace (decision 026).
 */
export async function becomeFreelancer(
  db: Db,
  userId: string,
  input: { name: string; skills: string },
): Promise<Role[]> {
  try {
    return await db.transaction(async (tx) => {
      // Two submits at once run one after the other; the second then finds the role.
      await lockAccount(tx, userId);
      const current = await listRoles(tx, userId);
      if (current.includes('admin'))
        throw forbidden(ACCOUNT_MSG.adminCannotFreelance, ERROR_CODE.adminAccount);
      const next = withFreelancerRole(current);
      if (next.length !== current.length) await replaceRoles(tx, userId, next);
      await saveNameAndSkills(tx, userId, input);
      return next;
    });
  } catch (err) {
    if (err instanceof RoleNotFoundError) throw roleNotFound();
    throw err;
  }
}
