// Who is calling: reads the session cookie into request.auth, and gives routes their guards
// (`preValidation: app.requireRole('shark', 'admin')`). The browser's guards are only UX; these are the rules.
// Guards run at preValidation, before the body is checked: who may call is decided before anything about the
// input is said (a visitor posting a bad body gets 401, not field messages).
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { forbidden, unauthorized } from '../http/errors';
import { type AuthContext, readSession, SESSION_ABSOLUTE_MS, SESSION_COOKIE } from '../modules/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    requireAuth: preValidationHookHandler;
    requireRole: (...roles: Role[]) => preValidationHookHandler;
  }
  interface FastifyReply {
    setSessionCookie(token: string): FastifyReply;
    clearSessionCookie(): FastifyReply;
  }
}

/** The signed-in caller, or a 401. For handlers behind requireAuth/requireRole. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw unauthorized(MSG.loginRequired);
  return req.auth;
}


export default fp(async function auth(app: FastifyInstance) {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (req) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token) req.auth = await readSession(app.db, token);
  });

  app.decorateReply('setSessionCookie', function (this: FastifyReply, token: string) {
    return this.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: app.config.isProduction,
      path: '/',
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    });
  });
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    return this.clearCookie(SESSION_COOKIE, { path: '/' });
  });

  app.decorate('requireAuth', async function (req: FastifyRequest) {
    if (!req.auth) throw unauthorized(MSG.loginRequired);
  });

  app.decorate('requireRole', (...allowed: Role[]) => {
    return async function (req: FastifyRequest) {
      if (!req.auth) throw unauthorized(MSG.loginRequired);
      if (!req.auth.roles.some((r) => allowed.includes(r))) throw forbidden(MSG.forbidden);
    };
  });
});
