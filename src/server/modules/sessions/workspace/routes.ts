// The shark's workspace API, for a shark (its own row) or an admin (?sharkId=):
// GET/PUT /api/workspace/profile, POST /api/workspace/profile/photo, GET /api/workspace/dashboard,
// GET /api/workspace/enrollments; the paged lists (issue 17): GET /api/workspace/sessions?group=&page= and
// GET /api/workspace/enrollments/courses (each course's totals without its bookings); GET /api/workspace/earnings
// (issue 24): the balance and a page of the paid sessions' money.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/fields.ts';
import {
  courseTotalsSchema,
  dashboardSchema,
  enrollmentsSchema,
  sharkSessionPageQuerySchema,
  sharkSessionPageSchema,
  profileSavedSchema,
  sharkProfileInputSchema,
  sharkProfileSchema,
  sharkScopeQuerySchema,
} from '#shared/workspace.ts';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import { earningsQuerySchema, earningsSchema } from '#shared/earnings.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { authOf } from '#server/http/auth-context.ts';
import { resolveMoneyScope, resolveScope } from '#server/modules/sessions/shark-scope/service.ts';
import { readImageUpload } from '#server/modules/platform/storage/upload.ts';
import {
  getCourseTotals,
  getDashboard,
  getEarnings,
  getEnrollments,
  getProfile,
  getSessionPage,
  replacePhoto,
  saveProfile,
} from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const routes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('shark', 'admin');

  app.get(
    '/workspace/profile',
    {
      preValidation: guard,
      schema: {
        tags: ['workspace'],
        querystring: sharkScopeQuerySchema,
        response: { 200: sharkProfileSchema, ...errors },
      },
    },
    async (req) => getProfile(app.db, await resolveScope(app.db, authOf(req), req.query.sharkId)),
  );

  app.put(
    '/workspace/profile',
    {
      preValidation: guard,
      schema: {
        tags: ['workspace'],
        querystring: sharkScopeQuerySchema,
        body: sharkProfileInputSchema,
        // 409: publishing while an admin keeps the profile unpublished.
        response: { 200: profileSavedSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (req) => {
      const profile = await app.db.transaction(async (tx) =>
        saveProfile(tx, await resolveScope(tx, authOf(req), req.query.sharkId), req.body),
      );
      return { message: ACCOUNT_MSG.profileUpdated, profile };
    },
  );

  app.post(
    '/workspace/profile/photo',
    {
      preValidation: guard,
      config: { rateLimit: perMinute(app, 20) },
      schema: {
        tags: ['workspace'],
        consumes: ['multipart/form-data'],
        querystring: sharkScopeQuerySchema,
        response: { 200: profileSavedSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (req) => {
      const scope = await resolveScope(app.db, authOf(req), req.query.sharkId);
      const upload = await readImageUpload(req, 'photo');
      const profile = await replacePhoto(app.db, app.storage, scope, upload);
      return { message: ACCOUNT_MSG.profileUpdated, profile };
    },
  );

  app.get(
    '/workspace/dashboard',
    {
      preValidation: guard,
      schema: {
        tags: ['workspace'],
        querystring: sharkScopeQuerySchema,
        response: { 200: dashboardSchema, ...errors },
      },
    },
    async (req) =>
      getDashboard(
        app.db,
        await resolveScope(app.db, authOf(req), req.query.sharkId),
        app.config.APP_TIMEZONE,
      ),
  );

  app.get(
    '/workspace/enrollments',
    {
      preValidation: guard,
      schema: {
        tags: ['workspace'],
        querystring: sharkScopeQuerySchema,
        response: { 200: enrollmentsSchema, ...errors },
      },
    },
    async (req) => getEnrollments(app.db, await resolveScope(app.db, authOf(req), req.query.sharkId)),
  );

  app.get(
    '/workspace/enrollments/courses',
    {
      preValidation: guard,
      schema: {
        tags: ['workspace'],
        summary: "Each of the shark's courses with its booking count and total",
        querystring: sharkScopeQuerySchema,
        response: { 200: courseTotalsSchema, ...errors },
      },
    },
    async (req) => getCourseTotals(app.db, await resolveScope(app.db, authOf(req), req.query.sharkId)),
  );

  app.get(
    '/workspace/sessions',
    {
      preValidation: guard,
      schema: {
        tags: ['workspace'],
        summary: "One page of one group of the shark's sessions, with the group's total",
        querystring: sharkSessionPageQuerySchema,
        response: { 200: sharkSessionPageSchema, ...errors },
      },
    },
    async (req) =>
      getSessionPage(app.db, await resolveScope(app.db, authOf(req), req.query.sharkId), req.query),
  );

  app.get(
    '/workspace/earnings',
    {
      preValidation: guard,
      schema: {
        tags: ['workspace'],
        summary:
          "The shark's balance (pending, available, paid out) and one page of its paid sessions' money",
        querystring: earningsQuerySchema,
        response: { 200: earningsSchema, ...errors },
      },
    },
    async (req) =>
      getEarnings(app.db, await resolveMoneyScope(app.db, authOf(req), req.query.sharkId), req.query),
  );
};
export default routes;
