// Follows: PUT/DELETE /api/follows/:sharkId, GET /api/me/follows; and POST /api/sharks/:id/notify-reviews.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG } from '../../../shared/messages';
import { apiErrorSchema } from '../../../shared/schemas/common';
import { followStateSchema, myFollowsSchema, NOTIFY_MSG, notifyResultSchema } from '../../../shared/schemas/follows';
import { notFound, unauthorized } from '../../http/errors';
import { perMinute } from '../../http/rate-limit';
import { authOf } from '../../plugins/auth';
import { follow, listMyFollows, requestReviewNotification, unfollow } from './service';

const sharkIdParams = z.object({ sharkId: z.uuid({ error: MSG.sharkNotFound }) });
const idParams = z.object({ id: z.uuid({ error: MSG.sharkNotFound }) });

/** A visitor gets the spec's own follow message, not the generic "log in". Runs before validation, like every guard. */
async function requireLoginToFollow(req: FastifyRequest) {
  if (!req.auth) throw unauthorized(MSG.loginToFollow);
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const followResponses = { 200: followStateSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

  app.put(
    '/follows/:sharkId',
    { preValidation: requireLoginToFollow, config: { rateLimit: perMinute(app, 120) }, schema: { tags: ['follows'], params: sharkIdParams, response: followResponses } },
    async (req) => {
      if (!(await follow(app.db, authOf(req).user.id, req.params.sharkId))) throw notFound(MSG.sharkNotFound);
      return { sharkId: req.params.sharkId, following: true };
    },
  );

  app.delete(
    '/follows/:sharkId',
    { preValidation: requireLoginToFollow, config: { rateLimit: perMinute(app, 120) }, schema: { tags: ['follows'], params: sharkIdParams, response: followResponses } },
    async (req) => {
      await unfollow(app.db, authOf(req).user.id, req.params.sharkId);
      return { sharkId: req.params.sharkId, following: false };
    },
  );

  app.get(
    '/me/follows',
    { preValidation: app.requireAuth, schema: { tags: ['follows'], response: { 200: myFollowsSchema, 401: apiErrorSchema } } },
    async (req) => listMyFollows(app.db, authOf(req).user.id),
  );

  app.post(
    '/sharks/:id/notify-reviews',
    {
      preValidation: app.requireAuth,
      config: { rateLimit: perMinute(app, 30) },
      schema: { tags: ['follows'], params: idParams, response: { 200: notifyResultSchema, 201: notifyResultSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema } },
    },
    async (req, reply) => {
      const result = await requestReviewNotification(app.db, authOf(req).user.id, req.params.id);
      if (!result) throw notFound(MSG.sharkNotFound);
      return reply
        .code(result.alreadyRequested ? 200 : 201)
        .send({ alreadyRequested: result.alreadyRequested, message: result.alreadyRequested ? NOTIFY_MSG.already : NOTIFY_MSG.saved });
    },
  );
};
export default routes;
