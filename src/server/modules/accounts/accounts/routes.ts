// Account endpoints under /api/auth: session, signup, the login portals, logout, verification, password reset.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountDeletionSchema,
  accountExportSchema,
  changeEmailSchema,
  changePasswordSchema,
  deleteAccountSchema,
  becomeFreelancerResultSchema,
  becomeFreelancerSchema,
  forgotPasswordSchema,
  freelancerSignupSchema,
  loginResultSchema,
  loginSchema,
  resendVerificationSchema,
  sessionSchema,
  signOutEverywhereSchema,
  tokenSchema,
  updatePasswordSchema,
  userSignupSchema,
  ACCOUNT_MSG,
  passwordUpdatedSchema,
} from '#shared/accounts.ts';
import { apiErrorSchema, messageSchema } from '#shared/fields.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { authOf } from '#server/http/auth-context.ts';
import type { MailContext } from '#server/modules/platform/mail/service.ts';
import {
  changePassword,
  deleteAccount,
  previewAccountDeletion,
  exportAccountData,
  requestEmailChange,
  signOutEverywhere,
} from './account-settings';
import { becomeFreelancer } from './become-freelancer';
import { verifyEmail } from './email-verification';
import { checkLogin, InvalidCredentialsError } from './login';
import { PORTAL_HOME } from '#shared/routes.ts';
import { createLoginLimiter, limitLogin, loginLimits } from './login-limiter';
import { resetPassword } from './password-reset';
import { createSession, deleteSession } from './sessions';
import { signup } from './signup';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  429: apiErrorSchema,
  500: apiErrorSchema,
};

const routes: FastifyPluginAsyncZod = async (app) => {
  const mail: MailContext = { mailer: app.mailer, appOrigin: app.config.appOrigin };
  const loginLimiter = createLoginLimiter(loginLimits(app.config.RATE_LIMIT_SCALE), app.redis);

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
      return reply.code(201).send({ message: ACCOUNT_MSG.accountCreated });
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
      return reply.code(201).send({ message: ACCOUNT_MSG.accountCreated });
    },
  );

  app.post(
    '/auth/become-freelancer',
    {
      preValidation: app.requireRole(),
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
      return { message: ACCOUNT_MSG.becameFreelancer, user: { id, email, fullName, avatarUrl }, roles };
    },
  );

  app.post(
    '/auth/login',
    { schema: { tags: ['auth'], body: loginSchema, response: { 200: loginResultSchema, ...errors } } },
    async (req, reply) => {
      const { email, password, portal } = req.body;
      // Counted before the password is checked; limits per account+address, address and account (decision 022).
      const account = await limitLogin(
        loginLimiter,
        { account: email, ip: req.ip },
        () => checkLogin(app.db, { email, password, portal }),
        (err) => err instanceof InvalidCredentialsError,
      );
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
      schema: {
        tags: ['auth'],
        body: tokenSchema,
        response: { 200: messageSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (req) => {
      const done = await verifyEmail(app.db, mail, req.body.token);
      return { message: done === 'changed' ? ACCOUNT_MSG.emailChanged : ACCOUNT_MSG.emailVerified };
    },
  );

  app.post(
    '/auth/resend-verification',
    {
      config: { rateLimit: perMinute(app, 5) },
      schema: { tags: ['auth'], body: resendVerificationSchema, response: { 200: messageSchema, ...errors } },
    },
    async (req) => {
      // Queued, never done here: the same work for any email (decision 020).
      await app.jobs.enqueue(app.db, 'account-link', { kind: 'verify', email: req.body.email });
      return { message: ACCOUNT_MSG.verificationResent };
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      config: { rateLimit: perMinute(app, 5) },
      schema: { tags: ['auth'], body: forgotPasswordSchema, response: { 200: messageSchema, ...errors } },
    },
    async (req) => {
      // Queued, never done here: the same work for any email (decision 020).
      await app.jobs.enqueue(app.db, 'account-link', { kind: 'reset', email: req.body.email });
      return { message: ACCOUNT_MSG.resetRequested };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { rateLimit: perMinute(app, 10) },
      schema: {
        tags: ['auth'],
        body: updatePasswordSchema,
        response: { 200: passwordUpdatedSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { email, primaryRole } = await resetPassword(app.db, req.body.token, req.body.password);
      // The owner took the account back: a pause that guesses at the old password caused ends (decision 022).
      await loginLimiter.lift(email);
      // Every session of the account ended, including this browser's if it had one.
      reply.clearSessionCookie();
      return { message: ACCOUNT_MSG.passwordUpdated, portal: primaryRole };
    },
  );

  // ---- Account settings (/account): any signed-in account, on its own account only ----

  app.post(
    '/me/account/password',
    {
      preValidation: app.requireRole(),
      config: { rateLimit: perMinute(app, 5) },
      schema: { tags: ['account'], body: changePasswordSchema, response: { 200: messageSchema, ...errors } },
    },
    async (req) => {
      const { user, sessionId } = authOf(req);
      await changePassword(app.db, mail, { userId: user.id, email: user.email, sessionId }, req.body);
      return { message: ACCOUNT_MSG.passwordChanged };
    },
  );

  app.post(
    '/me/account/sign-out-everywhere',
    {
      preValidation: app.requireRole(),
      schema: {
        tags: ['account'],
        body: signOutEverywhereSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req, reply) => {
      await signOutEverywhere(app.db, authOf(req).user.id);
      reply.clearSessionCookie();
      return { message: ACCOUNT_MSG.signedOutEverywhere };
    },
  );

  app.post(
    '/me/account/email',
    {
      preValidation: app.requireRole(),
      config: { rateLimit: perMinute(app, 5) },
      schema: { tags: ['account'], body: changeEmailSchema, response: { 200: messageSchema, ...errors } },
    },
    async (req) => {
      const { user } = authOf(req);
      await requestEmailChange(app.db, mail, { userId: user.id, email: user.email }, req.body);
      return { message: ACCOUNT_MSG.emailChangeRequested };
    },
  );

  app.get(
    '/me/account/export',
    {
      preValidation: app.requireRole(),
      config: { rateLimit: perMinute(app, 10) },
      schema: { tags: ['account'], response: { 200: accountExportSchema, ...errors, 404: apiErrorSchema } },
    },
    async (req, reply) => {
      const data = await exportAccountData(app.db, authOf(req).user.id);
      const day = data.exportedAt.slice(0, 10);
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="shark-security-my-data-${day}.json"`);
      return data;
    },
  );

  app.get(
    '/me/account/delete',
    {
      preValidation: app.requireRole(),
      schema: { tags: ['account'], response: { 200: accountDeletionSchema, ...errors } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return previewAccountDeletion(app.db, authOf(req).user.id);
    },
  );

  app.post(
    '/me/account/delete',
    {
      preValidation: app.requireRole(),
      config: { rateLimit: perMinute(app, 5) },
      schema: {
        tags: ['account'],
        body: deleteAccountSchema,
        response: { 200: messageSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (req, reply) => {
      const { user, roles } = authOf(req);
      await deleteAccount(
        app.db,
        app.payments,
        { userId: user.id, email: user.email, roles },
        req.body,
        app.config.APP_TIMEZONE,
      );
      reply.clearSessionCookie();
      return { message: ACCOUNT_MSG.accountDeleted };
    },
  );
};
export default routes;
