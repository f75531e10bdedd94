import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createPostgresTestDatabaseUrl,
  createTestDatabase,
  testDatabaseKinds,
} from '../../test/helpers/test-database.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { CommitNotifier, type Database } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { restaurant } from './schema.ts';

describe.each(testDatabaseKinds())('database on %s', (kind) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('is migrated and stores rows', async () => {
    database = await createTestDatabase(kind);
    await database.db.insert(restaurant).values({ shortName: 'x', name: 'X' });
    const rows = await database.db.select().from(restaurant);
    expect(rows).toMatchObject([{ shortName: 'x', currency: 'HUF', requireTableToken: true }]);
  });

  it('delivers a NOTIFY to its listeners only after commit', async () => {
    database = await createTestDatabase(kind);
    const heard: (string | null)[] = [];
    const unsubscribe = await database.listen('tablo_test', (payload) => heard.push(payload));
    await database.transaction(async (tx) => {
      await database?.notify('tablo_test', 'inside', tx);
      expect(heard).toEqual([]);
    });
    await database.notify('tablo_test', 'after');
    await expect.poll(() => heard).toEqual(['inside', 'after']);
    await unsubscribe();
  });

  it('delivers nothing of a rolled-back transaction, SQL NOTIFYs too, and nothing after unsubscribing', async () => {
    database = await createTestDatabase(kind);
    const heard: (string | null)[] = [];
    const unsubscribe = await database.listen('tablo_test', (payload) => heard.push(payload));
    await expect(
      database.transaction(async (tx) => {
        await database?.notify('tablo_test', 'rolled back', tx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await database.db.execute(sql`select pg_notify('tablo_test', 'from sql')`);
    await database.notify('tablo_test', 'last');
    await expect.poll(() => heard).toEqual(['from sql', 'last']);
    await unsubscribe();
    await database.notify('tablo_test', 'unheard');
    await database.db.execute(sql`select pg_notify('tablo_test', 'unheard either')`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual(['from sql', 'last']);
  });

  it("queues a savepoint's notifications on the outermost transaction and drops all on its rollback", async () => {
    const current = await createTestDatabase(kind);
    database = current;
    const heard: (string | null)[] = [];
    await current.listen('tablo_test', (payload) => heard.push(payload));
    await current.transaction(async (tx) => {
      await tx.transaction(async (inner) => {
        await current.notify('tablo_test', 'from the savepoint', inner);
      });
      await current.notify('tablo_test', 'from the transaction', tx);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard).toEqual([]);
    });
    await expect(
      current.transaction(async (tx) => {
        await tx.transaction((inner) =>
          current.notify('tablo_test', 'savepoint of a rolled-back one', inner),
        );
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await current.notify('tablo_test', 'last');
    await expect.poll(() => heard).toEqual(['from the savepoint', 'from the transaction', 'last']);
  });

  it('sends a NOTIFY of a plain Drizzle transaction with it: at its commit, never on its rollback', async () => {
    const current = await createTestDatabase(kind);
    database = current;
    const heard: (string | null)[] = [];
    await current.listen('tablo_test', (payload) => heard.push(payload));
    await expect(
      current.db.transaction(async (tx) => {
        await current.notify('tablo_test', 'rolled back', tx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await current.db.transaction(async (tx) => {
      await current.notify('tablo_test', 'committed', tx);
    });
    await current.notify('tablo_test', 'last');
    await expect.poll(() => heard).toEqual(['committed', 'last']);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('notifications on PostgreSQL', () => {
  it("rings a committed transaction's doorbell at once, even when every pooled connection is taken", async () => {
    const fresh = await createPostgresTestDatabaseUrl(process.env.TEST_DATABASE_URL as string);
    const database = await openPostgres({ url: fresh.url, poolSize: 1 });
    try {
      const heard: number[] = [];
      await database.listen('tablo_test', (payload) => {
        if (payload === 'committed') heard.push(performance.now());
      });
      let busy: Promise<unknown> = Promise.resolve();
      await database.transaction(async (tx) => {
        await database.notify('tablo_test', 'committed', tx);
        // A request that waits for the pool's only connection and then holds it for a second and a half.
        // (`then` starts it: drizzle's queries run only when awaited.)
        busy = database.db.execute(sql`select pg_sleep(1.5)`).then(() => undefined);
      });
      const committed = performance.now();
      await expect.poll(() => heard.length, { timeout: 5000 }).toBe(1);
      expect((heard[0] as number) - committed).toBeLessThan(700);
      await busy;
    } finally {
      await database.close();
      await fresh.drop();
    }
  });

  it('sends a batch through the pool, in order, when its own connection cannot take it', async () => {
    const fresh = await createPostgresTestDatabaseUrl(process.env.TEST_DATABASE_URL as string);
    const database = await openPostgres({ url: fresh.url, poolSize: 2 });
    try {
      const heard: (string | null)[] = [];
      await database.listen('tablo_test', (payload) => heard.push(payload));
      const errors: Error[] = [];
      let offered = 0;
      const notifier = new CommitNotifier(
        database.db,
        (error) => errors.push(error),
        undefined,
        async () => {
          offered++;
          return false;
        },
      );
      await Promise.all(['one', 'two', 'it\'s "three"'].map((p) => notifier.notify('tablo_test', p)));
      await expect.poll(() => heard).toEqual(['one', 'two', 'it\'s "three"']);
      expect(offered).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });
});

describe('embedded data folder', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('creates a missing folder, keeps data across a reopen and refuses a second opener', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'tablo-db-'));
    folders.push(parent);
    const dataDir = join(parent, 'nested', 'data');
    const first = await openPglite(dataDir);
    await first.db.insert(restaurant).values({ shortName: 'kept', name: 'Kept' });
    await expect(openPglite(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openPglite(dataDir)).rejects.toThrow(/in use by another Tablo process/);
    await first.close();

    const reopened = await openPglite(dataDir);
    const rows = await reopened.db.select().from(restaurant);
    expect(rows.map((r) => r.shortName)).toEqual(['kept']);
    await reopened.close();
  });
});
