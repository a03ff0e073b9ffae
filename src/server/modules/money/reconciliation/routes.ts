// The reconciliation's exceptions in the admin console (issue 24, decision 145): listed open or resolved, a page
// at a time, and resolved with a note. Admins only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/fields.ts';
import {
  RECONCILIATION_MSG,
  reconciliationPageSchema,
  reconciliationQuerySchema,
  resolveExceptionResultSchema,
  resolveExceptionSchema,
} from '#shared/reconciliation.ts';
import { authOf } from '#server/http/auth-context.ts';
import { idParams } from '#server/http/params.ts';
import { exceptionPage, resolveException } from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

const routes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = app.requireRole('admin');

  app.get(
    '/admin/reconciliation/exceptions',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        description: "The daily reconciliation's exceptions, open (oldest first) or resolved (latest first).",
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationPageSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return exceptionPage(app.db, req.query.status, req.query.page);
    },
  );

  app.post(
    '/admin/reconciliation/exceptions/:id/resolve',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        description: 'Resolves an open exception with a note (kept with it and in the audit log).',
        params: idParams(RECONCILIATION_MSG.notFound),
        body: resolveExceptionSchema,
        response: { 200: resolveExceptionResultSchema, ...errors },
      },
    },
    async (req) => {
      const exception = await resolveException(app.db, authOf(req).user.id, req.params.id, req.body.note);
      return { message: RECONCILIATION_MSG.resolved, exception };
    },
  );
};

export default routes;
