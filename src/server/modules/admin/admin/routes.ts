// The admin console's API (role admin): create shark accounts, list sharks, read the contact inbox, search
// sessions and rule on their disputed no-shows.
// Plus the loopback endpoint the admin CLI uses while the server owns the embedded database.
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SPECIALIZATIONS } from '#shared/constants.ts';
import {
  ADMIN_MSG,
  adminBookingPageSchema,
  adminSharkStateSchema,
  adminUserPageSchema,
  auditPageSchema,
  bookingSearchQuerySchema,
  contactMessagePageSchema,
  createSharkResultSchema,
  createSharkSchema,
  adminSharkStatePageSchema,
  auditQuerySchema,
  sharkStateQuerySchema,
  publicationSchema,
  reasonSchema,
  sharkSearchQuerySchema,
  userSearchQuerySchema,
} from '#shared/admin.ts';
import { apiErrorSchema, emailField, messageSchema } from '#shared/fields.ts';
import { consoleListQuerySchema } from '#shared/console-page.ts';
import { resolveNoShowSchema, sessionActionResultSchema } from '#shared/sessions.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { idParams } from '#server/http/params.ts';
import { authOf } from '#server/http/auth-context.ts';
import { auditPage } from '#server/modules/admin/audit/service.ts';
import { resolveNoShow } from '#server/modules/sessions/sessions/service.ts';
import { COMMON_MSG } from '#shared/common.ts';
import { notFound } from '#server/http/errors.ts';
import { CLI_SECRET_HEADER, cliSecretMatches, isLoopback } from '#server/db/cli-handoff.ts';
import {
  createStaffAccount,
  liftSuspension,
  listAllSharks,
  inboxPage,
  searchAccounts,
  searchSessions,
  setPublication,
  sharkStatePage,
  suspendAccount,
} from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

const cliAccountSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('shark'),
    email: emailField(),
    name: z.string().trim().min(1, COMMON_MSG.nameRequired).max(120),
    specialization: z.enum(SPECIALIZATIONS).optional(),
  }),
  z.object({
    kind: z.literal('admin'),
    email: emailField(),
    name: z.string().trim().min(1, COMMON_MSG.nameRequired).max(120),
  }),
]);

const routes: FastifyPluginAsyncZod = async (app) => {
  const mail = { mailer: app.mailer, appOrigin: app.config.appOrigin };
  const adminOnly = app.requireRole('admin');

  /** The admin CLI's guard: a loopback caller holding the secret file of DATA_DIR, or a 404 like any unknown route. */
  async function requireCliCaller(req: FastifyRequest) {
    const secret = req.headers[CLI_SECRET_HEADER];
    if (
      !isLoopback(req.socket.remoteAddress) ||
      !cliSecretMatches(app.config.DATA_DIR, typeof secret === 'string' ? secret : undefined)
    )
      throw notFound(COMMON_MSG.notFound);
  }

  app.post(
    '/admin/sharks',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        body: createSharkSchema,
        response: { 201: createSharkResultSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { userId, sharkId } = await createStaffAccount(
        app.db,
        mail,
        { kind: 'shark', ...req.body },
        authOf(req).user.id,
      );
      return reply.code(201).send({ userId, sharkId: sharkId as string });
    },
  );

  app.get(
    '/admin/sharks',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        querystring: sharkSearchQuerySchema,
        response: { 200: z.array(adminSharkStateSchema), ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listAllSharks(app.db, req.query.q);
    },
  );

  app.get(
    '/admin/sharks/states',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        querystring: sharkStateQuerySchema,
        response: { 200: adminSharkStatePageSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return sharkStatePage(app.db, req.query.q, req.query.page);
    },
  );

  app.put(
    '/admin/sharks/:id/publication',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        params: idParams(COMMON_MSG.notFound),
        body: publicationSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      await setPublication(app.db, mail, authOf(req).user.id, req.params.id, req.body);
      return { message: req.body.published ? ADMIN_MSG.sharkPublished : ADMIN_MSG.sharkUnpublished };
    },
  );

  app.get(
    '/admin/users',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        querystring: userSearchQuerySchema,
        response: { 200: adminUserPageSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return searchAccounts(app.db, req.query.q, req.query.page);
    },
  );

  app.post(
    '/admin/users/:id/suspension',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        params: idParams(COMMON_MSG.notFound),
        body: reasonSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      await suspendAccount(app.db, mail, authOf(req).user.id, req.params.id, req.body.reason);
      return { message: ADMIN_MSG.accountSuspended };
    },
  );

  app.post(
    '/admin/users/:id/lift-suspension',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        params: idParams(COMMON_MSG.notFound),
        body: reasonSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      await liftSuspension(app.db, mail, authOf(req).user.id, req.params.id, req.body.reason);
      return { message: ADMIN_MSG.suspensionLifted };
    },
  );

  app.get(
    '/admin/bookings',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        querystring: bookingSearchQuerySchema,
        response: { 200: adminBookingPageSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { page, ...filters } = req.query;
      return searchSessions(app.db, filters, page);
    },
  );

  // An admin's ruling on a reported no-show (decision 053): the session's state, timeline, audit and both
  // sides' mails in one transaction; answers with the session after it.
  app.post(
    '/admin/bookings/:id/resolve-no-show',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Resolve a disputed no-show',
        params: idParams(SESSION_MSG.notFound),
        body: resolveNoShowSchema,
        response: { 200: sessionActionResultSchema, ...errors },
      },
    },
    async (req) => ({
      message: SESSION_MSG.noShowResolved,
      session: await resolveNoShow(app.db, app.payments, authOf(req).user.id, req.params.id, req.body),
    }),
  );

  app.get(
    '/admin/audit-log',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return auditPage(app.db, req.query.page, req.query.q);
    },
  );

  app.get(
    '/admin/contact-messages',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        querystring: consoleListQuerySchema,
        response: { 200: contactMessagePageSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return inboxPage(app.db, req.query.q, req.query.page);
    },
  );

  // Only for `npm run admin` on this machine: loopback callers holding the secret file of DATA_DIR.
  // Anything else gets the same 404 as an unknown route, so the endpoint is invisible from outside.
  app.post(
    '/admin/cli/accounts',
    {
      schema: {
        hide: true,
        body: cliAccountSchema,
        response: {
          201: z.object({ userId: z.uuid(), sharkId: z.uuid().nullable(), link: z.string() }),
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
      // Checked before the body is even parsed, so outsiders learn nothing from validation errors either.
      onRequest: requireCliCaller,
    },
    async (req, reply) => reply.code(201).send(await createStaffAccount(app.db, mail, req.body)),
  );
};
export default routes;
