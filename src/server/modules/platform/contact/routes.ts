// POST /api/contact: the public contact form.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, messageSchema } from '#shared/fields.ts';
import { contactSchema, CONTACT_MSG } from '#shared/contact.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { submitContactMessage } from './service';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/contact',
    {
      config: { rateLimit: perMinute(app, 5) },
      schema: {
        tags: ['contact'],
        body: contactSchema,
        response: { 201: messageSchema, 400: apiErrorSchema },
      },
    },
    async (req, reply) => {
      const mail = { mailer: app.mailer, appOrigin: app.config.appOrigin, inbox: app.config.CONTACT_INBOX };
      await submitContactMessage(app.db, mail, req.body);
      return reply.code(201).send({ message: CONTACT_MSG.success });
    },
  );
};
export default routes;
