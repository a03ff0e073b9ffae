// Who is calling: reads the session cookie into request.auth, and gives routes THE guard
// (`preValidation: app.requireRole('shark', 'admin')`). The browser's guards are only UX; these are the rules.
// Guards run at preValidation, before the body is checked: who may call is decided before anything about the
// input is said (a visitor posting a bad body gets 401, not field messages).
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import type { Config } from '#server/config.ts';
import fp from 'fastify-plugin';
import type { Role } from '#shared/constants.ts';
import { COMMON_MSG } from '#shared/common.ts';
import { GUARD_ROLES } from '#server/http/auth-context.ts';
import { forbidden, unauthorized } from '#server/http/errors.ts';
import {
  readSession,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
} from '#server/modules/accounts/accounts/sessions.ts';

/** The texts of a guard's refusals, where the spec words them for that route. */
export interface GuardMessages {
  /** For a visitor (401); default "log in". */
  unauthorized?: string;
  /** For a signed-in account without any of the roles (403); default "no access". */
  forbidden?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The one guard: a signed-in account holding any of `roles` passes. With no roles, any signed-in account
     * passes. A trailing GuardMessages replaces the default 401/403 texts.
     */
    requireRole: (...rolesAndMessages: [...Role[]] | [...Role[], GuardMessages]) => preValidationHookHandler;
  }
  interface FastifyReply {
    setSessionCookie(token: string): FastifyReply;
    clearSessionCookie(): FastifyReply;
  }
}

/**
 * The session cookie's name: in production `__Host-sid`, which browsers accept only when Secure, with Path=/ and
 * no Domain, so no subdomain and no plain-HTTP page can set or overwrite it (issue 10, finding 13). Plain `sid`
 * elsewhere, since development runs on http://localhost.
 */
export const sessionCookieName = (config: Pick<Config, 'isProduction'>) =>
  config.isProduction ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;

export default fp(async function auth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  const cookieName = sessionCookieName(app.config);
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.isProduction,
    path: '/',
  } as const;

  // The session is read only where it can matter: the API (and, lazily, any guarded route). Pages and static
  // files never touch the database, so a signed-in browser still gets the app shell during a database outage
  // and sees the API's own error message (issue 10, finding 11).
  const loaded = new WeakSet<FastifyRequest>();
  const loadAuth = async (req: FastifyRequest) => {
    if (loaded.has(req)) return;
    loaded.add(req);
    const token = req.cookies[cookieName];
    if (token) req.auth = await readSession(app.db, token);
  };
  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith('/api/')) await loadAuth(req);
  });

  app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string) {
    return this.setCookie(cookieName, token, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
  });
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    // Same attributes as when set: a browser ignores a __Host- cookie's removal without Secure.
    return this.clearCookie(cookieName, cookieOptions);
  });

  app.decorate('requireRole', (...args: Array<Role | GuardMessages>) => {
    const allowed = args.filter((a): a is Role => typeof a === 'string');
    const messages = args.find((a): a is GuardMessages => typeof a === 'object') ?? {};
    const guard = async function requireRole(req: FastifyRequest) {
      await loadAuth(req);
      if (!req.auth) throw unauthorized(messages.unauthorized ?? COMMON_MSG.loginRequired);
      if (allowed.length > 0 && !req.auth.roles.some((r) => allowed.includes(r)))
        throw forbidden(messages.forbidden ?? COMMON_MSG.forbidden);
    };
    // The OpenAPI document reads who may call a route from its guard (http/openapi.ts).
    return Object.assign(guard, { [GUARD_ROLES]: allowed });
  });
});
