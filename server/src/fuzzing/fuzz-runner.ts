import { Writable } from 'node:stream';
import { IDEMPOTENCY_HEADER } from '@tablo/contract/order';
import { SESSION_HEADER } from '@tablo/contract/session';
import { CSRF_HEADER, STAFF_SESSION_COOKIE } from '@tablo/contract/staff';
import fc from 'fast-check';
import { BODY_LIMIT_BYTES, buildApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import type { App } from '../lib/app-type.ts';
import { loggerOptions } from '../lib/logger.ts';
import { testConfig } from '../testing/test-app.ts';
import { createTestDatabase, type TestDatabaseKind } from '../testing/test-database.ts';
import { checkAnswer, describeRequest } from './check-answer.ts';
import { changedTables, type Fingerprint, fingerprintReader } from './database-fingerprint.ts';
import {
  checkWorld,
  createWorld,
  type FuzzRequest,
  type FuzzWorld,
  hintsOf,
  validRequest,
} from './fuzz-world.ts';
import type { Operation } from './openapi-operations.ts';
import {
  bodyArbitrary,
  type HeaderVariants,
  headersArbitrary,
  pathArbitrary,
  queryArbitrary,
  renderBody,
  renderHeaders,
  renderPath,
} from './request-arbitraries.ts';

/** What one property varies, the rest of the request staying valid. */
export type Dimension = 'body' | 'path' | 'query' | 'headers';

/** The dimensions that mean something for an operation (a GET has no body, some paths no parameter). */
export function dimensionsOf(operation: Operation): Dimension[] {
  return [
    ...(operation.method !== 'GET' ? (['body'] as const) : []),
    ...(operation.pathParams.length > 0 ? (['path'] as const) : []),
    'query',
    'headers',
  ];
}

export interface FuzzOptions {
  runs: number;
  /** fast-check's seed, to replay a failure. */
  seed?: number;
  /** Give up (failing) after this long. */
  timeLimitMs?: number;
  /** Shrink a failure to a smaller request (off by default: runs change the world they aim at). */
  shrink?: boolean;
}

/** Answers by status, for the summary (FUZZ_SUMMARY=1). */
export type StatusCounts = Record<number, number>;

export interface Fuzzer {
  fuzz(operation: Operation, dimension: Dimension, options: FuzzOptions): Promise<StatusCounts>;
  close(): Promise<void>;
}

/**
 * Generous limits: the fuzzer is one client sending thousands of requests, and must reach the handlers. A
 * day's payment reservation: the sweeper failing a lapsed one mid-run would be a change no request made.
 */
const FUZZ_CONFIG = {
  PAYMENT_RESERVATION_MINUTES: '1440',
  RATE_LIMIT_SESSIONS_PER_MINUTE: '1000000',
  RATE_LIMIT_JOINS_PER_MINUTE: '1000000',
  RATE_LIMIT_RATINGS_PER_MINUTE: '1000000',
  RATE_LIMIT_ADDRESS_PER_MINUTE: '1000000',
  RATE_LIMIT_ORDERS_PER_MINUTE: '1000000',
  RATE_LIMIT_STAFF_LOGINS_PER_MINUTE: '1000000',
  PAYMENT_PROVIDER: 'sandbox',
};

/** Log lines in memory, with the production logger's options (lib/logger.ts), to check what reaches them. */
function memoryLog(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, stream };
}

