// Creating an account row set (user + profile + roles) in one transaction. Used by signup, the admin
// console, the admin CLI, the demo seed and test fixtures, so there is one way to make an account.
import { inArray } from 'drizzle-orm';
import type { Role } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import type { DbOrTx } from './client';
import { profiles, roles, userRoles, users } from './schema';

export interface NewAccount {
  email: string;
  fullName: string;
  passwordHash: string | null;
  /** In order: the first is the primary role. */
  roles: Role[];
  emailConfirmed?: boolean;
}

export class RoleNotFoundError extends Error {
  constructor() {
    super(MSG.roleNotFound);
  }
}

/** Must run inside a transaction: a failure at any step leaves nothing half-made. */
export async function insertAccount(tx: DbOrTx, input: NewAccount): Promise<{ id: string }> {
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email.toLowerCase(),
      passwordHash: input.passwordHash,
      emailConfirmedAt: input.emailConfirmed ? new Date() : null,
    })
    .returning({ id: users.id });
  await tx.insert(profiles).values({ id: user.id, fullName: input.fullName, email: input.email.toLowerCase() });
  const found = await tx.select().from(roles).where(inArray(roles.roleName, input.roles));
  const byName = new Map(found.map((r) => [r.roleName, r.id]));
  for (const role of input.roles) {
    const roleId = byName.get(role);
    if (roleId === undefined) throw new RoleNotFoundError();
    await tx.insert(userRoles).values({ userId: user.id, roleId });
  }
  return user;
}
