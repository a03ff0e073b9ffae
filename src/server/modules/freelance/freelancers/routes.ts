// GET/PUT /api/freelancer/profile: a freelancer's own profile, GET /api/freelancer/balance: its earnings
// (freelancer role only); GET /api/freelancers and
// /api/freelancers/:id: the public directory of published profiles, public fields only (issue 27).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/fields.ts';
import {
  freelancerBalanceSchema,
  freelancerProfileUpdateSchema,
  freelancerProfileViewSchema,
  freelancersPageSchema,
  freelancersQuerySchema,
  publicFreelancerSchema,
} from '#shared/freelancers.ts';
import { FREELANCER_MSG } from '#shared/freelancers-texts.ts';
import { COMMON_MSG } from '#shared/common.ts';
import { idParams } from '#server/http/params.ts';
import { notFound } from '#server/http/errors.ts';
import { authOf } from '#server/http/auth-context.ts';
import {
  getFreelancerBalance,
  getFreelancerProfile,
  getPublishedFreelancer,
  listFreelancers,
  updateFreelancerProfile,
  type FreelancerReviewsReader,
} from './service';

/** The routes, given the engagement-reviews module's reader of a freelancer's reviews (app.ts hands it in). */
const routes =
  ({ freelancerReviews }: { freelancerReviews: FreelancerReviewsReader }): FastifyPluginAsyncZod =>
  async (app) => {
    const responses = {
      200: freelancerProfileViewSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
    };
    const guard = app.requireRole('freelancer');

    app.get(
      '/freelancer/profile',
      { preValidation: guard, schema: { tags: ['freelancers'], response: responses } },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return getFreelancerProfile(app.db, authOf(req).user.id);
      },
    );

    app.put(
      '/freelancer/profile',
      {
        preValidation: guard,
        schema: { tags: ['freelancers'], body: freelancerProfileUpdateSchema, response: responses },
      },
      async (req) => updateFreelancerProfile(app.db, authOf(req).user.id, req.body),
    );

    app.get(
      '/freelancer/balance',
      {
        preValidation: guard,
        schema: { tags: ['freelancers'], response: { ...responses, 200: freelancerBalanceSchema } },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return getFreelancerBalance(app.db, authOf(req).user.id);
      },
    );

    app.get(
      '/freelancers',
      {
        schema: {
          tags: ['freelancers'],
          querystring: freelancersQuerySchema,
          response: { 200: freelancersPageSchema, 400: apiErrorSchema },
        },
      },
      async (req) => listFreelancers(app.db, req.query),
    );

    app.get(
      '/freelancers/:id',
      {
        schema: {
          tags: ['freelancers'],
          params: idParams(COMMON_MSG.notFound),
          response: { 200: publicFreelancerSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (req) => {
        const freelancer = await getPublishedFreelancer(
          app.db,
          req.params.id,
          app.config.APP_TIMEZONE,
          freelancerReviews,
        );
        if (!freelancer) throw notFound(FREELANCER_MSG.notFound);
        return freelancer;
      },
    );
  };
export default routes;
