import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { dimensionsOf } from './dimensions.ts';
import { type Fuzzer, type StatusCounts, startFuzzer } from './fuzz-runner.ts';
import { operationsOf } from './openapi-operations.ts';

/**
 * Issue 11 point 7: every operation of the OpenAPI document, fuzzed in its body, path parameters, query string
 * and headers — never a 5xx, every refusal in the error shape, nothing changed in the database by a refused
 * request, 413 over the body limit, no session id or token in the log. FUZZ_RUNS runs per operation and
 * dimension (the figure is 2,000; the default keeps `npm test` fast); FUZZ_SEED replays a failure.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const SUMMARY = process.env.FUZZ_SUMMARY === '1';
const SHRINK = process.env.FUZZ_SHRINK === '1';
const TIMEOUT_MS = Math.max(60_000, RUNS * 1_000);

const operations = await (async () => {
  const ctx = await createTestApp('pglite');
  try {
    return operationsOf(ctx.app);
  } finally {
    await ctx.close();
  }
})();

describe('the OpenAPI document', () => {
  it('lists the API, so that every operation is fuzzed', () => {
    const ids = operations.map((operation) => operation.id);
    expect(ids.length).toBeGreaterThanOrEqual(31);
    expect(ids).toEqual(
      expect.arrayContaining([
        'POST /api/orders',
        'POST /api/payments',
        'PATCH /api/staff/orders/{orderId}',
        'GET /api/menu/current/{shortName}',
      ]),
    );
  });
});

describe.each(testDatabaseKinds())('fuzzing every operation, on %s', (kind) => {
  let fuzzer: Fuzzer;
  beforeAll(async () => {
    fuzzer = await startFuzzer(kind);
  });
  afterAll(async () => {
    await fuzzer.close();
  });

  const cases = operations.flatMap((operation) =>
    dimensionsOf(operation).map((dimension) => ({
      operation,
      dimension,
      name: `${operation.id} — ${dimension}`,
    })),
  );
  it.each(cases)(
    '$name',
    async ({ operation, dimension, name }) => {
      const started = performance.now();
      const counts: StatusCounts = await fuzzer.fuzz(operation, dimension, {
        runs: RUNS,
        shrink: SHRINK,
        timeLimitMs: TIMEOUT_MS - 10_000,
        ...(SEED === undefined ? {} : { seed: SEED }),
      });
      // Answers by status and time taken, as each operation finishes: how far the fuzz got, and where.
      if (SUMMARY)
        console.log(
          `${kind} ${name}: ${JSON.stringify(counts)} in ${Math.round(performance.now() - started)} ms`,
        );
    },
    TIMEOUT_MS,
  );
});