export async function startFuzzer(kind: TestDatabaseKind): Promise<Fuzzer> {
  const database: Database = await createTestDatabase(kind);
  const log = memoryLog();
  const app: App = await buildApp({
    database,
    config: testConfig(FUZZ_CONFIG),
    logger: { ...loggerOptions('info'), stream: log.stream },
    cacheCoalesceMs: 20,
  });
  await app.ready();
  const fingerprint = await fingerprintReader(database.db);
  const pastWorlds: FuzzWorld[] = [];
  const newWorld = async () => {
    const world = await createWorld(app, database);
    pastWorlds.push(world);
    return world;
  };
  // One world for every operation, until a valid request changes it.
  let world = await newWorld();

  /** Real values of other restaurants' worlds, and the world's other ids: right shape, wrong place. */
  const elsewhere = (name: string): string[] => {
    const others = pastWorlds.filter((past) => past !== world).slice(-5);
    const own = hintsOf(world);
    return [
      ...others.map((past) => String(hintsOf(past)[name] ?? past.tableId)),
      String(own.orderItemId),
      String(own.orderId),
      String(own.paymentId),
    ];
  };

  const headerVariants = (): HeaderVariants => {
    const others = pastWorlds.filter((past) => past !== world).slice(-3);
    return {
      cookie: [
        ...others.map((past) => past.staff.cookie),
        `${STAFF_SESSION_COOKIE}=`,
        `${STAFF_SESSION_COOKIE}=%ZZ`,
        `${STAFF_SESSION_COOKIE}="${world.staff.cookie}"`,
        `${world.staff.cookie}; ${STAFF_SESSION_COOKIE}=other`,
        `${world.staff.cookie.toUpperCase()}`,
      ],
      [CSRF_HEADER]: [...others.map((past) => past.staff.csrf), world.staff.csrf.slice(1)],
      [SESSION_HEADER]: [
        world.strangerSessionId,
        world.sessionId.toUpperCase(),
        ...others.map((past) => past.sessionId),
        '00000000-0000-0000-0000-000000000000',
      ],
      [IDEMPOTENCY_HEADER]: ['short', 'k'.repeat(129), 'with spaces in it', 'fuzz-fresh-key-1', 'ÿÿÿÿÿÿÿÿ'],
    };
  };

  /** What no log line may hold: session ids, staff session tokens, CSRF and table tokens. */
  const secrets = () =>
    pastWorlds.flatMap((past) => [
      past.sessionId,
      past.strangerSessionId,
      past.staff.cookie.split('=')[1] ?? '',
      past.staff.csrf,
      past.tableToken,
    ]);

  async function fuzz(operation: Operation, dimension: Dimension, options: FuzzOptions) {
    let before: Fingerprint = await fingerprint();
    const counts: StatusCounts = {};

    const request = (variation: unknown): { request: FuzzRequest; oversize: boolean } => {
      const valid = validRequest(app, operation, world);
      switch (dimension) {
        case 'body': {
          const body = renderBody(variation as Parameters<typeof renderBody>[0], valid.body ?? {});
          return {
            request: valid.build({
              payload: body.payload,
              headers: { ...valid.headers, 'content-type': body.contentType },
            }),
            oversize: body.oversize,
          };
        }
        case 'path':
          return {
            request: valid.build({
              path: renderPath(variation as Parameters<typeof renderPath>[0], valid.pathValues),
            }),
            oversize: false,
          };
        case 'query':
          // The session id rides along, as the websocket's does: it must never reach a log line.
          return {
            request: valid.build({ query: `${variation as string}&session_id=${world.sessionId}` }),
            oversize: false,
          };
        case 'headers':
          return {
            request: valid.build({
              headers: renderHeaders(variation as Parameters<typeof renderHeaders>[0], valid.headers),
            }),
            oversize: false,
          };
      }
    };

    const arbitrary: fc.Arbitrary<unknown> = (() => {
      const valid = validRequest(app, operation, world);
      switch (dimension) {
        case 'body':
          return bodyArbitrary(valid.body ?? {}, BODY_LIMIT_BYTES);
        case 'path':
          return pathArbitrary(
            operation.pathParams.map((p) => p.name),
            operation.pathParams.flatMap((p) => elsewhere(p.name)),
          );
        case 'query':
          return queryArbitrary(operation.queryParams.map((p) => p.name));
        case 'headers':
          return headersArbitrary(Object.keys(valid.headers), headerVariants());
      }
    })();

    const property = fc.asyncProperty(arbitrary, async (variation) => {
      const { request: sent, oversize } = request(variation);
      log.lines.length = 0;
      const response = await app.inject(sent);
      counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
      checkAnswer(sent, response, { oversize });

      const leaked = log.lines.filter((line) =>
        secrets().some((secret) => secret.length > 0 && line.includes(secret)),
      );
      if (leaked.length > 0)
        throw new Error(`${describeRequest(sent)}\nlogged a secret:\n${leaked.join('\n')}`);

      const after = await fingerprint();
      const changed = changedTables(before, after);
      if (response.statusCode >= 400 && changed.length > 0) {
        throw new Error(
          `${describeRequest(sent)}\n→ ${response.statusCode} ${response.body.slice(0, 300)}\n` +
            `but the database changed:\n  ${changed.join('\n  ')}`,
        );
      }
      // A valid request did what it is for (accepted the order, closed the table…): aim at an intact world.
      if (changed.length > 0 && !(await checkWorld(database, world))) world = await newWorld();
      before = await fingerprint();
    });

    await fc.assert(property, {
      numRuns: options.runs,
      // Stop (and fail) before the test's own timeout: a timed-out property would go on fuzzing beside the next.
      ...(options.timeLimitMs === undefined
        ? {}
        : { interruptAfterTimeLimit: options.timeLimitMs, markInterruptAsFailure: true }),
      endOnFailure: !options.shrink,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
    });
    return counts;
  }

  return {
    fuzz,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
