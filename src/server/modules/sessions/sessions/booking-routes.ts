// The learner's half of the sessions API: POST /api/bookings (book a course session), GET /api/me/bookings (the
// caller's own bookings), and the paged lists: GET /api/me/sessions?group=&page= and GET
// /api/me/sessions/overview (the dashboard's preview).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createBookingResultSchema,
  createBookingSchema,
  myBookingSchema,
  mySessionPageSchema,
  mySessionsOverviewSchema,
} from '#shared/bookings.ts';
import { BOOKING_MSG } from '#shared/booking-form.ts';
import { sessionPageQuerySchema } from '#shared/sessions.ts';
import { apiErrorSchema } from '#shared/fields.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { authOf } from '#server/http/auth-context.ts';
import { quoteQuerySchema, quoteSchema } from '#shared/payments.ts';
import {
  createBooking,
  getMySessionsOverview,
  listMyBookings,
  listMySessionPage,
  quoteBooking,
} from './service';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bookings',
    {
      // Learners book; a shark or freelancer account books only if it also holds the user role.
      preValidation: app.requireRole('user', { forbidden: BOOKING_MSG.learnersOnly }),
      // Keyed by account, so learners behind one office NAT do not block each other.
      config: { rateLimit: { ...perMinute(app, 30), keyGenerator: (req) => req.auth?.user.id ?? req.ip } },
      schema: {
        tags: ['bookings'],
        body: createBookingSchema,
        response: {
          200: createBookingResultSchema,
          201: createBookingResultSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (req, reply) => {
      const { result, created } = await createBooking(app.db, app.payments, authOf(req).user.id, req.body);
      return reply.code(created ? 201 : 200).send(result);
    },
  );

  app.get(
    '/bookings/quote',
    {
      schema: {
        tags: ['bookings'],
        querystring: quoteQuerySchema.extend({ courseId: z.uuid({ error: 'courseId must be a UUID' }) }),
        response: { 200: quoteSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (req) => quoteBooking(app.payments, app.db, req.query.courseId, req.query.hours),
  );

  app.get(
    '/me/bookings',
    {
      preValidation: app.requireRole(),
      schema: { tags: ['bookings'], response: { 200: z.array(myBookingSchema), 401: apiErrorSchema } },
    },
    async (req) => listMyBookings(app.db, authOf(req).user.id),
  );

  // Issue 17: the lists a learner with years of sessions can open; /me/bookings above stays for the spec.
  app.get(
    '/me/sessions',
    {
      preValidation: app.requireRole(),
      schema: {
        tags: ['bookings'],
        summary: "One page of one group of the caller's sessions, with the group's total",
        querystring: sessionPageQuerySchema,
        response: { 200: mySessionPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (req) => listMySessionPage(app.db, authOf(req).user.id, req.query),
  );

  app.get(
    '/me/sessions/overview',
    {
      preValidation: app.requireRole(),
      schema: {
        tags: ['bookings'],
        summary: "The caller's session numbers and the first sessions of each group",
        response: { 200: mySessionsOverviewSchema, 401: apiErrorSchema },
      },
    },
    async (req) => getMySessionsOverview(app.db, authOf(req).user.id),
  );
};
export default routes;
