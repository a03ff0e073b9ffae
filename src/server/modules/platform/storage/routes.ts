// GET /media/:bucket/*: uploaded images, from whichever storage is configured. Only our two public buckets and
// server-made keys are served; everything else (a private bucket's files too) is a 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/fields.ts';
import { COMMON_MSG } from '#shared/common.ts';
import { notFound } from '#server/http/errors.ts';
import { isPublicBucket, isSafeKey } from './keys';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/:bucket/*',
    {
      schema: {
        tags: ['storage'],
        params: z.object({ bucket: z.string().max(40), '*': z.string().max(600) }),
        // The body is the stored bytes (Buffers are sent as they are, never serialized).
        response: { 200: z.any().describe('The image bytes'), 404: apiErrorSchema },
      },
    },
    async (req, reply) => {
      const { bucket, '*': key } = req.params;
      if (!isPublicBucket(bucket) || !isSafeKey(key)) throw notFound(COMMON_MSG.notFound);
      const object = await app.storage.get(bucket, key);
      if (!object) throw notFound(COMMON_MSG.notFound);
      return reply
        .header('content-type', object.contentType)
        .header('cache-control', 'public, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-length', object.body.length)
        .send(object.body);
    },
  );
};
export default routes;
