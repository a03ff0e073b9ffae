// A shark's own courses (or, for an admin, the courses of ?sharkId=):
// GET/POST /api/workspace/courses, PUT/DELETE /api/workspace/courses/:id, POST /api/workspace/courses/:id/image.
// The public catalogue's courses are served by the sharks module.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, messageSchema } from '../../../shared/schemas/common';
import { courseInputSchema, courseSavedSchema, ownCourseSchema } from '../../../shared/schemas/courses';
import { sharkScopeQuerySchema } from '../../../shared/schemas/workspace';
import { perMinute } from '../../http/rate-limit';
import { readImageUpload } from '../storage/upload';
import { resolveScope } from '../workspace/scope';
import { COURSE_REASONS, createOwnCourse, deleteOwnCourse, listOwnCourses, replaceCourseImage, updateOwnCourse } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const idParams = z.object({ id: z.uuid({ error: COURSE_REASONS.notFound }) });

const routes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('shark', 'admin');

  app.get(
    '/workspace/courses',
    { preValidation: guard, schema: { tags: ['courses'], querystring: sharkScopeQuerySchema, response: { 200: z.array(ownCourseSchema), ...errors } } },
    async (req) => listOwnCourses(app.db, await resolveScope(app.db, req, req.query.sharkId)),
  );

  app.post(
    '/workspace/courses',
    {
      preValidation: guard,
      schema: { tags: ['courses'], querystring: sharkScopeQuerySchema, body: courseInputSchema, response: { 201: courseSavedSchema, ...errors } },
    },
    async (req, reply) => {
      const course = await createOwnCourse(app.db, await resolveScope(app.db, req, req.query.sharkId), req.body);
      return reply.code(201).send({ message: 'Course created.', course });
    },
  );

  app.put(
    '/workspace/courses/:id',
    {
      preValidation: guard,
      schema: {
        tags: ['courses'],
        params: idParams,
        querystring: sharkScopeQuerySchema,
        body: courseInputSchema,
        response: { 200: courseSavedSchema, ...errors },
      },
    },
    async (req) => {
      const course = await updateOwnCourse(app.db, await resolveScope(app.db, req, req.query.sharkId), req.params.id, req.body);
      return { message: 'Course updated.', course };
    },
  );

  app.delete(
    '/workspace/courses/:id',
    { preValidation: guard, schema: { tags: ['courses'], params: idParams, querystring: sharkScopeQuerySchema, response: { 200: messageSchema, ...errors } } },
    async (req) => {
      await deleteOwnCourse(app.db, app.storage, await resolveScope(app.db, req, req.query.sharkId), req.params.id);
      return { message: 'Course deleted.' };
    },
  );

  app.post(
    '/workspace/courses/:id/image',
    {
      preValidation: guard,
      config: { rateLimit: perMinute(app, 30) },
      schema: {
        tags: ['courses'],
        params: idParams,
        querystring: sharkScopeQuerySchema,
        response: { 200: courseSavedSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (req) => {
      const scope = await resolveScope(app.db, req, req.query.sharkId);
      const upload = await readImageUpload(req, 'image');
      const course = await replaceCourseImage(app.db, app.storage, scope, req.params.id, upload);
      return { message: 'Course image updated.', course };
    },
  );
};
export default routes;
