// GET/PUT /api/me/profile: the caller's full name and phone; email shown read-only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '#shared/fields.ts';
import { profileSchema, updateProfileSchema, ACCOUNT_MSG } from '#shared/accounts.ts';
import { notFound } from '#server/http/errors.ts';
import { authOf } from '#server/http/auth-context.ts';
import { getProfile, updateProfile } from './service';

const routes: FastifyPluginAsyncZod = async (app) => {
  // The spec's own words for reading a profile with nobody logged in.
  const requireUser = app.requireRole({ unauthorized: ACCOUNT_MSG.noUserLoggedIn });
  const responses = { 200: profileSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

  app.get(
    '/me/profile',
    { preValidation: requireUser, schema: { tags: ['profiles'], response: responses } },
    async (req) => {
      const profile = await getProfile(app.db, authOf(req).user.id);
      if (!profile) throw notFound(ACCOUNT_MSG.noUserLoggedIn);
      return profile;
    },
  );

  app.put(
    '/me/profile',
    {
      preValidation: requireUser,
      schema: { tags: ['profiles'], body: updateProfileSchema, response: responses },
    },
    async (req) => {
      const profile = await updateProfile(app.db, authOf(req).user.id, req.body);
      if (!profile) throw notFound(ACCOUNT_MSG.noUserLoggedIn);
      return profile;
    },
  );
};
export default routes;
