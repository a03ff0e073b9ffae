// The payments API (issue 23): Razorpay's webhooks, and the download of a payment's documents. The learner's
// checkout lives with the session it pays for (modules/sessions/routes.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/fields.ts';
import { authOf } from '#server/http/auth-context.ts';
import { HttpError } from '#server/http/errors.ts';
import { ERROR_CODE } from '#shared/error-codes.ts';
import { PAYMENT_MSG } from '#shared/payments-texts.ts';
import { documentPdf, receiveWebhook, retryRefund } from './service';

/** Razorpay's webhook bodies are small; anything far larger is not one. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const routes: FastifyPluginAsyncZod = async (app) => {
  // The webhook is checked on its raw body, byte for byte as signed: this plugin's JSON parser keeps the text.
  // No cookie and no origin: the signature is the proof, checked before anything is read.
  await app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req, body, done) => done(null, body),
    );
    hooks.post(
      '/payments/webhooks/razorpay',
      {
        // Razorpay's servers send no Origin: the signature replaces the same-origin check.
        config: { serverToServer: true },
        schema: {
          tags: ['payments'],
          body: z.string(),
          response: { 200: z.object({ received: z.literal(true) }), 400: apiErrorSchema },
        },
      },
      async (req) => {
        const header = (name: string) => {
          const v = req.headers[name];
          return Array.isArray(v) ? v[0] : v;
        };
        const answer = await receiveWebhook(
          { ...app.payments, db: app.db },
          {
            rawBody: typeof req.body === 'string' ? req.body : '',
            signature: header('x-razorpay-signature'),
            eventId: header('x-razorpay-event-id'),
          },
        );
        if (answer.status !== 200)
          throw new HttpError(400, answer.message, ERROR_CODE.paymentNotVerified, { body: answer.message });
        return { received: true as const };
      },
    );
  });

  app.get(
    '/payments/documents/:id.pdf',
    {
      preValidation: app.requireRole(),
      schema: {
        tags: ['payments'],
        params: z.object({ id: z.uuid({ error: 'No such document.' }) }),
        response: { 200: z.any(), 401: apiErrorSchema, 404: apiErrorSchema, 400: apiErrorSchema },
      },
    },
    async (req, reply) => {
      const { user, roles } = authOf(req);
      const doc = await documentPdf(
        app.db,
        { userId: user.id, isAdmin: roles.includes('admin') },
        req.params.id,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${doc.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(doc.pdf);
    },
  );

  // A refund the provider failed, sent again by an admin (the finance team's retry).
  app.post(
    '/admin/refunds/:id/retry',
    {
      preValidation: app.requireRole('admin'),
      schema: {
        tags: ['payments'],
        params: z.object({ id: z.uuid({ error: 'No such refund.' }) }),
        response: {
          200: z.object({ message: z.string() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (req, reply) => {
      const sent = await app.db.transaction((tx) => retryRefund(tx, app.payments, req.params.id));
      if (!sent)
        return reply
          .code(409)
          .send({ error: { code: ERROR_CODE.conflict, message: PAYMENT_MSG.refundNotFailed } });
      return { message: PAYMENT_MSG.refundRetried };
    },
  );
};

export default routes;
