// CSRF: a state-changing request whose Origin (or Sec-Fetch-Site) says it came from another site is refused.
// Cookies are SameSite=Lax as a second wall; requests without a browser's headers (CLI, tests) carry no cookie of a victim.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '../../shared/messages';
import { forbidden } from '../http/errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export default fp(async function csrf(app: FastifyInstance) {
  const allowed = new Set([app.config.appOrigin]);
  app.addHook('onRequest', async (req) => {
    if (SAFE.has(req.method)) return;
    const origin = req.headers.origin;
    if (origin !== undefined) {
      const selfOrigin = `${req.protocol}://${req.headers.host}`;
      if (origin !== selfOrigin && !allowed.has(origin)) throw forbidden(MSG.forbiddenOrigin, 'forbidden_origin');
      return;
    }
    if (req.headers['sec-fetch-site'] === 'cross-site') throw forbidden(MSG.forbiddenOrigin, 'forbidden_origin');
  });
});
