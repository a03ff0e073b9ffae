// Route rate limits, scaled by RATE_LIMIT_SCALE. Use as `config: { rateLimit: perMinute(app, 5) }`.
import type { FastifyInstance } from 'fastify';

export const perMinute = (app: FastifyInstance, max: number) => ({
  max: Math.max(1, Math.ceil(max * app.config.RATE_LIMIT_SCALE)),
  timeWindow: '1 minute',
});
