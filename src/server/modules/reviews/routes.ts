// POST /api/sharks/:id/notify-reviews: "Notify Me" on a shark's reviews tab.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/fields.ts';
import { REVIEW_MSG, notifyResultSchema } from '#shared/reviews.ts';
import { CATALOGUE_MSG } from '#shared/catalogue.ts';
import { authOf } from '#server/http/auth-context.ts';
import { notFound } from '#server/http/errors.ts';
import { idParams } from '#server/http/params.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { requestReviewNotification } from './service';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sharks/:id/notify-reviews',
    {
      preValidation: app.requireRole(),
      config: { rateLimit: perMinute(app, 30) },
      schema: {
        tags: ['reviews'],
        params: idParams(CATALOGUE_MSG.sharkNotFound),
        response: {
          200: notifyResultSchema,
          201: notifyResultSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (req, reply) => {
      const result = await requestReviewNotification(app.db, authOf(req).user.id, req.params.id);
      if (!result) throw notFound(CATALOGUE_MSG.sharkNotFound);
      return reply.code(result.alreadyRequested ? 200 : 201).send({
        alreadyRequested: result.alreadyRequested,
        message: result.alreadyRequested ? REVIEW_MSG.already : REVIEW_MSG.saved,
      });
    },
  );
};
export default routes;
