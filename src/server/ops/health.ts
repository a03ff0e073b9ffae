// GET /api/health: what a load balancer polls. 200 while this instance can reach its database; 503 when it
// cannot, and (from Fastify) while it drains after SIGTERM, so traffic moves to the other instances.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ping } from '#server/db/client.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['ops'], response: { 200: healthSchema, 503: healthSchema } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await ping(app.db);
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
export default routes;
