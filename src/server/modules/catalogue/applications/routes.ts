// POST /api/shark-applications (anyone, rate limited); the admin's list and decisions on them; the confirm
// link of an approved applicant whose email already had an account (decision 032).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MSG, reasonSchema } from '#shared/admin.ts';
import {
  APPLICATION_MSG,
  applicationDecisionSchema,
  confirmRoleSchema,
  sharkApplicationRowSchema,
  sharkApplicationSchema,
} from '#shared/applications.ts';
import { apiErrorSchema, messageSchema } from '#shared/fields.ts';
import { consoleListQuerySchema, consolePageSchema } from '#shared/console-page.ts';
import { idParams } from '#server/http/params.ts';
import { COMMON_MSG } from '#shared/common.ts';
import { authOf } from '#server/http/auth-context.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import {
  approveApplication,
  confirmSharkRole,
  applicationPage,
  rejectApplication,
  submitApplication,
} from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

const routes: FastifyPluginAsyncZod = async (app) => {
  const mail = { mailer: app.mailer, appOrigin: app.config.appOrigin };

  app.post(
    '/shark-applications',
    {
      config: { rateLimit: perMinute(app, 5) },
      schema: {
        tags: ['applications'],
        body: sharkApplicationSchema,
        response: { 201: messageSchema, 400: apiErrorSchema },
      },
    },
    async (req, reply) => {
      await submitApplication(app.db, mail, req.auth?.user.id ?? null, req.body);
      return reply.code(201).send({ message: APPLICATION_MSG.received });
    },
  );

  app.get(
    '/admin/shark-applications',
    {
      preValidation: app.requireRole('admin'),
      schema: {
        tags: ['applications'],
        querystring: consoleListQuerySchema,
        response: {
          200: consolePageSchema(sharkApplicationRowSchema),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return applicationPage(app.db, req.query.q, req.query.page);
    },
  );

  app.post(
    '/admin/shark-applications/:id/approve',
    {
      preValidation: app.requireRole('admin'),
      schema: {
        tags: ['applications'],
        params: idParams(COMMON_MSG.notFound),
        response: { 200: applicationDecisionSchema, ...errors },
      },
    },
    async (req) => approveApplication(app.db, mail, authOf(req).user.id, req.params.id),
  );

  app.post(
    '/admin/shark-applications/:id/reject',
    {
      preValidation: app.requireRole('admin'),
      schema: {
        tags: ['applications'],
        params: idParams(COMMON_MSG.notFound),
        body: reasonSchema,
        response: { 200: applicationDecisionSchema, ...errors },
      },
    },
    async (req) => rejectApplication(app.db, mail, authOf(req).user.id, req.params.id, req.body.reason),
  );

  app.post(
    '/shark-applications/confirm',
    {
      preValidation: app.requireRole(),
      config: { rateLimit: perMinute(app, 10) },
      schema: {
        tags: ['applications'],
        body: confirmRoleSchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      await confirmSharkRole(app.db, authOf(req).user.id, req.body.token);
      return { message: ADMIN_MSG.roleConfirmed };
    },
  );
};

export default routes;
