// Builds the Fastify app without listening, so tests drive it with app.inject.
// Plugins register in a fixed order: external -> app services -> routes -> the SPA.
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler } from './http/serializer';
import { openapiDocument, openapiTransform } from './http/openapi';
import { MAX_IMAGE_BYTES } from '#shared/constants.ts';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import errors from './plugins/errors';
import securityHeaders from './plugins/security-headers';
import auth, { sessionCookieName } from './plugins/auth';
import csrf from './plugins/csrf';
import inputGuard from './security/input-guard';
import { frameworkErrors } from './security/framework-errors';
import spa from './plugins/spa';
import jobs from './jobs/plugin';
import { createStorage } from './modules/platform/storage/service';
import { type Storage } from './modules/platform/storage/keys';
import mailRoutes from './modules/platform/mail/routes';
import authRoutes from './modules/accounts/accounts/routes';
import adminRoutes from './modules/admin/admin/routes';
import sharksRoutes from './modules/catalogue/listings/routes';
import coursesRoutes from './modules/catalogue/courses/routes';
import bookingsRoutes from './modules/sessions/sessions/booking-routes';
import followsRoutes from './modules/accounts/follows/routes';
import reviewsRoutes from './modules/catalogue/reviews/routes';
import profilesRoutes from './modules/accounts/profiles/routes';
import freelancersRoutes from './modules/freelance/freelancers/routes';
import contactRoutes from './modules/platform/contact/routes';
import applicationsRoutes from './modules/catalogue/applications/routes';
import credentialsRoutes from './modules/catalogue/credentials/routes';
import calendarImportsRoutes from './modules/calendar/calendar-imports/routes';
import clientRequestsRoutes from './modules/freelance/client-requests/routes';
import proposalsRoutes from './modules/freelance/proposals/routes';
import engagementsRoutes from './modules/freelance/engagements/routes';
import milestoneRoutes from './modules/freelance/engagements/milestone-routes';
import engagementFilesRoutes from './modules/freelance/engagement-files/routes';
import engagementReviewsRoutes from './modules/freelance/engagement-reviews/routes';
import storageRoutes from './modules/platform/storage/routes';
import calendarFeedRoutes, { feedRoutes } from './modules/calendar/calendar-feed/routes';
import meetingRoomsRoutes from './modules/sessions/meeting-rooms/routes';
import healthRoutes from './ops/health';
import workspaceRoutes from './modules/sessions/workspace/routes';
import availabilityRoutes from './modules/sessions/availability/routes';
import sessionsRoutes from './modules/sessions/sessions/routes';
import paymentsRoutes from './modules/money/payments/routes';
import payoutsRoutes from './modules/money/payouts/routes';
import reconciliationRoutes from './modules/money/reconciliation/routes';
import statementsRoutes from './modules/money/statements/routes';
import financeRoutes from './modules/money/finance/routes';
import devRoutes from './modules/platform/dev/routes';
import testGatewayRoutes from './modules/money/test-gateway/routes';
import { busyTimes, busyTimesOf, slotsStamp } from './modules/sessions/sessions/service';
import { freelancerReviews } from './modules/freelance/engagement-reviews/public-reviews';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    storage: Storage;
    redis: Redis | null;
  }
}

/** Query parameters whose values never reach the log: mail links carry their token in the query. */
const SECRET_NAMES = new Set([
  'token',
  'secret',
  'password',
  'code',
  'key',
  'signature',
  'sig',
  'access_token',
  'api_key',
]);

