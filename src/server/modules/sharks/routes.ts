// Public catalogue endpoints: GET /api/sharks, /api/sharks/:id, /api/sharks/:id/courses.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/fields.ts';
import {
  publicCourseSchema,
  sharkSchema,
  sharksPageSchema,
  sharksQuerySchema,
  CATALOGUE_MSG,
} from '#shared/catalogue.ts';
import { notFound } from '#server/http/errors.ts';
import { getPublishedShark, listPublishedSharkCourses, listSharks } from './service';

const idParams = z.object({ id: z.string().max(100) });

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sharks',
    {
      schema: {
        tags: ['sharks'],
        querystring: sharksQuerySchema,
        response: { 200: sharksPageSchema, 400: apiErrorSchema },
      },
    },
    async (req) => listSharks(app.db, req.query),
  );

  app.get(
    '/sharks/:id',
    { schema: { tags: ['sharks'], params: idParams, response: { 200: sharkSchema, 404: apiErrorSchema } } },
    async (req) => {
      const shark = await getPublishedShark(app.db, req.params.id);
      if (!shark) throw notFound(CATALOGUE_MSG.sharkNotFound);
      return shark;
    },
  );

  app.get(
    '/sharks/:id/courses',
    {
      schema: {
        tags: ['sharks'],
        params: idParams,
        response: { 200: z.array(publicCourseSchema), 404: apiErrorSchema },
      },
    },
    async (req) => {
      const courses = await listPublishedSharkCourses(app.db, req.params.id);
      if (!courses) throw notFound(CATALOGUE_MSG.sharkNotFound);
      return courses;
    },
  );
};
export default routes;
