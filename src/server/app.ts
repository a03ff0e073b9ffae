// Builds the Fastify app without listening, so tests drive it with app.inject.
// Plugins register in a fixed order: external -> app services -> routes -> the SPA.
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Redis } from 'ioredis';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler } from './http/serializer';
import { MAX_IMAGE_BYTES } from '../shared/constants';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import errors from './plugins/errors';
import securityHeaders from './plugins/security-headers';
import auth from './plugins/auth';
import csrf from './plugins/csrf';
import inputGuard from './security/input-guard';
import { frameworkErrors } from './security/framework-errors';
import spa from './plugins/spa';
import { createMailer, type Mailer } from './modules/mail/service';
import { createStorage, type Storage } from './modules/storage/service';
import mailRoutes from './modules/mail/routes';
import authRoutes from './modules/auth/routes';
import adminRoutes from './modules/admin/routes';
import sharksRoutes from './modules/sharks/routes';
import coursesRoutes from './modules/courses/routes';
import bookingsRoutes from './modules/bookings/routes';
import followsRoutes from './modules/follows/routes';
import profilesRoutes from './modules/profiles/routes';
import freelancersRoutes from './modules/freelancers/routes';
import contactRoutes from './modules/contact/routes';
import applicationsRoutes from './modules/applications/routes';
import storageRoutes from './modules/storage/routes';
import healthRoutes from './ops/health';
import workspaceRoutes from './modules/workspace/routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    database: Database;
    mailer: Mailer;
    storage: Storage;
    redis: Redis | null;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Serve the built SPA from dist/web (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
}

export async function buildApp({ config, database, serveWeb = false, logger = true }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: false }) : null;
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
    openapi: { info: { title: 'Shark Security marketplace API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // App services
  app.decorate('mailer', createMailer(config, database.db, app.log));
  app.decorate('storage', createStorage(config));
  await app.register(csrf);
  await app.register(inputGuard);
  await app.register(auth);

  // Routes
  const api = [
    healthRoutes,
    authRoutes,
    adminRoutes,
    sharksRoutes,
    coursesRoutes,
    bookingsRoutes,
    followsRoutes,
    profilesRoutes,
    freelancersRoutes,
    contactRoutes,
    applicationsRoutes,
    workspaceRoutes,
  ];
  for (const routes of api) await app.register(routes, { prefix: '/api' });
  await app.register(storageRoutes);
  await app.register(mailRoutes);
  await app.register(spa, { serveWeb });

  return app;
}
