// The calendar feed (issue 26, decision 148). GET/POST /api/me/calendar-feed: the account's own address, its
// status and a new one (the signed-in account only, never anyone else's). GET /calendar/:secret.ics: the feed
// itself, for calendar apps, which sign in with nothing but the secret; it answers If-None-Match with 304.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedAddressSchema, calendarFeedStatusSchema } from '#shared/calendar-feed.ts';
import { COMMON_MSG } from '#shared/common.ts';
import { apiErrorSchema } from '#shared/fields.ts';
import { authOf } from '#server/http/auth-context.ts';
import { notFound } from '#server/http/errors.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { getFeedStatus, makeFeedAddress, readFeed } from './service';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema };

/** Under /api: the account's own address. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole();

  app.get(
    '/me/calendar-feed',
    {
      preValidation: guard,
      schema: { tags: ['account'], response: { 200: calendarFeedStatusSchema, ...errors } },
    },
    async (req) => getFeedStatus(app.db, authOf(req).user.id),
  );

  app.post(
    '/me/calendar-feed',
    {
      preValidation: guard,
      config: { rateLimit: { ...perMinute(app, 10), keyGenerator: (req) => req.auth?.user.id ?? req.ip } },
      schema: { tags: ['account'], response: { 200: calendarFeedAddressSchema, ...errors } },
    },
    async (req) => makeFeedAddress(app.db, authOf(req).user.id, app.config.appOrigin),
  );
};
export default routes;

/** At the root: the feed. The secret in its path never reaches the log (app.ts redacts it). */
export const feedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/calendar/:secret.ics',
    {
      // Calendar apps poll every few minutes at most; this leaves room for several behind one address.
      config: { rateLimit: perMinute(app, 60) },
      schema: {
        tags: ['calendar'],
        params: z.object({ secret: z.string().max(100) }),
        response: { 200: z.any().describe('The iCalendar feed'), 304: z.null(), 404: apiErrorSchema },
      },
    },
    async (req, reply) => {
      const feed = await readFeed(app.db, req.params.secret, app.config.appOrigin);
      if (!feed) throw notFound(COMMON_MSG.notFound);
      reply.header('etag', feed.etag).header('cache-control', 'private, no-cache');
      const asked = req.headers['if-none-match'];
      if (asked && asked.split(',').some((t) => t.trim().replace(/^W\//, '') === feed.etag))
        return reply.code(304).send(null);
      return reply.type('text/calendar; charset=utf-8').send(feed.body);
    },
  );
};
