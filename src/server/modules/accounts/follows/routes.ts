// Follows: PUT/DELETE /api/follows/:sharkId, GET /api/me/follows.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/fields.ts';
import { followStateSchema, myFollowsSchema } from '#shared/follows.ts';
import { FOLLOW_MSG } from '#shared/follows-texts.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import { authOf } from '#server/http/auth-context.ts';
import { notFound } from '#server/http/errors.ts';
import { idParams } from '#server/http/params.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { follow, listMyFollows, unfollow } from './service';

const sharkIdParams = idParams(CATALOGUE_MSG.sharkNotFound, 'sharkId');

const routes: FastifyPluginAsyncZod = async (app) => {
  // A visitor gets the spec's own follow message, not the generic "log in".
  const signedIn = app.requireRole({ unauthorized: FOLLOW_MSG.loginToFollow });
  const followResponses = {
    200: followStateSchema,
    400: apiErrorSchema,
    401: apiErrorSchema,
    404: apiErrorSchema,
  };

  app.put(
    '/follows/:sharkId',
    {
      preValidation: signedIn,
      config: { rateLimit: perMinute(app, 120) },
      schema: { tags: ['follows'], params: sharkIdParams, response: followResponses },
    },
    async (req) => {
      if (!(await follow(app.db, authOf(req).user.id, req.params.sharkId)))
        throw notFound(CATALOGUE_MSG.sharkNotFound);
      return { sharkId: req.params.sharkId, following: true };
    },
  );

  app.delete(
    '/follows/:sharkId',
    {
      preValidation: signedIn,
      config: { rateLimit: perMinute(app, 120) },
      schema: { tags: ['follows'], params: sharkIdParams, response: followResponses },
    },
    async (req) => {
      await unfollow(app.db, authOf(req).user.id, req.params.sharkId);
      return { sharkId: req.params.sharkId, following: false };
    },
  );

  app.get(
    '/me/follows',
    {
      preValidation: app.requireRole(),
      schema: { tags: ['follows'], response: { 200: myFollowsSchema, 401: apiErrorSchema } },
    },
    async (req) => listMyFollows(app.db, authOf(req).user.id),
  );
};
export default routes;
