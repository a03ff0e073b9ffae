// Environment, parsed and validated once at start-up. Every variable is listed in the README.
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  APP_ORIGIN: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  // Per app server; size it to the database (about 2 x its cores across all servers; docs/deploy.md).
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().default('./data'),
  APP_TIMEZONE: z.string().default('Asia/Kolkata'),
  SEED_DEMO: bool,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Shark Security <no-reply@sharksecurity.in>'),
  REDIS_URL: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.string().optional(),
  TRUST_PROXY: bool,
  /** Multiplies every rate limit; the browser tests raise it so many journeys can run from one IP. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** Where the built web app is read from. */
  WEB_DIST: z.string().default('dist/web'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof envSchema> & {
  /** The public origin: links in mail, and the only Origin accepted on state-changing requests. */
  appOrigin: string;
  isProduction: boolean;
  /** True when the app runs on its embedded PGlite database (no DATABASE_URL). */
  embedded: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const c = parsed.data;
  const isProduction = c.NODE_ENV === 'production';
  if (isProduction && !c.SMTP_URL) {
    throw new Error('SMTP_URL is required when NODE_ENV=production: mail must really be sent.');
  }
  const host = c.HOST === '0.0.0.0' || c.HOST === '::' ? 'localhost' : c.HOST;
  return {
    ...c,
    appOrigin: (c.APP_ORIGIN ?? `http://${host}:${c.PORT}`).replace(/\/$/, ''),
    isProduction,
    embedded: !c.DATABASE_URL,
  };
}
