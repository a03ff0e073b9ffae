// The admin console's API (role admin): create shark accounts, list sharks, read the contact inbox.
// Plus the loopback endpoint the admin CLI uses while the server owns the embedded database.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SPECIALIZATIONS } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import {
  adminSharksSchema,
  contactMessagesSchema,
  createSharkResultSchema,
  createSharkSchema,
} from '../../../shared/schemas/admin';
import { apiErrorSchema, emailField } from '../../../shared/schemas/common';
import { notFound } from '../../http/errors';
import { listContactMessages } from '../contact/service';
import { CLI_SECRET_HEADER, cliSecretMatches, isLoopback } from './cli-handoff';
import { createStaffAccount, listAllSharks } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema };

const cliAccountSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('shark'),
    email: emailField(),
    name: z.string().trim().min(1, MSG.nameRequired).max(120),
    specialization: z.enum(SPECIALIZATIONS).optional(),
  }),
  z.object({
    kind: z.literal('admin'),
    email: emailField(),
    name: z.string().trim().min(1, MSG.nameRequired).max(120),
  }),
]);

const routes: FastifyPluginAsyncZod = async (app) => {
  const mail = { mailer: app.mailer, appOrigin: app.config.appOrigin };
  const adminOnly = app.requireRole('admin');

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
      const { userId, sharkId } = await createStaffAccount(app.db, mail, { kind: 'shark', ...req.body });
      return reply.code(201).send({ userId, sharkId: sharkId as string });
    },
  );

  app.get(
    '/admin/sharks',
    { preValidation: adminOnly, schema: { tags: ['admin'], response: { 200: adminSharksSchema, ...errors } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return listAllSharks(app.db);
    },
  );

  app.get(
    '/admin/contact-messages',
    {
      preValidation: adminOnly,
      schema: { tags: ['admin'], response: { 200: contactMessagesSchema, ...errors } },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const rows = await listContactMessages(app.db);
      return rows.map((m) => ({
        id: m.id,
        name: m.name,
        email: m.email,
        message: m.message,
        createdAt: m.createdAt.toISOString(),
      }));
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
      // Checked before the body is validated, so outsiders learn nothing from validation errors either.
      onRequest: async (req) => {
        const secret = req.headers[CLI_SECRET_HEADER];
        if (
          !isLoopback(req.socket.remoteAddress) ||
          !cliSecretMatches(app.config.DATA_DIR, typeof secret === 'string' ? secret : undefined)
        ) {
          throw notFound(MSG.notFound);
        }
      },
    },
    async (req, reply) => reply.code(201).send(await createStaffAccount(app.db, mail, req.body)),
  );
};
export default routes;
