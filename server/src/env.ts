import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: relative paths resolve against it, so `npm start` from the root and from server/ agree. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

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
  PUBLIC_URL: z.url().optional(),
  // The admin site is a separate product (spec §1); this placeholder domain is reserved and never resolves.
  ADMIN_URL: z.url().default('https://admin.tablo.example'),
  POWERED_BY_NAME: z.string().min(1).default('Tablo'),
  POWERED_BY_URL: z.url().optional(),
  ANALYTICS_ID: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).default('web/dist'),
  SEED_DEMO: booleanFlag.default(true),
  // Behind a load balancer: take the client address from X-Forwarded-For (rate limits are per client IP).
  TRUST_PROXY: booleanFlag.default(false),
  RATE_LIMIT_RATINGS_PER_MINUTE: positiveInt.default(120),
  RATE_LIMIT_SESSIONS_PER_MINUTE: positiveInt.default(30),
  // Orders per diner session per minute (issue 4); raised only by the load benchmark.
  RATE_LIMIT_ORDERS_PER_MINUTE: positiveInt.default(10),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  adminUrl: string;
  poweredByName: string;
  poweredByUrl: string;
  analyticsId: string | null;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDist: string;
  seedDemo: boolean;
  trustProxy: boolean;
  rateLimits: { ratingsPerMinute: number; sessionsPerMinute: number; ordersPerMinute: number };
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
  const publicUrl = withoutTrailingSlash(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: fromRoot(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    adminUrl: withoutTrailingSlash(e.ADMIN_URL),
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
      ordersPerMinute: e.RATE_LIMIT_ORDERS_PER_MINUTE,
    },
  };
}
