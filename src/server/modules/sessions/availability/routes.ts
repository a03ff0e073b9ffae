// Availability: GET /api/sharks/:id/slots (public free slots), PUT /api/sharks/:id/calendar-watch (notify me),
// GET/PUT /api/workspace/availability (a shark's own rules, or an admin acting with ?sharkId=).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availabilitySavedSchema,
  availabilitySettingsSchema,
  availabilityViewSchema,
  slotsQuerySchema,
  slotsSchema,
} from '#shared/availability.ts';
import { AVAILABILITY_MSG } from '#shared/availability-texts.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import { apiErrorSchema } from '#shared/fields.ts';
import { sharkScopeQuerySchema } from '#shared/workspace.ts';
import { authOf } from '#server/http/auth-context.ts';
import { idParams } from '#server/http/params.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { resolveScope } from '#server/modules/sessions/shark-scope/service.ts';
import {
  getAvailability,
  getSlots,
  saveAvailability,
  watchCalendar,
  type BusyReader,
  type SlotsStampReader,
} from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const sharkParams = idParams(CATALOGUE_MSG.sharkNotFound);

/**
 * The routes, given the sessions module's readers of the booked times: sessions depend on availability (a booking
 * checks its slot), so availability never imports them; app.ts hands them in (decision 209).
 */
const routes =
  ({
    busyTimes,
    slotsStamp,
  }: {
    busyTimes: BusyReader;
    slotsStamp: SlotsStampReader;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sharks/:id/slots',
      {
        config: { rateLimit: perMinute(app, 240) },
        schema: {
          tags: ['availability'],
          params: sharkParams,
          querystring: slotsQuerySchema,
          response: {
            200: slotsSchema.extend({ published: z.boolean() }),
            400: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (req) => getSlots(app.db, req.params.id, req.query, busyTimes, slotsStamp),
    );

    app.put(
      '/sharks/:id/calendar-watch',
      {
        preValidation: app.requireRole({ unauthorized: AVAILABILITY_MSG.loginToNotify }),
        config: { rateLimit: perMinute(app, 30) },
        schema: {
          tags: ['availability'],
          params: sharkParams,
          response: { 200: z.object({ message: z.string() }), ...errors },
        },
      },
      async (req) => {
        await watchCalendar(app.db, req.params.id, authOf(req).user.id);
        return { message: AVAILABILITY_MSG.notifyOn };
      },
    );

    app.get(
      '/workspace/availability',
      {
        preValidation: app.requireRole('shark', 'admin'),
        schema: {
          tags: ['workspace'],
          querystring: sharkScopeQuerySchema,
          response: { 200: availabilityViewSchema, ...errors },
        },
      },
      async (req) =>
        getAvailability(app.db, await resolveScope(app.db, authOf(req), req.query.sharkId), busyTimes),
    );

    app.put(
      '/workspace/availability',
      {
        preValidation: app.requireRole('shark', 'admin'),
        config: { rateLimit: perMinute(app, 60) },
        schema: {
          tags: ['workspace'],
          querystring: sharkScopeQuerySchema,
          body: availabilitySettingsSchema,
          response: { 200: availabilitySavedSchema, ...errors },
        },
      },
      async (req) => {
        const availability = await app.db.transaction(async (tx) =>
          saveAvailability(
            tx,
            await resolveScope(tx, authOf(req), req.query.sharkId),
            req.body,
            app.mailer,
            app.config.appOrigin,
            busyTimes,
          ),
        );
        return { message: AVAILABILITY_MSG.saved, availability };
      },
    );
  };
export default routes;
