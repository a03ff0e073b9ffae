// Environment, parsed and validated once at start-up. Every variable is listed in the README.
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/**
 * TRUST_PROXY: which X-Forwarded-For entries to believe (Fastify's trustProxy). `false` (default): none. A
 * number: that many proxies in front of the app (1 = one load balancer); the client address is the entry that
 * many hops from the right. A comma-separated list of proxy addresses or CIDR ranges: entries appended by them.
 * `true` (trust every hop, so any client-written entry becomes the address) is refused.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const v = (raw ?? '').trim();
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'true would trust every hop, so a client could write its own address. Give the number of proxies in front of the app (for example 1) or their addresses/CIDR ranges (for example 10.0.0.0/8).',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(v)) return Number(v);
    const entries = v.split(',').map((e) => e.trim());
    const valid = (e: string) => {
      const [addr, bits, ...rest] = e.split('/');
      const family = isIP(addr);
      if (!family || rest.length) return false;
      if (bits === undefined) return true;
      return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
    };
    const bad = entries.filter((e) => !valid(e));
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `not a number of proxies nor proxy addresses/CIDR ranges: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * PAYOUT_DETAILS_KEY: the AES-256 key that encrypts payout details at rest (decision 136): 32 bytes, written as
 * 64 hex digits or as base64 (44 characters with its padding).
 */
const payoutDetailsKey = z
  .string()
  .optional()
  .transform((raw, ctx): Buffer | undefined => {
    const v = (raw ?? '').trim();
    if (v === '') return undefined;
    const key = /^[0-9a-fA-F]{64}$/.test(v)
      ? Buffer.from(v, 'hex')
      : /^[A-Za-z0-9+/_-]{43}=?$/.test(v)
        ? Buffer.from(v, v.includes('-') || v.includes('_') ? 'base64url' : 'base64')
        : null;
    if (key?.length !== 32) {
      ctx.addIssue({
        code: 'custom',
        message:
          "a 32-byte key, as 64 hex digits or base64 (make one with: node -e \"console.log(require('crypto').randomBytes(32).toString('base64'))\")",
      });
      return z.NEVER;
    }
    return key;
  });

/**
 * The payout details key of development and tests when PAYOUT_DETAILS_KEY is unset: fixed and public, so it
 * guards nothing, and production refuses to start with it or without a key (decision 136).
 */
export const DEV_PAYOUT_DETAILS_KEY = createHash('sha256')
  .update('sharks-marketplace: payout details key for development and tests only')
  .digest();

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
  // Where the contact form's messages are mailed (decision 080).
  CONTACT_INBOX: z.email().default('hello@sharksecurity.in'),
  /** Run the job workers in this process (default); false on web servers when `npm run worker` runs apart. */
  RUN_JOBS: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v !== 'false' && v !== '0'),
  /** Retries of a mail after its first attempt, and the base of their exponential backoff in seconds. */
  MAIL_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(5),
  MAIL_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * A worker sending mail marks its jobs alive this often; a job whose worker died (kill -9, a lost machine) is
   * retried once its mark is this old, instead of after the 5-minute expiry (pg-boss's minimum is 10).
   */
  MAIL_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(300).default(30),
  /** How often the queue's supervisor looks for dead or expired jobs (pg-boss's monitor; tests shorten it). */
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  REDIS_URL: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.string().optional(),
  TRUST_PROXY: trustProxy,
  /** Multiplies every rate limit; the browser tests raise it so many journeys can run from one IP. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** Where the built web app is read from. */
  WEB_DIST: z.string().default('dist/web'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Payments (issue 23, decision 133): Razorpay when all three are set, else the built-in test gateway.
  RAZORPAY_KEY_ID: z
    .string()
    .regex(/^rzp_(live|test)_\w+$/, 'a Razorpay key id (rzp_live_... or rzp_test_...)')
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Razorpay's API origin; only the adapter's tests point it elsewhere. */
  RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
  /** How long a call to the payment provider may take before it counts as an outage. */
  PAYMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** The platform's fee, a percentage inside the course price (decision 131). */
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(10),
  /** The company on receipts and tax invoices (Rule 46 of the CGST Rules: supplier name, address, GSTIN). */
  COMPANY_NAME: z.string().trim().min(2).default('Shark Security Private Limited'),
  COMPANY_ADDRESS: z.string().trim().min(5).default('12 Residency Road, Bengaluru 560025, Karnataka, India'),
  /** The supplier's state: decides CGST + SGST (same state) or IGST (another) on tax invoices. */
  COMPANY_STATE: z.string().trim().min(2).default('Karnataka'),
  /** With a GSTIN the payment documents are tax invoices with GST on the platform fee; without, receipts. */
  COMPANY_GSTIN: z
    .string()
    .trim()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'a 15-character GSTIN such as 29ABCDE1234F1Z5')
    .optional(),
  GST_RATE_PERCENT: z.coerce.number().min(0).max(28).default(18),
  PAYOUT_DETAILS_KEY: payoutDetailsKey,
  // Payouts (issue 24, decision 137).
  /** How often the payout run pays: weekly (Mondays 09:00) or monthly (the 1st, 09:00), in APP_TIMEZONE. */
  PAYOUT_SCHEDULE: z.enum(['weekly', 'monthly']).default('weekly'),
  /**
   * The least available balance the run pays out, in paise (decision 210; default ₹500); a smaller balance waits
   * for the next run.
   */
  PAYOUT_MINIMUM_PAISE: z.coerce.number().int().min(100).max(100_000_000).default(50_000),
  /**
   * Who moves payouts: `manual` (an admin uploads the batch to the bank and records each UTR) or
   * `razorpay_route` (a transfer to the payee's Route linked account through the payment provider: Razorpay
   * with its keys, the built-in test gateway in test mode; decision 147). Route settles to bank accounts only,
   * so a payee paid by UPI stays in the manual batch.
   */
  PAYOUT_PROVIDER: z.enum(['manual', 'razorpay_route']).default('manual'),
  /** The Jitsi server a shark's new room per session is made on (issue 26, decision 149): https, no path. */
  JITSI_BASE_URL: z
    .url({ protocol: /^https$/, error: 'an https:// address of a Jitsi server, such as https://meet.jit.si' })
    .default('https://meet.jit.si')
    .transform((v) => new URL(v).origin),
  // Busy times from sharks' other calendars (issue 26, decisions 151-153).
  /** How often each calendar address a shark added is fetched again, in minutes. */
  CALENDAR_FETCH_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /** How long one fetch of a calendar (redirects included) may take. */
  CALENDAR_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** How long reading one calendar file may take in its worker thread before it is stopped (decision 203). */
  CALENDAR_EXPAND_BUDGET_MS: z.coerce.number().int().min(100).max(60_000).default(5_000),
  /** The largest calendar file read, in bytes. */
  CALENDAR_FETCH_MAX_BYTES: z.coerce.number().int().min(1024).max(50_000_000).default(5_000_000),
  /** Tests only: calendar addresses may be http:// and on loopback. Refused in production (decision 151). */
  CALENDAR_FETCH_ALLOW_LOOPBACK: bool,
});

