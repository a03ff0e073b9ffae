// Security headers on every response (CSP, nosniff, frame-ancestors, referrer policy, HSTS in production),
// from helmet, and Cache-Control: no-store on every response that can hold personal data. The middleware is built once here: @fastify/helmet rebuilt it, parsing the CSP directives
// again, on every request, which the bench's CPU profile showed as a few percent of each catalogue read.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** API paths whose every answer is about the caller or staff-only data. */
const PERSONAL =
  /^\/api\/(?:me|workspace|admin|auth|bookings|follows|freelancer|shark-applications|dev)(?:[/?]|$)/;
/** The public catalogue: the same answer for everyone, so it may be cached even for a signed-in caller. */
const CATALOGUE = /^\/api\/(?:sharks|health|docs)(?:[/?]|$)/;

/**
 * True when the response may hold personal data (issue 10, finding 10): every personal path, and any other API
 * answer to a signed-in caller except a read of the public catalogue. Such responses send no-store, so neither
 * the browser's cache nor a shared one keeps them.
 */
export function mayHoldPersonalData(req: FastifyRequest): boolean {
  const url = req.url;
  if (!url.startsWith('/api/')) return false;
  if (PERSONAL.test(url)) return true;
  const signedIn = (req as FastifyRequest & { auth?: unknown }).auth != null;
  return signedIn && !((req.method === 'GET' || req.method === 'HEAD') && CATALOGUE.test(url));
}

/**
 * The pages whose CSP lets Razorpay Checkout in: a session's checkout (issue 23) and an engagement, where the
 * client funds a milestone (decision 176).
 */
const CHECKOUT_PAGE = /^\/(?:sessions\/[^/?#]+\/checkout|engagements\/[^/?#]+)(?:[?#]|$)/;
/** Razorpay Checkout's origins: its script, its payment frame and the calls it makes. */
const RAZORPAY = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  img: ['https://cdn.razorpay.com'],
};

export default fp(async function securityHeaders(app: FastifyInstance) {
  const { config } = app;
  const headersWith = (extra: { script: string[]; frame: string[]; connect: string[]; img: string[] }) =>
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...extra.script],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: [
            "'self'",
            'data:',
            'blob:',
            ...(config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : []),
            ...extra.img,
          ],
          connectSrc: ["'self'", ...extra.connect],
          frameSrc: extra.frame.length ? extra.frame : ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: config.isProduction ? [] : null,
        },
      },
      strictTransportSecurity: config.isProduction,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
  const setHeaders = headersWith({ script: [], frame: [], connect: [], img: [] });
  // Only with Razorpay configured, and only on the checkout page: every other page keeps the strict policy.
  const setCheckoutHeaders = config.paymentProvider === 'razorpay' ? headersWith(RAZORPAY) : setHeaders;
  app.addHook('onRequest', (req, reply, done) =>
    (req.method === 'GET' && CHECKOUT_PAGE.test(req.url) ? setCheckoutHeaders : setHeaders)(
      req.raw,
      reply.raw,
      (err?: unknown) => done(err as Error | undefined),
    ),
  );
  app.addHook('onSend', async (req, reply) => {
    if (mayHoldPersonalData(req)) reply.header('cache-control', 'no-store');
  });
});
