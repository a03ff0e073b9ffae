// The shark's workspace API, for a shark (its own row) or an admin (?sharkId=):
// GET/PUT /api/workspace/profile, POST /api/workspace/profile/photo, GET /api/workspace/dashboard,
// GET /api/workspace/enrollments.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../shared/messages';
import { apiErrorSchema } from '../../../shared/schemas/common';
import {
  dashboardSchema,
  enrollmentsSchema,
  profileSavedSchema,
  sharkProfileInputSchema,
  sharkProfileSchema,
  sharkScopeQuerySchema,
} from '../../../shared/schemas/workspace';
import { perMinute } from '../../http/rate-limit';
import { readImageUpload } from '../storage/upload';
import { resolveScope } from './scope';
import { getDashboard, getEnrollments, getProfile, replacePhoto, saveProfile } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const routes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('shark', 'admin');

  app.get(
    '/workspace/profile',
    {
      preValidation: guard,
      schema: { tags: ['workspace'], querystring: sharkScopeQuerySchema, response: { 200: sharkProfileSchema, ...errors } },
    },
    async (req) => getProfile(app.db, await resolveScope(app.db, req, req.query.sharkId)),
  );

  app.put(
    '/workspace/profile',
    {
      preValidation: guard,
      schema: {
        tags: ['workspace'],
        querystring: sharkScopeQuerySchema,
        body: sharkProfileInputSchema,
        response: { 200: profileSavedSchema, ...errors },
      },
    },
    async (req) => {
      const profile = await app.db.transaction(async (tx) => saveProfile(tx, await resolveScope(tx, req, req.query.sharkId), req.body));
      return { message: MSG.profileUpdated, profile };
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
      const scope = await resolveScope(app.db, req, req.query.sharkId);
      const upload = await readImageUpload(req, 'photo');
      const profile = await replacePhoto(app.db, app.storage, scope, upload);
      return { message: MSG.profileUpdated, profile };
    },
  );

  app.get(
    '/workspace/dashboard',
    {
      preValidation: guard,
      schema: { tags: ['workspace'], querystring: sharkScopeQuerySchema, response: { 200: dashboardSchema, ...errors } },
    },
    async (req) => getDashboard(app.db, await resolveScope(app.db, req, req.query.sharkId), app.config.APP_TIMEZONE),
  );

  app.get(
    '/workspace/enrollments',
    {
      preValidation: guard,
      schema: { tags: ['workspace'], querystring: sharkScopeQuerySchema, response: { 200: enrollmentsSchema, ...errors } },
    },
    async (req) => getEnrollments(app.db, await resolveScope(app.db, req, req.query.sharkId)),
  );
};
export default routes;
