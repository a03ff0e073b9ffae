// POST /api/contact: the public contact form.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '../../../shared/messages';
import { apiErrorSchema, messageSchema } from '../../../shared/schemas/common';
import { contactSchema } from '../../../shared/schemas/contact';
import { perMinute } from '../../http/rate-limit';
import { saveContactMessage } from './service';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      config: { rateLimit: perMinute(app, 5) },
      schema: { tags: ['contact'], body: contactSchema, response: { 201: messageSchema, 400: apiErrorSchema } },
    },
    async (req, reply) => {
      await saveContactMessage(app.db, req.body);
      return reply.code(201).send({ message: MSG.contactSuccess });
    },
  );
};
export default routes;
