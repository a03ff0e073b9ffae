// GET/PUT /api/me/profile: the caller's full name and phone; email shown read-only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { MSG } from '../../../shared/messages';
import { apiErrorSchema } from '../../../shared/schemas/common';
import { profileSchema, updateProfileSchema } from '../../../shared/schemas/profiles';
import { notFound, unauthorized } from '../../http/errors';
import { authOf } from '../../plugins/auth';
import { getProfile, updateProfile } from './service';

/** The spec's own words for reading a profile with nobody logged in. Runs before validation, like every guard. */
async function requireUser(req: FastifyRequest) {
  if (!req.auth) throw unauthorized(MSG.noUserLoggedIn);
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const responses = { 200: profileSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

  app.get('/me/profile', { preValidation: requireUser, schema: { tags: ['profiles'], response: responses } }, async (req) => {
    const profile = await getProfile(app.db, authOf(req).user.id);
    if (!profile) throw notFound(MSG.noUserLoggedIn);
    return profile;
  });

  app.put(
    '/me/profile',
    { preValidation: requireUser, schema: { tags: ['profiles'], body: updateProfileSchema, response: responses } },
    async (req) => {
      const profile = await updateProfile(app.db, authOf(req).user.id, req.body);
      if (!profile) throw notFound(MSG.noUserLoggedIn);
      return profile;
    },
  );
};
export default routes;
