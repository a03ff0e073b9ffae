// Payout details (issue 24, decision 136) in the shark's workspace: the shark reads and saves its own; an admin
// acting for a shark (?sharkId=) reads them masked and is refused a change.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/fields.ts';
import { PAYOUT_MSG, payoutDetailsInputSchema, payoutDetailsSchema } from '#shared/payouts.ts';
import { sharkScopeQuerySchema } from '#shared/workspace.ts';
import { authOf } from '#server/http/auth-context.ts';
import { resolveScope } from '#server/modules/shark-scope/service.ts';
import { readPayoutDetails, savePayoutDetails } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const routes: FastifyPluginAsyncZod = async (app) => {
  const workspace = app.requireRole('shark', 'admin');
  const ctx = { mailer: app.mailer, appOrigin: app.config.appOrigin, key: app.config.payoutDetailsKey };

  app.get(
    '/workspace/payout-details',
    {
      preValidation: workspace,
      schema: {
        tags: ['payouts'],
        querystring: sharkScopeQuerySchema,
        response: { 200: payoutDetailsSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return readPayoutDetails(app.db, await resolveScope(app.db, authOf(req), req.query.sharkId));
    },
  );

  app.put(
    '/workspace/payout-details',
    {
      preValidation: workspace,
      schema: {
        tags: ['payouts'],
        querystring: sharkScopeQuerySchema,
        body: payoutDetailsInputSchema,
        response: { 200: payoutDetailsSchema.extend({ message: z.string() }), ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const auth = authOf(req);
      const scope = await resolveScope(app.db, auth, req.query.sharkId);
      const saved = await savePayoutDetails(app.db, ctx, auth, scope, req.body);
      return { ...saved, message: PAYOUT_MSG.saved };
    },
  );
};

export default routes;
