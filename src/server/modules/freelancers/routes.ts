// GET/PUT /api/freelancer/profile: a freelancer's name and skills (freelancer role only).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/fields.ts';
import { freelancerProfileSchema, freelancerProfileViewSchema } from '#shared/freelancers.ts';
import { authOf } from '#server/http/auth-context.ts';
import { getFreelancerProfile, updateFreelancerProfile } from './service';

const routes: FastifyPluginAsyncZod = async (app) => {
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
    async (req) => getFreelancerProfile(app.db, authOf(req).user.id),
  );

  app.put(
    '/freelancer/profile',
    {
      preValidation: guard,
      schema: { tags: ['freelancers'], body: freelancerProfileSchema, response: responses },
    },
    async (req) => updateFreelancerProfile(app.db, authOf(req).user.id, req.body),
  );
};
export default routes;
