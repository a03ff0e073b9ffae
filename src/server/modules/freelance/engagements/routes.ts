// Engagements (issue 27): one engagement for its client, its freelancer and admins (404 for anyone else), the
// client's rules-of-engagement acknowledgement, the thread, the caller's list, and the admin console's list.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ENGAGEMENT_MSG,
  adminEngagementPageSchema,
  adminEngagementsQuerySchema,
  engagementCardSchema,
  engagementMessageInputSchema,
  engagementSchema,
  roeInputSchema,
} from '#shared/engagements.ts';
import { apiErrorSchema, messageSchema } from '#shared/fields.ts';
import { authOf } from '#server/http/auth-context.ts';
import { idParams } from '#server/http/params.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { acknowledgeRoe, adminEngagementPage, listMine, sendMessage, view } from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const params = idParams(ENGAGEMENT_MSG.notFound);

const routes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = app.requireRole();
  const tags = ['engagements'];

  app.get(
    '/engagements',
    {
      preValidation: signedIn,
      schema: { tags, response: { 200: z.array(engagementCardSchema), ...errors } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listMine(app.db, authOf(req).user.id);
    },
  );

  // The admin console's Engagements tab (decision 194): every engagement, searched, filtered and paged.
  app.get(
    '/admin/engagements',
    {
      preValidation: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        querystring: adminEngagementsQuerySchema,
        response: { 200: adminEngagementPageSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { q, status, page } = req.query;
      return adminEngagementPage(app.db, { q, status }, page);
    },
  );

  app.get(
    '/engagements/:id',
    { preValidation: signedIn, schema: { tags, params, response: { 200: engagementSchema, ...errors } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return view(app.db, authOf(req), req.params.id);
    },
  );

  app.post(
    '/engagements/:id/roe',
    {
      preValidation: signedIn,
      schema: { tags, params, body: roeInputSchema, response: { 200: messageSchema, ...errors } },
    },
    async (req) => {
      await acknowledgeRoe(app.db, authOf(req), req.params.id);
      return { message: ENGAGEMENT_MSG.roeAcknowledged };
    },
  );

  app.post(
    '/engagements/:id/messages',
    {
      preValidation: signedIn,
      config: { rateLimit: perMinute(app, 30) },
      schema: {
        tags,
        params,
        body: engagementMessageInputSchema,
        response: { 201: messageSchema, ...errors },
      },
    },
    async (req, reply) => {
      await sendMessage(app.db, authOf(req), req.params.id, req.body.body);
      return reply.code(201).send({ message: ENGAGEMENT_MSG.messageSent });
    },
  );
};

export default routes;
