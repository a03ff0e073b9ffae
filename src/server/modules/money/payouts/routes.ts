// Payouts (issue 24). In the shark's workspace: payout details (decision 136), which the shark reads and saves
// (an admin acting for a shark, ?sharkId=, reads them masked and is refused a change), and its payouts. In the
// admin's finance console: the payout run, its batch, the bank-upload file, and each payout paid or failed.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/fields.ts';
import {
  PAYOUT_MSG,
  PAYOUT_RUN_MSG,
  adminPayoutPageSchema,
  adminPayoutQuerySchema,
  adminPayoutSchema,
  markPayoutFailedSchema,
  markPayoutPaidSchema,
  payoutDetailsInputSchema,
  payoutDetailsSchema,
  payoutPageSchema,
  payoutRunSchema,
} from '#shared/payouts.ts';
import { sharkScopeQuerySchema } from '#shared/workspace.ts';
import { pageField } from '#shared/console-page.ts';
import { authOf } from '#server/http/auth-context.ts';
import { resolveMoneyScope } from '#server/modules/sessions/shark-scope/service.ts';
import { findFreelancerPayeeId } from '#server/modules/freelance/freelancers/service.ts';
import {
  adminPayouts,
  exportManualBatch,
  payeePayouts,
  readPayoutDetails,
  recordPayoutFailed,
  recordPayoutPaid,
  payoutRuleOf,
  runPayouts,
  savePayoutDetails,
  type PayoutRunContext,
} from './service';

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
      return readPayoutDetails(app.db, await resolveMoneyScope(app.db, authOf(req), req.query.sharkId));
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
      const scope = await resolveMoneyScope(app.db, auth, req.query.sharkId);
      const saved = await savePayoutDetails(app.db, ctx, auth, scope, req.body);
      return { ...saved, message: PAYOUT_MSG.saved };
    },
  );

  // ---- Payouts (decision 137) ----

  // The payee's own payouts, newest first; an admin acting for a shark reads them too.
  app.get(
    '/workspace/payouts',
    {
      preValidation: workspace,
      schema: {
        tags: ['payouts'],
        querystring: sharkScopeQuerySchema.extend({ page: pageField }),
        response: { 200: payoutPageSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const scope = await resolveMoneyScope(app.db, authOf(req), req.query.sharkId);
      const when = payoutRuleOf(app.config);
      if (!scope.shark) return { total: 0, items: [], paidOutPaise: 0, onTheWayPaise: 0, ...when };
      return {
        ...(await payeePayouts(app.db, { kind: 'shark', id: scope.shark.id }, req.query.page)),
        ...when,
      };
    },
  );

  // ---- A freelancer's own payout details and payouts (issue 27): the same rules as a shark's, on its own
  // account only (no id in the path, so another freelancer reaches nothing of it); admins do not act for one.
  const freelancerOnly = app.requireRole('freelancer');
  const when = () => payoutRuleOf(app.config);

  app.get(
    '/freelancer/payout-details',
    {
      preValidation: freelancerOnly,
      schema: { tags: ['payouts'], response: { 200: payoutDetailsSchema, ...errors } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return readPayoutDetails(app.db, { userId: authOf(req).user.id });
    },
  );

  app.put(
    '/freelancer/payout-details',
    {
      preValidation: freelancerOnly,
      schema: {
        tags: ['payouts'],
        body: payoutDetailsInputSchema,
        response: { 200: payoutDetailsSchema.extend({ message: z.string() }), ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const auth = authOf(req);
      const scope = { userId: auth.user.id, kind: 'freelancer' as const };
      const saved = await savePayoutDetails(app.db, ctx, auth, scope, req.body);
      return { ...saved, message: PAYOUT_MSG.saved };
    },
  );

  app.get(
    '/freelancer/payouts',
    {
      preValidation: freelancerOnly,
      schema: {
        tags: ['payouts'],
        querystring: z.object({ page: pageField }),
        response: { 200: payoutPageSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const payeeId = await findFreelancerPayeeId(app.db, authOf(req).user.id);
      if (!payeeId) return { total: 0, items: [], paidOutPaise: 0, onTheWayPaise: 0, ...when() };
      return {
        ...(await payeePayouts(app.db, { kind: 'freelancer', id: payeeId }, req.query.page)),
        ...when(),
      };
    },
  );

  const adminOnly = app.requireRole('admin');
  const runContext = (): PayoutRunContext => ({
    ...ctx,
    ...payoutRuleOf(app.config),
    provider: app.config.PAYOUT_PROVIDER,
    zone: app.config.APP_TIMEZONE,
    jobs: app.jobs,
    gateway: app.payments.gateway,
  });
  const payoutId = z.object({ id: z.uuid({ error: PAYOUT_RUN_MSG.notFound }) });

  // The finance console's batch: a period's payouts, searchable, a page at a time.
  app.get(
    '/admin/payouts',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['payouts'],
        querystring: adminPayoutQuerySchema,
        response: { 200: adminPayoutPageSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return adminPayouts(app.db, req.query);
    },
  );

  // The payout run now, for this period (the schedule runs it too; a second run pays nobody twice).
  app.post(
    '/admin/payouts/run',
    {
      preValidation: adminOnly,
      schema: { tags: ['payouts'], response: { 200: payoutRunSchema, ...errors } },
    },
    async (req) => {
      const done = await runPayouts(app.db, runContext());
      req.log.info(done, 'payout run by an admin');
      return done;
    },
  );

  // The bank-upload file of a period's manual payouts; the ones not yet sent are marked sent.
  app.get(
    '/admin/payouts/bank-file',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['payouts'],
        querystring: z.object({
          period: z
            .string({ error: 'Choose the payout period' })
            .regex(/^\d{4}-(W\d{2}|\d{2})$/, 'A period looks like 2026-W48 or 2026-11'),
        }),
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const csv = await exportManualBatch(app.db, ctx, authOf(req), req.query.period);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payouts-${req.query.period}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );

  app.post(
    '/admin/payouts/:id/paid',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['payouts'],
        params: payoutId,
        body: markPayoutPaidSchema,
        response: {
          200: z.object({ payout: adminPayoutSchema, message: z.string() }),
          ...errors,
          409: apiErrorSchema,
        },
      },
    },
    async (req) => ({
      payout: await recordPayoutPaid(app.db, ctx, authOf(req), req.params.id, req.body.utr),
      message: PAYOUT_RUN_MSG.markedPaid,
    }),
  );

  app.post(
    '/admin/payouts/:id/failed',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['payouts'],
        params: payoutId,
        body: markPayoutFailedSchema,
        response: {
          200: z.object({ payout: adminPayoutSchema, message: z.string() }),
          ...errors,
          409: apiErrorSchema,
        },
      },
    },
    async (req) => ({
      payout: await recordPayoutFailed(app.db, ctx, authOf(req), req.params.id, req.body.reason),
      message: PAYOUT_RUN_MSG.markedFailed,
    }),
  );
};

export default routes;
