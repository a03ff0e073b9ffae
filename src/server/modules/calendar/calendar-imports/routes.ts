// Calendar imports (issue 26): a shark's own calendars, GET/POST /api/workspace/calendar-sources and
// DELETE /api/workspace/calendar-sources/:id. Shark only: the addresses are the shark's secrets, so not even an
// admin acting for a shark sees or changes them.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CALENDAR_IMPORT_MSG,
  calendarSourceInputSchema,
  calendarSourceSchema,
} from '#shared/calendar-imports.ts';
import { apiErrorSchema, messageSchema } from '#shared/fields.ts';
import { authOf } from '#server/http/auth-context.ts';
import { idParams } from '#server/http/params.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { resolveScope } from '#server/modules/sessions/shark-scope/service.ts';
import { addCalendarSource, fetchPolicyOf, listCalendarSources, removeCalendarSource } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const routes: FastifyPluginAsyncZod = async (app) => {
  const sharkOnly = app.requireRole('shark');
  const policy = fetchPolicyOf(app.config);

  app.get(
    '/workspace/calendar-sources',
    {
      preValidation: sharkOnly,
      schema: { tags: ['workspace'], response: { 200: z.array(calendarSourceSchema), ...errors } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return listCalendarSources(app.db, await resolveScope(app.db, authOf(req), undefined));
    },
  );

  app.post(
    '/workspace/calendar-sources',
    {
      preValidation: sharkOnly,
      config: { rateLimit: perMinute(app, 20) },
      schema: {
        tags: ['workspace'],
        body: calendarSourceInputSchema,
        response: { 201: z.object({ message: z.string(), source: calendarSourceSchema }), ...errors },
      },
    },
    async (req, reply) => {
      const source = await app.db.transaction(async (tx) =>
        addCalendarSource(tx, await resolveScope(tx, authOf(req), undefined), req.body, app.jobs, policy),
      );
      return reply.code(201).send({ message: CALENDAR_IMPORT_MSG.added, source });
    },
  );

  app.delete(
    '/workspace/calendar-sources/:id',
    {
      preValidation: sharkOnly,
      schema: {
        tags: ['workspace'],
        params: idParams(CALENDAR_IMPORT_MSG.notFound),
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      await removeCalendarSource(app.db, await resolveScope(app.db, authOf(req), undefined), req.params.id);
      return { message: CALENDAR_IMPORT_MSG.removed };
    },
  );
};
export default routes;
