// POST /api/engagements/:id/review (the client, once the engagement is completed) and GET, its parties' read.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENGAGEMENT_MSG } from '#shared/engagements.ts';
import {
  ENGAGEMENT_REVIEW_MSG,
  engagementReviewInputSchema,
  engagementReviewSchema,
} from '#shared/engagement-reviews.ts';
import { apiErrorSchema, messageSchema } from '#shared/fields.ts';
import { authOf } from '#server/http/auth-context.ts';
import { idParams } from '#server/http/params.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { getReview, submitReview } from './service';

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
    '/engagements/:id/review',
    {
      preValidation: signedIn,
      schema: {
        tags,
        params,
        response: { 200: z.object({ review: engagementReviewSchema.nullable() }), ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { review: await getReview(app.db, authOf(req), req.params.id) };
    },
  );

  app.post(
    '/engagements/:id/review',
    {
      preValidation: signedIn,
      config: { rateLimit: perMinute(app, 10) },
      schema: {
        tags,
        params,
        body: engagementReviewInputSchema,
        response: { 201: messageSchema, ...errors },
      },
    },
    async (req, reply) => {
      await submitReview(app.db, authOf(req), req.params.id, req.body);
      return reply.code(201).send({ message: ENGAGEMENT_REVIEW_MSG.created });
    },
  );
};

export default routes;
