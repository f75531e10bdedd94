import { randomBytes } from 'node:crypto';
import { isAbsolute, resolve } from 'node:path';
import { DEFAULT_PAYMENT_RESERVATION_MINUTES } from '@tablo/contract/payment';
import { z } from 'zod';
import { REPO_ROOT } from './paths.ts';

export { REPO_ROOT };

function fromRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = z.coerce.number().int().positive();

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  // Pooled connections per instance on PostgreSQL (one more is kept for LISTEN); docs/scaling.md sizes it.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(20),
  PUBLIC_URL: z.url().optional(),
  // Where the landing page's sign-up and log-in links go (spec §1's admin site): Tablo's own screens
  // (PUBLIC_URL) unless it points to another site (DESIGN §1, docs/decisions/058).
  ADMIN_URL: z.url().optional(),
  // Mail (sign-up confirmation, password reset, staff invitations): smtp:// or smtps:// URL with credentials.
  // Unset: the mails' links are printed in the server log instead (docs/decisions/058).
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  POWERED_BY_NAME: z.string().min(1).default('Tablo'),
  POWERED_BY_URL: z.url().optional(),
  ANALYTICS_ID: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).default('web/dist'),
  SEED_DEMO: booleanFlag.default(true),
  // Behind a load balancer: take the client address from X-Forwarded-For (address limits count per client IP).
  TRUST_PROXY: booleanFlag.default(false),
  // Abuse limits, counted in the database so that they hold across instances (docs/decisions/028). Guests of
  // one restaurant share its Wi-Fi address: per-address ceilings only stop scripts, diners are limited per session.
  RATE_LIMIT_SESSIONS_PER_MINUTE: positiveInt.default(600),
  RATE_LIMIT_JOINS_PER_MINUTE: positiveInt.default(10),
  RATE_LIMIT_RATINGS_PER_MINUTE: positiveInt.default(60),
  RATE_LIMIT_ADDRESS_PER_MINUTE: positiveInt.default(1200),
  // Orders per diner session per minute (issue 4); raised only by the load benchmark.
  RATE_LIMIT_ORDERS_PER_MINUTE: positiveInt.default(10),
  // Staff log-in attempts per client address and e-mail address per minute (issue 8); failures are also
  // slowed down per e-mail address in the database (docs/decisions/015-staff-console-server.md).
  RATE_LIMIT_STAFF_LOGINS_PER_MINUTE: positiveInt.default(5),
  // Restaurant sign-ups per client address per hour (issue 26).
  RATE_LIMIT_SIGNUPS_PER_HOUR: positiveInt.default(5),
  // Payments (issue 9, docs/decisions/019-payments.md).
  // A fraction is allowed (0.05 = 3 s): the reliability suites let reservations lapse within a test.
  PAYMENT_RESERVATION_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(DEFAULT_PAYMENT_RESERVATION_MINUTES),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe', 'none']).optional(),
  PAYMENT_SANDBOX_SECRET: z.string().min(16).optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook secret (whsec_…)')
    .optional(),
  // Only for tests: where the Stripe library sends its requests (a local stand-in of the Stripe API).
  STRIPE_API_BASE: z.url().optional(),
});

export interface PaymentConfig {
  /** The online provider, or null when online payment is off (cash and card through the waiter only). */
  provider: 'sandbox' | 'stripe' | null;
  reservationMinutes: number;
  /** Signs the sandbox checkout page's form tokens; random per process when unset. */
  sandboxSecret: string;
  /** No PAYMENT_SANDBOX_SECRET was given: each instance signs with its own (warned when DATABASE_URL is set). */
  sandboxSecretIsRandom: boolean;
  stripe: { secretKey: string; webhookSecret: string; apiBase: string | null } | null;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Pooled connections on PostgreSQL (DATABASE_POOL_SIZE); the embedded database has one. */
  databasePoolSize: number;
  publicUrl: string;
  adminUrl: string;
  mail: {
    /** null: no SMTP server, the links are logged instead. */
    smtpUrl: string | null;
    from: string;
  };
  poweredByName: string;
  poweredByUrl: string;
  analyticsId: string | null;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDist: string;
  seedDemo: boolean;
  trustProxy: boolean;
  rateLimits: {
    /** Per diner session (reads and writes of the session's ratings). */
    ratingsPerMinute: number;
    /** New diner sessions per client address. */
    sessionsPerMinute: number;
    /** Table joins per diner session. */
    joinsPerMinute: number;
    /** Ceiling per client address on joins and on ratings (each counted apart). */
    addressPerMinute: number;
    ordersPerMinute: number;
    staffLoginsPerMinute: number;
    signUpsPerHour: number;
  };
  payments: PaymentConfig;
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment: ${problems.join('; ')}`);
    this.name = 'EnvError';
  }
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Parses the environment once, reporting every missing or bad variable together. Empty values count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const payments = paymentConfig(e);
  const publicUrl = withoutTrailingSlash(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: fromRoot(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    publicUrl,
    adminUrl: withoutTrailingSlash(e.ADMIN_URL ?? publicUrl),
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? `${e.POWERED_BY_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    },
    poweredByName: e.POWERED_BY_NAME,
    poweredByUrl: e.POWERED_BY_URL ?? publicUrl,
    analyticsId: e.ANALYTICS_ID ?? null,
    logLevel: e.LOG_LEVEL,
    webDist: fromRoot(e.WEB_DIST),
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    rateLimits: {
      ratingsPerMinute: e.RATE_LIMIT_RATINGS_PER_MINUTE,
      sessionsPerMinute: e.RATE_LIMIT_SESSIONS_PER_MINUTE,
      joinsPerMinute: e.RATE_LIMIT_JOINS_PER_MINUTE,
      addressPerMinute: e.RATE_LIMIT_ADDRESS_PER_MINUTE,
      ordersPerMinute: e.RATE_LIMIT_ORDERS_PER_MINUTE,
      staffLoginsPerMinute: e.RATE_LIMIT_STAFF_LOGINS_PER_MINUTE,
      signUpsPerHour: e.RATE_LIMIT_SIGNUPS_PER_HOUR,
    },
    payments,
  };
}

/**
 * PAYMENT_PROVIDER: `stripe` needs both Stripe secrets; unset means `stripe` when they are given, else the
 * built-in `sandbox` when the demo is seeded (SEED_DEMO) and none otherwise; `none` turns online payment off.
 */
function paymentConfig(e: z.infer<typeof EnvSchema>): PaymentConfig {
  const hasStripe = e.STRIPE_SECRET_KEY !== undefined && e.STRIPE_WEBHOOK_SECRET !== undefined;
  const chosen = e.PAYMENT_PROVIDER ?? (hasStripe ? 'stripe' : e.SEED_DEMO ? 'sandbox' : 'none');
  if (chosen === 'stripe' && !hasStripe) {
    throw new EnvError(['PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET']);
  }
  return {
    provider: chosen === 'none' ? null : chosen,
    reservationMinutes: e.PAYMENT_RESERVATION_MINUTES,
    sandboxSecret: e.PAYMENT_SANDBOX_SECRET ?? randomBytes(32).toString('hex'),
    sandboxSecretIsRandom: e.PAYMENT_SANDBOX_SECRET === undefined,
    stripe:
      hasStripe && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE ?? null,
          }
        : null,
  };
}
