// POST /api/bookings (book a course session) and GET /api/me/bookings (the caller's own bookings).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOOKING_MSG, createBookingResultSchema, createBookingSchema, myBookingSchema } from '../../../shared/schemas/bookings';
import { apiErrorSchema } from '../../../shared/schemas/common';
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../../shared/messages';
import { forbidden, unauthorized } from '../../http/errors';
import { perMinute } from '../../http/rate-limit';
import { authOf } from '../../plugins/auth';
import { createBooking, listMyBookings } from './service';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bookings',
    {
      // Who may book is decided before anything about the input is said.
      preValidation: async (req: FastifyRequest) => {
        if (!req.auth) throw unauthorized(MSG.loginRequired);
        // Learners book; a shark or freelancer account books only if it also holds the user role.
        if (!req.auth.roles.includes('user')) throw forbidden(BOOKING_MSG.learnersOnly);
      },
      // Keyed by account, so learners behind one office NAT do not block each other.
      config: { rateLimit: { ...perMinute(app, 30), keyGenerator: (req) => req.auth?.user.id ?? req.ip } },
      schema: {
        tags: ['bookings'],
        body: createBookingSchema,
        response: { 200: createBookingResultSchema, 201: createBookingResultSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (req, reply) => {
      const { booking, created } = await createBooking(app.db, authOf(req).user.id, req.body, app.config.APP_TIMEZONE);
      return reply.code(created ? 201 : 200).send({ ...booking, message: BOOKING_MSG.booked });
    },
  );

  app.get(
    '/me/bookings',
    { preValidation: app.requireAuth, schema: { tags: ['bookings'], response: { 200: z.array(myBookingSchema), 401: apiErrorSchema } } },
    async (req) => listMyBookings(app.db, authOf(req).user.id, app.config.APP_TIMEZONE),
  );
};
export default routes;
