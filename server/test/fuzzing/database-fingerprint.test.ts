import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.ts';
import { dinerSession, rateLimitCounter } from '../../src/db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/test-database.ts';
import { changedTables, type Fingerprint, fingerprintReader } from './database-fingerprint.ts';

describe.each(testDatabaseKinds())('the database fingerprint on %s', (kind) => {
  let database: Database;
  let fingerprint: () => Promise<Fingerprint>;
  const id = randomUUID();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    fingerprint = await fingerprintReader(database.db);
  });
  afterAll(() => database.close());

  it('sees an insert, an update that writes the same values and a delete, and nothing when nothing was written', async () => {
    const start = await fingerprint();
    expect(changedTables(start, await fingerprint())).toEqual([]);

    await database.db.insert(dinerSession).values({ id });
    const inserted = await fingerprint();
    expect(changedTables(start, inserted)).toEqual([expect.stringMatching(/^diner_session: 0\/0 → 1\/\d+$/)]);

    await database.db.update(dinerSession).set({ id }).where(eq(dinerSession.id, id));
    const updated = await fingerprint();
    expect(changedTables(inserted, updated)).toEqual([expect.stringMatching(/^diner_session: 1\//)]);

    await database.db.delete(dinerSession).where(eq(dinerSession.id, id));
    expect(changedTables(updated, await fingerprint())).toEqual([expect.stringMatching(/→ 0\//)]);
  });

  it('leaves out the counters refused requests change by design', async () => {
    const before = await fingerprint();
    await database.db.insert(rateLimitCounter).values({ key: 'k', hits: 1, windowEnd: sql`now()` });
    expect(changedTables(before, await fingerprint())).toEqual([]);
  });
});