/** A calendar feed's path, however it is spelled (percent-encoded, with or without .ics). */
const CALENDAR_FEED = /^\/calendar\/[^?#]*/i;

/** The fields of payout details that are never logged; only their masked forms are (decision 136). */
const PAYOUT_SECRET_FIELDS = ['accountNumber', 'accountNumberConfirm', 'pan', 'upiId'];

/** A parameter's name as a server could read it: percent-decoded (repeatedly), '+' as a space, lower-case. */
function decodedName(raw: string): string {
  let name = raw.replace(/\+/g, ' ');
  for (let i = 0; i < 3 && name.includes('%'); i++) {
    try {
      name = decodeURIComponent(name);
    } catch {
      break;
    }
  }
  return name.toLowerCase();
}

/**
 * The URL with the value of every secret parameter replaced, however its name is spelled: `?%74oken=`,
 * `?token[]=`, `?user[password]=`, `?TOKEN=` (issue 21, finding 11). A name counts as secret when any of its
 * words (split at brackets, dots and spaces) is a secret name.
 */
export function redactUrl(raw: string): string {
  // A calendar feed's address is its secret (decision 148): its path is logged without it.
  const url = raw.replace(CALENDAR_FEED, '/calendar/[REDACTED].ics');
  const q = url.indexOf('?');
  if (q === -1) return url;
  const hash = url.indexOf('#', q);
  const query = url.slice(q + 1, hash === -1 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      if (eq === -1) return part;
      const words = decodedName(part.slice(0, eq)).split(/[[\]. ]+/);
      return words.some((w) => SECRET_NAMES.has(w)) ? `${part.slice(0, eq)}=[REDACTED]` : part;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${redacted}${hash === -1 ? '' : url.slice(hash)}`;
}

/**
 * The log: request URLs with token and secret values replaced (issue 10, finding 9), and the headers that carry
 * credentials (cookie, authorization, the admin CLI's secret, set-cookie) censored wherever they appear.
 */
export function loggerOptions(config: Config) {
  return {
    level: config.LOG_LEVEL,
    serializers: {
      req(req: {
        method: string;
        url: string;
        host?: string;
        hostname?: string;
        ip?: string;
        socket?: { remotePort?: number };
      }) {
        return {
          method: req.method,
          url: redactUrl(req.url),
          host: req.host ?? req.hostname,
          remoteAddress: req.ip,
          remotePort: req.socket?.remotePort,
        };
      },
    },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-admin-cli-secret"]',
        'res.headers["set-cookie"]',
        'headers.cookie',
        'headers.authorization',
        'headers["x-admin-cli-secret"]',
        // The dev outbox logs each mail's link: its path stays, its token does not (read it at /dev/mailbox).
        'link',
        // Payout details (decision 136), should any log line ever carry a body or its values.
        ...PAYOUT_SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
      ],
      censor: (value: unknown, path: string[]) =>
        path.at(-1) === 'link' && typeof value === 'string' ? redactUrl(value) : '[REDACTED]',
    },
  };
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Serve the built SPA from dist/web (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
  /** Where the log goes (stdout by default); tests capture it. */
  logStream?: { write(line: string): void };
  /** Told of every route as it is registered: the role matrix checks that each one has a row. */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp({
  config,
  database,
  serveWeb = false,
  logger = true,
  logStream,
  onRoute,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { ...loggerOptions(config), ...(logStream ? { stream: logStream } : {}) } : false,
    // TRUST_PROXY (docs/deploy.md): false, the proxies' addresses/CIDR ranges, or their number. Fastify 5 refuses
    // a bare hop count (it cannot tell a proxy from a direct client), so a count is given as a function: only
    // right where the app is reachable through those proxies alone.
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (
            (hops: number) => (_addr: string, i: number) =>
              i < hops
          )(config.TRUST_PROXY)
        : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false })
    : null;
  redis?.on('error', (err) => app.log.warn({ err }, 'redis error'));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => {});
  });

  // External plugins
  await app.register(errors);
  await app.register(securityHeaders);
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'sharks-rl:' } : {}),
    errorResponseBuilder: (_req, ctx) => ({ statusCode: ctx.statusCode, message: 'rate limited' }),
  });
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: openapiDocument(config, sessionCookieName(config)),
    transform: openapiTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // App services
  await app.register(jobs); // the job queue, and app.mailer that queues mail on it
  app.decorate('storage', createStorage(config));
  await app.register(csrf);
  await app.register(inputGuard);
  await app.register(auth);

  // Routes. A module's routes that show what a module above it keeps are handed its reader here, so no module
  // imports one that imports it back (decision 209): the bookings' busy times, a freelancer's reviews.
  const api = [
    healthRoutes,
    authRoutes,
    adminRoutes,
    sharksRoutes({ busyTimesOf }),
    coursesRoutes,
    bookingsRoutes,
    followsRoutes,
    reviewsRoutes,
    profilesRoutes,
    freelancersRoutes({ freelancerReviews }),
    contactRoutes,
    applicationsRoutes,
    credentialsRoutes,
    clientRequestsRoutes,
    proposalsRoutes,
    engagementsRoutes,
    milestoneRoutes,
    engagementFilesRoutes,
    engagementReviewsRoutes,
    workspaceRoutes,
    availabilityRoutes({ busyTimes, slotsStamp }),
    calendarImportsRoutes,
    sessionsRoutes,
    calendarFeedRoutes,
    meetingRoomsRoutes,
    paymentsRoutes,
    payoutsRoutes,
    reconciliationRoutes,
    statementsRoutes,
    financeRoutes,
    devRoutes,
    // The built-in test gateway only in test mode (no Razorpay keys), which production refuses (decision 133).
    ...(config.paymentProvider === 'test' ? [testGatewayRoutes] : []),
  ];
  for (const routes of api) await app.register(routes, { prefix: '/api' });
  await app.register(storageRoutes);
  await app.register(feedRoutes);
  await app.register(mailRoutes);
  await app.register(spa, { serveWeb });

  return app;
}
