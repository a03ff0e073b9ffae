// CSRF: a state-changing request whose Origin (or Sec-Fetch-Site) says it came from another site is refused.
// Origin is compared with APP_ORIGIN only, never with the request's Host header, which a client (or a
// misrouting proxy) can write (issue 10, finding 13). In development the Vite dev server's origin is accepted
// too: it proxies /api to this server.
// A request whose Sec-Fetch-Site is `same-origin` is accepted whatever its Origin: browsers set that header and no
// page's script can forge it, so it proves the request came from a page of this very server, under whatever name
// the browser reached it (http://127.0.0.1:3000 after `npm start` printed http://localhost:3000; issue 21,
// finding 13; decision 094). Without APP_ORIGIN (a local run), the loopback names of the default origin are
// accepted too, for browsers that send no Sec-Fetch-Site.
// Cookies are SameSite=Lax as a second wall; requests without a browser's headers (CLI, tests) carry no cookie of a victim.
import { ERROR_CODE } from '#shared/error-codes.ts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { COMMON_MSG } from '#shared/common.ts';
import { forbidden } from '#server/http/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Called server to server (a payment provider's API or webhook, decision 133): no browser sends it, and its
     * credentials or signature stand in for the origin check, which it skips.
     */
    serverToServer?: boolean;
  }
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** `npm run dev:web` (vite.config.ts, port 5173). */
const VITE_DEV_ORIGIN = 'http://localhost:5173';
/** Names of this machine a browser may use for a server that only printed http://localhost:PORT. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

export default fp(async function csrf(app: FastifyInstance) {
  const allowed = new Set([app.config.appOrigin]);
  if (app.config.NODE_ENV === 'development') allowed.add(VITE_DEV_ORIGIN);
  if (!app.config.APP_ORIGIN && !app.config.isProduction)
    for (const name of LOOPBACK_NAMES) allowed.add(`http://${name}:${app.config.PORT}`);
  app.addHook('onRequest', async (req) => {
    if (SAFE.has(req.method) || req.routeOptions.config?.serverToServer) return;
    const site = req.headers['sec-fetch-site'];
    if (site === 'same-origin') return;
    const origin = req.headers.origin;
    if (origin !== undefined) {
      if (!allowed.has(origin)) throw forbidden(COMMON_MSG.forbiddenOrigin, ERROR_CODE.forbiddenOrigin);
      return;
    }
    if (site === 'cross-site') throw forbidden(COMMON_MSG.forbiddenOrigin, ERROR_CODE.forbiddenOrigin);
  });
});
