// CSRF: a state-changing request whose Origin (or Sec-Fetch-Site) says it came from another site is refused.
// Origin is compared with APP_ORIGIN only, never with the request's Host header, which a client (or a
// misrouting proxy) can write (issue 10, finding 13). In development the Vite dev server's origin is accepted
// too: it proxies /api to this server.
// Cookies are SameSite=Lax as a second wall; requests without a browser's headers (CLI, tests) carry no cookie of a victim.
import { ERROR_CODE } from '#shared/error-codes.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { COMMON_MSG } from '#shared/common.ts';
import { forbidden } from '#server/http/errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** `npm run dev:web` (vite.config.ts, port 5173). */
const VITE_DEV_ORIGIN = 'http://localhost:5173';

export default fp(async function csrf(app: FastifyInstance) {
  const allowed = new Set([app.config.appOrigin]);
  if (app.config.NODE_ENV === 'development') allowed.add(VITE_DEV_ORIGIN);
  app.addHook('onRequest', async (req) => {
    if (SAFE.has(req.method)) return;
    const origin = req.headers.origin;
    if (origin !== undefined) {
      if (!allowed.has(origin)) throw forbidden(COMMON_MSG.forbiddenOrigin, ERROR_CODE.forbiddenOrigin);
      return;
    }
    if (req.headers['sec-fetch-site'] === 'cross-site')
      throw forbidden(COMMON_MSG.forbiddenOrigin, ERROR_CODE.forbiddenOrigin);
  });
});
