// POST /api/shark-applications (anyone, rate limited) and GET /api/admin/shark-applications (admin).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APPLICATION_MSG, sharkApplicationRowSchema, sharkApplicationSchema } from '../../../shared/schemas/applications';
import { apiErrorSchema, messageSchema } from '../../../shared/schemas/common';
import { perMinute } from '../../http/rate-limit';
import { listApplications, saveApplication } from './service';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/shark-applications',
    {
      config: { rateLimit: perMinute(app, 5) },
      schema: { tags: ['applications'], body: sharkApplicationSchema, response: { 201: messageSchema, 400: apiErrorSchema } },
    },
    async (req, reply) => {
      await saveApplication(app.db, req.auth?.user.id ?? null, req.body);
      return reply.code(201).send({ message: APPLICATION_MSG.received });
    },
  );

  app.get(
    '/admin/shark-applications',
    {
      preValidation: app.requireRole('admin'),
      schema: { tags: ['applications'], response: { 200: z.array(sharkApplicationRowSchema), 401: apiErrorSchema, 403: apiErrorSchema } },
    },
    async () => listApplications(app.db),
  );
};
export default routes;
