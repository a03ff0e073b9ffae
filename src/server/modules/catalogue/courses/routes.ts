// A shark's own courses (or, for an admin, the courses of ?sharkId=):
// GET/POST /api/workspace/courses, PUT/DELETE /api/workspace/courses/:id, POST /api/workspace/courses/:id/image.
// The public catalogue's courses are served by the sharks module.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, messageSchema } from '#shared/fields.ts';
import { courseInputSchema, courseSavedSchema, ownCourseSchema, COURSE_MSG } from '#shared/courses.ts';
import { SESSION_MSG } from '#shared/sessions-texts.ts';
import { sharkScopeQuerySchema } from '#shared/workspace.ts';
import { idParams } from '#server/http/params.ts';
import { perMinute } from '#server/http/rate-limit.ts';
import { authOf } from '#server/http/auth-context.ts';
import { resolveScope } from '#server/modules/sessions/shark-scope/service.ts';
import { readImageUpload } from '#server/modules/platform/storage/upload.ts';
import {
  createOwnCourse,
  deleteOwnCourse,
  listOwnCourses,
  replaceCourseImage,
  setCourseArchived,
  updateOwnCourse,
} from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const courseIdParams = idParams(COURSE_MSG.notFound);

const routes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('shark', 'admin');

  app.get(
    '/workspace/courses',
    {
      preValidation: guard,
      schema: {
        tags: ['courses'],
        querystring: sharkScopeQuerySchema,
        response: { 200: z.array(ownCourseSchema), ...errors },
      },
    },
    async (req) => listOwnCourses(app.db, await resolveScope(app.db, authOf(req), req.query.sharkId)),
  );

  app.post(
    '/workspace/courses',
    {
      preValidation: guard,
      schema: {
        tags: ['courses'],
        querystring: sharkScopeQuerySchema,
        body: courseInputSchema,
        response: { 201: courseSavedSchema, ...errors },
      },
    },
    async (req, reply) => {
      const course = await createOwnCourse(
        app.db,
        await resolveScope(app.db, authOf(req), req.query.sharkId),
        req.body,
      );
      return reply.code(201).send({ message: COURSE_MSG.created, course });
    },
  );

  app.put(
    '/workspace/courses/:id',
    {
      preValidation: guard,
      schema: {
        tags: ['courses'],
        params: courseIdParams,
        querystring: sharkScopeQuerySchema,
        body: courseInputSchema,
        response: { 200: courseSavedSchema, ...errors },
      },
    },
    async (req) => {
      const course = await updateOwnCourse(
        app.db,
        await resolveScope(app.db, authOf(req), req.query.sharkId),
        req.params.id,
        req.body,
      );
      return { message: COURSE_MSG.updated, course };
    },
  );

  app.delete(
    '/workspace/courses/:id',
    {
      preValidation: guard,
      schema: {
        tags: ['courses'],
        params: courseIdParams,
        querystring: sharkScopeQuerySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (req) => {
      await deleteOwnCourse(
        app.db,
        app.storage,
        await resolveScope(app.db, authOf(req), req.query.sharkId),
        req.params.id,
      );
      return { message: COURSE_MSG.deleted };
    },
  );

  for (const [action, archived, message] of [
    ['archive', true, SESSION_MSG.courseArchived],
    ['restore', false, SESSION_MSG.courseRestored],
  ] as const)
    app.post(
      `/workspace/courses/:id/${action}`,
      {
        preValidation: guard,
        schema: {
          tags: ['courses'],
          params: courseIdParams,
          querystring: sharkScopeQuerySchema,
          response: { 200: courseSavedSchema, ...errors },
        },
      },
      async (req) => {
        const scope = await resolveScope(app.db, authOf(req), req.query.sharkId);
        return { message, course: await setCourseArchived(app.db, scope, req.params.id, archived) };
      },
    );

  app.post(
    '/workspace/courses/:id/image',
    {
      preValidation: guard,
      config: { rateLimit: perMinute(app, 30) },
      schema: {
        tags: ['courses'],
        params: courseIdParams,
        querystring: sharkScopeQuerySchema,
        response: { 200: courseSavedSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (req) => {
      const scope = await resolveScope(app.db, authOf(req), req.query.sharkId);
      const upload = await readImageUpload(req, 'image');
      const course = await replaceCourseImage(app.db, app.storage, scope, req.params.id, upload);
      return { message: COURSE_MSG.imageUpdated, course };
    },
  );
};
export default routes;