export type Config = Omit<z.infer<typeof envSchema>, 'PAYOUT_DETAILS_KEY'> & {
  /** Encrypts payout details at rest: PAYOUT_DETAILS_KEY, or the public development key outside production. */
  payoutDetailsKey: Buffer;
  /** The public origin: links in mail, and the only Origin accepted on state-changing requests. */
  appOrigin: string;
  isProduction: boolean;
  /** True when the app runs on its embedded PGlite database (no DATABASE_URL). */
  embedded: boolean;
  /** Razorpay when its keys are set, else the built-in test gateway (refused in production). */
  paymentProvider: 'test' | 'razorpay';
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
  const razorpayKeys = [c.RAZORPAY_KEY_ID, c.RAZORPAY_KEY_SECRET, c.RAZORPAY_WEBHOOK_SECRET].filter(
    Boolean,
  ).length;
  if (razorpayKeys !== 0 && razorpayKeys !== 3) {
    throw new Error(
      'Set all three of RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET, or none (test mode).',
    );
  }
  if (isProduction && razorpayKeys === 0) {
    throw new Error(
      'RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are required when NODE_ENV=production: the test payment gateway moves no money.',
    );
  }
  if (isProduction && !c.PAYOUT_DETAILS_KEY) {
    throw new Error(
      'PAYOUT_DETAILS_KEY is required when NODE_ENV=production: payout details are encrypted with it.',
    );
  }
  if (isProduction && c.PAYOUT_DETAILS_KEY?.equals(DEV_PAYOUT_DETAILS_KEY)) {
    throw new Error('PAYOUT_DETAILS_KEY is the public development key; production needs a key of its own.');
  }
  if (env.PAYOUT_MINIMUM_RUPEES !== undefined) {
    // Renamed with every amount in paise (decision 210): ignored, the old name would silently pay at the default.
    throw new Error(
      `PAYOUT_MINIMUM_RUPEES is now PAYOUT_MINIMUM_PAISE, in paise: set PAYOUT_MINIMUM_PAISE=${Number(env.PAYOUT_MINIMUM_RUPEES) * 100 || 50_000} instead.`,
    );
  }
  if (isProduction && c.CALENDAR_FETCH_ALLOW_LOOPBACK) {
    throw new Error(
      'CALENDAR_FETCH_ALLOW_LOOPBACK is for tests only: in production calendar addresses are never fetched from loopback or over http.',
    );
  }
  const { PAYOUT_DETAILS_KEY, ...rest } = c;
  const host = c.HOST === '0.0.0.0' || c.HOST === '::' ? 'localhost' : c.HOST;
  return {
    ...rest,
    payoutDetailsKey: PAYOUT_DETAILS_KEY ?? DEV_PAYOUT_DETAILS_KEY,
    appOrigin: (c.APP_ORIGIN ?? `http://${host}:${c.PORT}`).replace(/\/$/, ''),
    isProduction,
    embedded: !c.DATABASE_URL,
    paymentProvider: razorpayKeys === 3 ? 'razorpay' : 'test',
  };
}
