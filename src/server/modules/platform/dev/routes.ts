// The dev-only clock (browser tests): POST /api/dev/clock moves the server's clock (src/server/time.ts) to the
// real time plus an offset and runs the sessions' tick at once, so expiry and completion happen without waiting
// for the minute's job. Never served in production (404), like the dev outbox.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/fields.ts';
import { COMMON_MSG } from '#shared/common.ts';
import { notFound } from '#server/http/errors.ts';
import { now, setClock } from '#server/time.ts';
import { tickSessions } from '#server/modules/sessions/sessions/service.ts';

/** A year: far enough for any session's life, small enough that a typo cannot wrap the calendar. */
export const MAX_CLOCK_OFFSET_MINUTES = 525_600;

export const devClockSchema = z.object({
  offsetMinutes: z
    .number({ error: 'offsetMinutes must be a whole number of minutes' })
    .int('offsetMinutes must be a whole number of minutes')
    .min(0, 'offsetMinutes must be between 0 and 525600')
    .max(MAX_CLOCK_OFFSET_MINUTES, 'offsetMinutes must be between 0 and 525600'),
});

const devClockResultSchema = z.object({
  offsetMinutes: z.number(),
  now: z.string(),
  /** What the sessions' tick did at the new time. */
  tick: z.object({
    expired: z.number(),
    completed: z.number(),
    sharesReleased: z.number(),
    reminded: z.number(),
    messageMails: z.number(),
  }),
});

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/dev/clock',
    {
      // Before the body is read: in production the route does not exist, whatever is sent.
      onRequest: async () => {
        if (app.config.isProduction) throw notFound(COMMON_MSG.notFound);
      },
      schema: {
        tags: ['dev'],
        body: devClockSchema,
        response: { 200: devClockResultSchema, 404: apiErrorSchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const { offsetMinutes } = req.body;
      const offsetMs = offsetMinutes * 60_000;
      setClock(offsetMs === 0 ? undefined : () => new Date(Date.now() + offsetMs));
      const tick = await tickSessions({ ...app.payments, db: app.db, log: app.log });
      return { offsetMinutes, now: now().toISOString(), tick };
    },
  );
};

export default routes;
