// Account endpoints under /api/auth: session, signup, the login portals, logout, verification, password reset.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../shared/messages';
import {
  becomeFreelancerResultSchema,
  becomeFreelancerSchema,
  forgotPasswordSchema,
  freelancerSignupSchema,
  loginResultSchema,
  loginSchema,
  resendVerificationSchema,
  sessionSchema,
  tokenSchema,
  updatePasswordSchema,
  userSignupSchema,
} from '../../../shared/schemas/auth';
import { apiErrorSchema, messageSchema } from '../../../shared/schemas/common';
import { HttpError } from '../../http/errors';
import { perMinute } from '../../http/rate-limit';
import { authOf } from '../../plugins/auth';
import { createLoginLimiter } from './login-limiter';
import {
  becomeFreelancer,
  checkLogin,
  InvalidCredentialsError,
  PORTAL_HOME,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signup,
  verifyEmail,
  type MailContext,
} from './service';
import { createSession, deleteSession } from './sessions';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  429: apiErrorSchema,
  500: apiErrorSchema,
};

/** Failed logins allowed per account and per IP each minute; the next attempt gets 429. */
const LOGIN_FAILURES_PER_MINUTE = 5;

const routes: FastifyPluginAsyncZod = async (app) => {
  const mail: MailContext = { mailer: app.mailer, appOrigin: app.config.appOrigin };
  const loginLimiter = createLoginLimiter(perMinute(app, LOGIN_FAILURES_PER_MINUTE).max, app.redis);

  app.get(
    '/auth/session',
    { schema: { tags: ['auth'], response: { 200: sessionSchema } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      if (!req.auth) return { user: null, roles: [] };
      const { id, email, fullName, avatarUrl } = req.auth.user;
      return { user: { id, email, fullName, avatarUrl }, roles: req.auth.roles };
    },
  );

  app.post(
    '/auth/signup/user',
    {
      config: { rateLimit: perMinute(app, 10) },
      schema: { tags: ['auth'], body: userSignupSchema, response: { 201: messageSchema, ...errors } },
    },
    async (req, reply) => {
      const { name, email, password } = req.body;
      await signup(app.db, mail, 'user', { name, email, password });
      return reply.code(201).send({ message: MSG.accountCreated });
    },
  );

  app.post(
    '/auth/signup/freelancer',
    {
      config: { rateLimit: perMinute(app, 10) },
      schema: { tags: ['auth'], body: freelancerSignupSchema, response: { 201: messageSchema, ...errors } },
    },
    async (req, reply) => {
      const { name, email, password, skills } = req.body;
      await signup(app.db, mail, 'freelancer', { name, email, password, skills });
      return reply.code(201).send({ message: MSG.accountCreated });
    },
  );

  app.post(
    '/auth/become-freelancer',
    {
      preValidation: app.requireAuth,
      config: { rateLimit: perMinute(app, 10) },
      schema: {
        tags: ['auth'],
        body: becomeFreelancerSchema,
        response: { 200: becomeFreelancerResultSchema, ...errors },
      },
    },
    async (req) => {
      const { user } = authOf(req);
      // Roles are read from the database on every request, so this session (and the account's others) see the
      // new role at once; no new token is needed since no credential was proved (decision 026).
      const roles = await becomeFreelancer(app.db, user.id, req.body);
      const { id, email, fullName, avatarUrl } = user;
      return { message: MSG.becameFreelancer, user: { id, email, fullName, avatarUrl }, roles };
    },
  );

  app.post(
    '/auth/login',
    { schema: { tags: ['auth'], body: loginSchema, response: { 200: loginResultSchema, ...errors } } },
    async (req, reply) => {
      const { email, password, portal } = req.body;
      const keys = [`account:${email}`, `ip:${req.ip}`];
      if (await loginLimiter.isBlocked(keys)) throw new HttpError(429, MSG.rateLimited, 'rate_limited');
      let account;
      try {
        account = await checkLogin(app.db, { email, password, portal });
      } catch (err) {
        if (err instanceof InvalidCredentialsError) await loginLimiter.recordFailure(keys);
        throw err;
      }
      await loginLimiter.clear(keys[0]);
      // A new token at every login, and the caller's old session (if any) ends: no session fixation.
      if (req.auth) await deleteSession(app.db, req.auth.sessionId);
      const { token } = await createSession(app.db, account.id);
      reply.setSessionCookie(token);
      return {
        user: {
          id: account.id,
          email: account.email,
          fullName: account.fullName,
          avatarUrl: account.avatarUrl,
        },
        roles: account.roles,
        redirectTo: PORTAL_HOME[portal],
      };
    },
  );

  app.post(
    '/auth/logout',
    { schema: { tags: ['auth'], response: { 204: z.null() } } },
    async (req, reply) => {
      if (req.auth) await deleteSession(app.db, req.auth.sessionId);
      reply.clearSessionCookie();
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/verify-email',
    {
      config: { rateLimit: perMinute(app, 20) },
      schema: { tags: ['auth'], body: tokenSchema, response: { 200: messageSchema, ...errors } },
    },
    async (req) => {
      await verifyEmail(app.db, req.body.token);
      return { message: MSG.emailVerified };
    },
  );

  app.post(
    '/auth/resend-verification',
    {
      config: { rateLimit: perMinute(app, 5) },
      schema: { tags: ['auth'], body: resendVerificationSchema, response: { 200: messageSchema, ...errors } },
    },
    async (req) => {
      await resendVerification(app.db, mail, req.body.email);
      return { message: MSG.verificationResent };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { rateLimit: perMinute(app, 5) },
      schema: { tags: ['auth'], body: forgotPasswordSchema, response: { 200: messageSchema, ...errors } },
    },
    async (req) => {
      await requestPasswordReset(app.db, mail, req.body.email);
      return { message: MSG.resetRequested };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { rateLimit: perMinute(app, 10) },
      schema: { tags: ['auth'], body: updatePasswordSchema, response: { 200: messageSchema, ...errors } },
    },
    async (req, reply) => {
      await resetPassword(app.db, req.body.token, req.body.password);
      // Every session of the account ended, including this browser's if it had one.
      reply.clearSessionCookie();
      return { message: MSG.passwordUpdated };
    },
  );
};
export default routes;
