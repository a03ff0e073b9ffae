// Client requests (issue 27): a client's own requests under /api/requests (any signed-in account), and a
// freelancer's view of one request and its NDA under /api/freelancer/requests/:id; the admin console's list and
// its hide and unhide (decision 193).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REQUEST_MSG,
  adminRequestRowSchema,
  createRequestSchema,
  invitableRequestSchema,
  inviteSchema,
  myRequestSchema,
  requestDetailSchema,
  requestInputSchema,
  requestTransitionSchema,
} from '#shared/client-requests.ts';
import { apiErrorSchema, messageSchema } from '#shared/fields.ts';
import { reasonSchema } from '#shared/admin.ts';
import { consoleListQuerySchema, consolePageSchema } from '#shared/console-page.ts';
import { authOf } from '#server/http/auth-context.ts';
import { idParams } from '#server/http/params.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import {
  adminRequestPage,
  createRequest,
  detailFor,
  invite,
  listInvitable,
  listMyRequests,
  setHidden,
  transition,
  updateRequest,
} from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const params = idParams(REQUEST_MSG.notFound);

const routes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = app.requireRole();
  const zone = app.config.APP_TIMEZONE;

  // The admin console's Requests tab (issue 27): every client's requests, searched and paged on the server.
  app.get(
    '/admin/client-requests',
    {
      preValidation: app.requireRole('admin'),
      schema: {
        tags: ['client-requests'],
        querystring: consoleListQuerySchema,
        response: {
          200: consolePageSchema(adminRequestRowSchema),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return adminRequestPage(app.db, req.query.q, req.query.page);
    },
  );

  // Hide a spam request with a reason, or show it again (decision 193); audit-logged.
  for (const action of ['hide', 'unhide'] as const)
    app.post(
      `/admin/client-requests/:id/${action}`,
      {
        preValidation: app.requireRole('admin'),
        schema: {
          tags: ['client-requests'],
          params,
          body: reasonSchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (req) => ({
        message: await setHidden(app.db, authOf(req).user.id, req.params.id, {
          hidden: action === 'hide',
          reason: req.body.reason,
        }),
      }),
    );

  app.get(
    '/requests',
    {
      preValidation: signedIn,
      schema: { tags: ['client-requests'], response: { 200: z.array(myRequestSchema), ...errors } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listMyRequests(app.db, authOf(req).user.id);
    },
  );

  app.get(
    '/requests/invitable',
    {
      preValidation: signedIn,
      schema: { tags: ['client-requests'], response: { 200: z.array(invitableRequestSchema), ...errors } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listInvitable(app.db, authOf(req).user.id);
    },
  );

  app.post(
    '/requests',
    {
      preValidation: signedIn,
      config: { rateLimit: perMinute(app, 20) },
      schema: {
        tags: ['client-requests'],
        body: createRequestSchema,
        response: { 201: z.object({ id: z.uuid(), message: z.string() }), ...errors },
      },
    },
    async (req, reply) => {
      const { publish, ...input } = req.body;
      return reply.code(201).send(await createRequest(app.db, authOf(req).user.id, input, publish, zone));
    },
  );

  app.get(
    '/requests/:id',
    {
      preValidation: signedIn,
      schema: { tags: ['client-requests'], params, response: { 200: requestDetailSchema, ...errors } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return detailFor(app.db, authOf(req), req.params.id);
    },
  );

  app.put(
    '/requests/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['client-requests'],
        params,
        body: requestInputSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      await updateRequest(app.db, authOf(req).user.id, req.params.id, req.body, zone);
      return { message: REQUEST_MSG.updated };
    },
  );

  app.post(
    '/requests/:id/status',
    {
      preValidation: signedIn,
      schema: {
        tags: ['client-requests'],
        params,
        body: requestTransitionSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      await transition(app.db, authOf(req).user.id, req.params.id, req.body.to, zone);
      return { message: REQUEST_MSG.statusChanged[req.body.to] };
    },
  );

  app.post(
    '/requests/:id/invitations',
    {
      preValidation: signedIn,
      config: { rateLimit: perMinute(app, 60) },
      schema: {
        tags: ['client-requests'],
        params,
        body: inviteSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => ({
      message: await invite(app.db, authOf(req).user.id, req.params.id, req.body.freelancerId),
    }),
  );
};

export default routes;
