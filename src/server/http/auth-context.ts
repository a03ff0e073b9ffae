// Who is calling: the shape the auth plugin puts on request.auth, and the accessor handlers use behind a
// guard. Lives in http so that modules read the caller without importing the plugin that sets it.
import type { FastifyRequest } from 'fastify';
import type { Role } from '#shared/constants.ts';
import { COMMON_MSG } from '#shared/common.ts';
import { unauthorized } from './errors';

export interface AuthContext {
  sessionId: string;
  user: {
    id: string;
    email: string;
    fullName: string | null;
    avatarUrl: string | null;
    emailConfirmed: boolean;
  };
  /** Ordered by assignment: roles[0] is the primary role. */
  roles: Role[];
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The signed-in caller, or a 401. For handlers behind a requireRole guard. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized(COMMON_MSG.loginRequired);
  return req.auth;
}

/**
 * The roles a guard built by requireRole admits (empty: any signed-in account), kept on the guard function: the
 * OpenAPI transform reads them here, below the auth plugin that sets them.
 */
export const GUARD_ROLES = Symbol.for('sharks.guardRoles');
