// The reviews API (issue 14):
// GET  /api/sharks/:id/reviews?page=        published reviews, newest first, with the summary (public)
// POST /api/sharks/:id/notify-reviews       "Notify Me" until the first review (signed in)
// GET|POST|PUT /api/sessions/:id/review     the learner's review of a completed session (its learner only)
// GET  /api/workspace/reviews?sharkId=      every review of the shark (shark, or an admin for a shark)
// POST /api/workspace/reviews/:id/reply     the shark's one public reply
// POST /api/reviews/:id/reports {reason}    report a published review (signed in)
// GET  /api/admin/reviews                   reported reviews (admin)
// POST /api/admin/reviews/:id/hide|unhide {reason}  moderation (admin; audited, the learner told)
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, messageSchema } from '#shared/fields.ts';
import {
  REVIEW_MSG,
  notifyResultSchema,
  reportResultSchema,
  reportedReviewPageSchema,
  reportedReviewsQuerySchema,
  reviewInputSchema,
  reviewPageQuerySchema,
  reviewPageSchema,
  reviewReasonSchema,
  reviewReplyResultSchema,
  reviewReplySchema,
  reviewSavedSchema,
  sessionReviewStateSchema,
  workspaceReviewPageSchema,
} from '#shared/reviews.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import { sharkScopeQuerySchema } from '#shared/workspace.ts';
import { authOf } from '#server/http/auth-context.ts';
import { notFound } from '#server/http/errors.ts';
import { idParams } from '#server/http/params.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { resolveScope } from '#server/modules/sessions/shark-scope/service.ts';
import {
  createReview,
  moderateReview,
  publishedReviews,
  replyToReview,
  reportReview,
  reportedReviewPage,
  requestReviewNotification,
  sessionReviewState,
  updateReview,
  workspaceReviews,
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
  const signedIn = app.requireRole();
  const adminOnly = app.requireRole('admin');
  const sharkOrAdmin = app.requireRole('shark', 'admin');

  app.get(
    '/sharks/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        params: idParams(CATALOGUE_MSG.sharkNotFound),
        querystring: reviewPageQuerySchema,
        response: { 200: reviewPageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (req) => {
      const page = await publishedReviews(app.db, req.params.id, req.query.page);
      if (!page) throw notFound(CATALOGUE_MSG.sharkNotFound);
      return page;
    },
  );

  app.post(
    '/sharks/:id/notify-reviews',
    {
      preValidation: signedIn,
      config: { rateLimit: perMinute(app, 30) },
      schema: {
        tags: ['reviews'],
        params: idParams(CATALOGUE_MSG.sharkNotFound),
        response: {
          200: notifyResultSchema,
          201: notifyResultSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (req, reply) => {
      const result = await requestReviewNotification(app.db, authOf(req).user.id, req.params.id);
      if (!result) throw notFound(CATALOGUE_MSG.sharkNotFound);
      return reply.code(result.alreadyRequested ? 200 : 201).send({
        alreadyRequested: result.alreadyRequested,
        message: result.alreadyRequested ? REVIEW_MSG.already : REVIEW_MSG.saved,
      });
    },
  );

  const sessionParams = idParams(REVIEW_MSG.sessionNotFound);

  app.get(
    '/sessions/:id/review',
    {
      preValidation: signedIn,
      schema: {
        tags: ['reviews'],
        params: sessionParams,
        response: { 200: sessionReviewStateSchema, ...errors },
      },
    },
    async (req) => sessionReviewState(app.db, authOf(req).user.id, req.params.id),
  );

  app.post(
    '/sessions/:id/review',
    {
      preValidation: signedIn,
      config: { rateLimit: perMinute(app, 20) },
      schema: {
        tags: ['reviews'],
        params: sessionParams,
        body: reviewInputSchema,
        response: { 201: reviewSavedSchema, ...errors },
      },
    },
    async (req, reply) => {
      const state = await createReview(app.db, mail, authOf(req).user.id, req.params.id, req.body);
      return reply.code(201).send({ message: REVIEW_MSG.created, state });
    },
  );

  app.put(
    '/sessions/:id/review',
    {
      preValidation: signedIn,
      config: { rateLimit: perMinute(app, 20) },
      schema: {
        tags: ['reviews'],
        params: sessionParams,
        body: reviewInputSchema,
        response: { 200: reviewSavedSchema, ...errors },
      },
    },
    async (req) => {
      const state = await updateReview(app.db, authOf(req).user.id, req.params.id, req.body);
      return { message: REVIEW_MSG.updated, state };
    },
  );

  app.get(
    '/workspace/reviews',
    {
      preValidation: sharkOrAdmin,
      schema: {
        tags: ['reviews'],
        querystring: sharkScopeQuerySchema.extend(reviewPageQuerySchema.shape),
        response: { 200: workspaceReviewPageSchema, ...errors },
      },
    },
    async (req) =>
      workspaceReviews(app.db, await resolveScope(app.db, authOf(req), req.query.sharkId), req.query.page),
  );

  app.post(
    '/workspace/reviews/:id/reply',
    {
      preValidation: sharkOrAdmin,
      config: { rateLimit: perMinute(app, 30) },
      schema: {
        tags: ['reviews'],
        params: idParams(REVIEW_MSG.reviewNotFound),
        querystring: sharkScopeQuerySchema,
        body: reviewReplySchema,
        response: { 201: reviewReplyResultSchema, ...errors },
      },
    },
    async (req, reply) => {
      const scope = await resolveScope(app.db, authOf(req), req.query.sharkId);
      const review = await replyToReview(app.db, scope, req.params.id, req.body.body);
      return reply.code(201).send({ message: REVIEW_MSG.replied, review });
    },
  );

  app.post(
    '/reviews/:id/reports',
    {
      preValidation: signedIn,
      config: { rateLimit: perMinute(app, 10) },
      schema: {
        tags: ['reviews'],
        params: idParams(REVIEW_MSG.reviewNotFound),
        body: reviewReasonSchema,
        response: { 200: reportResultSchema, 201: reportResultSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { alreadyReported } = await reportReview(
        app.db,
        authOf(req).user.id,
        req.params.id,
        req.body.reason,
      );
      return reply.code(alreadyReported ? 200 : 201).send({
        alreadyReported,
        message: alreadyReported ? REVIEW_MSG.alreadyReported : REVIEW_MSG.reported,
      });
    },
  );

  app.get(
    '/admin/reviews',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        querystring: reportedReviewsQuerySchema,
        response: { 200: reportedReviewPageSchema, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return reportedReviewPage(app.db, req.query.q, req.query.page);
    },
  );

  for (const action of ['hide', 'unhide'] as const)
    app.post(
      `/admin/reviews/:id/${action}`,
      {
        preValidation: adminOnly,
        schema: {
          tags: ['admin'],
          params: idParams(REVIEW_MSG.reviewNotFound),
          body: reviewReasonSchema,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (req) => {
        await moderateReview(app.db, mail, authOf(req).user.id, req.params.id, {
          hidden: action === 'hide',
          reason: req.body.reason,
        });
        return { message: action === 'hide' ? REVIEW_MSG.hidden : REVIEW_MSG.unhidden };
      },
    );
};
export default routes;
