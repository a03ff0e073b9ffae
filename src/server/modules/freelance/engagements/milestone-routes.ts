// A milestone's routes (issue 27, decisions 176-179): the client's checkout (open, confirm, abandon), the
// freelancer's delivery, the client's approval or changes, either party's dispute; the admin's disputes list and
// ruling. Another party's engagement or milestone is 404; the wrong side of it is 403.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageField } from '#shared/console-page.ts';
import {
  disputePageSchema,
  disputeRulingSchema,
  freelancerEarningsSchema,
  ENGAGEMENT_MSG,
  MILESTONE_MSG,
  milestoneChangesSchema,
  milestoneCheckoutSchema,
  milestoneDeliverSchema,
  milestoneDisputeSchema,
} from '#shared/engagements.ts';
import { apiErrorSchema, messageSchema } from '#shared/fields.ts';
import { checkoutCallbackSchema } from '#shared/payments.ts';
import { authOf } from '#server/http/auth-context.ts';
import { idParams } from '#server/http/params.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import {
  abandonMilestoneCheckout,
  approveMilestone,
  confirmMilestoneCheckout,
  deliverMilestone,
  disputePage,
  freelancerEarnings,
  openDispute,
  openMilestoneCheckout,
  requestChanges,
  ruleDispute,
} from './milestones';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  503: apiErrorSchema,
};
const params = z.object({
  id: z.uuid({ error: ENGAGEMENT_MSG.notFound }),
  milestoneId: z.uuid({ error: MILESTONE_MSG.notFound }),
});

const routes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = app.requireRole();
  const adminOnly = app.requireRole('admin');
  const tags = ['engagements'];
  const writeLimit = { rateLimit: perMinute(app, 30) };
  const base = '/engagements/:id/milestones/:milestoneId';
  const reply200 = { 200: messageSchema, ...errors };

  app.post(
    `${base}/checkout`,
    {
      preValidation: signedIn,
      config: writeLimit,
      schema: { tags, params, response: { 200: milestoneCheckoutSchema, ...errors } },
    },
    async (req) =>
      openMilestoneCheckout(app.db, app.payments, authOf(req), req.params.id, req.params.milestoneId),
  );

  app.post(
    `${base}/checkout/confirm`,
    {
      preValidation: signedIn,
      config: writeLimit,
      schema: { tags, params, body: checkoutCallbackSchema, response: reply200 },
    },
    async (req) =>
      confirmMilestoneCheckout(
        app.db,
        app.payments,
        authOf(req),
        req.params.id,
        req.params.milestoneId,
        req.body,
      ),
  );

  app.post(
    `${base}/checkout/abandon`,
    {
      preValidation: signedIn,
      config: writeLimit,
      schema: {
        tags,
        params,
        body: z.object({
          outcome: z.enum(['closed', 'failed'], { error: 'outcome must be closed or failed' }),
        }),
        response: reply200,
      },
    },
    async (req) =>
      abandonMilestoneCheckout(
        app.db,
        app.payments,
        authOf(req),
        req.params.id,
        req.params.milestoneId,
        req.body.outcome,
      ),
  );

  app.post(
    `${base}/deliver`,
    {
      preValidation: signedIn,
      config: writeLimit,
      schema: { tags, params, body: milestoneDeliverSchema, response: reply200 },
    },
    async (req) =>
      deliverMilestone(
        app.db,
        app.payments,
        authOf(req),
        req.params.id,
        req.params.milestoneId,
        req.body.note,
      ),
  );

  app.post(
    `${base}/approve`,
    { preValidation: signedIn, config: writeLimit, schema: { tags, params, response: reply200 } },
    async (req) => approveMilestone(app.db, app.payments, authOf(req), req.params.id, req.params.milestoneId),
  );

  app.post(
    `${base}/changes`,
    {
      preValidation: signedIn,
      config: writeLimit,
      schema: { tags, params, body: milestoneChangesSchema, response: reply200 },
    },
    async (req) =>
      requestChanges(app.db, app.payments, authOf(req), req.params.id, req.params.milestoneId, req.body.note),
  );

  app.post(
    `${base}/dispute`,
    {
      preValidation: signedIn,
      config: writeLimit,
      schema: { tags, params, body: milestoneDisputeSchema, response: reply200 },
    },
    async (req) =>
      openDispute(app.db, app.payments, authOf(req), req.params.id, req.params.milestoneId, req.body.reason),
  );

  app.get(
    '/freelancer/earnings',
    {
      preValidation: app.requireRole('freelancer'),
      schema: { tags, response: { 200: freelancerEarningsSchema, ...errors } },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return freelancerEarnings(app.db, authOf(req).user.id);
    },
  );

  app.get(
    '/admin/disputes',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        querystring: z.object({ page: pageField }),
        response: { 200: disputePageSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return disputePage(app.db, req.query.page);
    },
  );

  app.post(
    '/admin/disputes/:id/ruling',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Release or refund a disputed milestone, with a reason (audit-logged)',
        params: idParams(MILESTONE_MSG.notFound),
        body: disputeRulingSchema,
        response: reply200,
      },
    },
    async (req) => ruleDispute(app.db, app.payments, authOf(req).user.id, req.params.id, req.body),
  );
};

export default routes;
