import { Writable } from 'node:stream';
import { IDEMPOTENCY_HEADER } from '@tablo/contract/order';
import { SESSION_HEADER } from '@tablo/contract/session';
import { CSRF_HEADER, STAFF_SESSION_COOKIE } from '@tablo/contract/staff';
import fc from 'fast-check';
import { buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/database.ts';
import type { App } from '../../src/lib/app-type.ts';
import { loggerOptions } from '../../src/lib/logger.ts';
import { testConfig } from '../helpers/test-app.ts';
import { createTestDatabase, type TestDatabaseKind } from '../helpers/test-database.ts';
import { checkAnswer, describeRequest } from './check-answer.ts';
import { changedTables, type Fingerprint, fingerprintReader } from './database-fingerprint.ts';
import { type Dimension, planFor } from './dimensions.ts';
import { checkWorld, createWorld, type FuzzWorld, hintsOf, validRequest } from './fuzz-world.ts';
import type { Operation } from './openapi-operations.ts';
import type { HeaderVariants } from './request-arbitraries.ts';

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
  /** What no log line may hold: session ids, staff session tokens, CSRF and table tokens of every world. */
  const secrets: string[] = [];
  const newWorld = async () => {
    const created = await createWorld(app, database);
    pastWorlds.push(created);
    secrets.push(
      created.sessionId,
      created.strangerSessionId,
      created.staff.cookie.slice(STAFF_SESSION_COOKIE.length + 1),
      created.staff.csrf,
      created.tableToken,
    );
    return created;
  };
  // One world for every operation, until a valid request changes it.
  let world = await newWorld();
  // Building it sent requests: without their log lines the log check below would hold vacuously.
  if (!log.lines.some((line) => line.includes('request completed'))) throw new Error('no request was logged');

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

  async function fuzz(operation: Operation, dimension: Dimension, options: FuzzOptions) {
    let before: Fingerprint = await fingerprint();
    const counts: StatusCounts = {};

    const { arbitrary, render } = planFor(dimension, operation, validRequest(app, operation, world), {
      elsewhere,
      headerVariants,
      sessionId: () => world.sessionId,
    });

    const property = fc.asyncProperty(arbitrary, async (variation) => {
      const { request: sent, oversize } = render(variation, validRequest(app, operation, world));
      log.lines.length = 0;
      const response = await app.inject(sent);
      counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
      checkAnswer(sent, response, { oversize });

      const leaked = log.lines.filter((line) => secrets.some((secret) => line.includes(secret)));
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
