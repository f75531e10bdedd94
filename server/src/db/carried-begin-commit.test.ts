import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements, type StatementCounter } from '../testing/statement-counter.ts';
import { createPostgresTestDatabaseUrl } from '../testing/test-database.ts';
import { commitWithNextStatement } from './carried-begin-commit.ts';
import type { Database } from './database.ts';
import { openPostgres } from './postgres.ts';

const url = process.env.TEST_DATABASE_URL;

/** docs/decisions/038: `begin` and `commit` ride on statements; the transaction behaves as before. */
describe.runIf(url)('begin and commit carried by statements (PostgreSQL)', () => {
  let fresh: { url: string; drop(): Promise<void> };
  let database: Database;
  let counter: StatementCounter;

  beforeAll(async () => {
    fresh = await createPostgresTestDatabaseUrl(url as string);
    counter = countStatements('postgres');
    // One connection: every transaction below runs on the same one, after whatever the last one left.
    database = await openPostgres({ url: fresh.url, poolSize: 1 });
    await database.db.execute(sql`create table carried (id int primary key, note text not null)`);
  });
  afterAll(async () => {
    await database.close();
    counter.restore();
    await fresh.drop();
  });

  const rows = async () => {
    const result = await database.db.execute(sql`select id from carried order by id`);
    return (result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
  };
  const insert = (tx: Database['db'], id: number) =>
    tx.execute(sql`insert into carried (id, note) values (${id}, ${`row ${id}`})`);

  it('rolls back the statement that carried begin, and saves its round trip', async () => {
    const before = counter.count;
    await expect(
      database.db.transaction(async (tx) => {
        await insert(tx, 1);
        await insert(tx, 2);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // insert (with begin), insert, rollback: three round trips, and nothing stored.
    expect(counter.count - before).toBe(3);
    expect(await rows()).toEqual([]);
  });

  it('commits with the last statement, in its round trip; nothing may follow it', async () => {
    const before = counter.count;
    await database.db.transaction(async (tx) => {
      await insert(tx, 1);
      expect(commitWithNextStatement(tx)).toBe(true);
      await insert(tx, 2);
      // A statement after the commit would run outside the transaction: it is refused, unsent.
      const refused = (await insert(tx, 3).catch((error: unknown) => error)) as { cause?: Error };
      expect(refused.cause?.message).toContain('after the transaction was committed');
    });
    // insert (with begin), insert (with commit): no commit of its own follows.
    expect(counter.count - before).toBe(2);
    expect(await rows()).toEqual([1, 2]);
  });

  it('rolls everything back when the statement carrying commit fails, and the connection goes on', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await insert(tx, 10);
        commitWithNextStatement(tx);
        await insert(tx, 1); // a duplicate key: the carried commit is skipped
      }),
    ).rejects.toThrow();
    expect(await rows()).toEqual([1, 2]);
    await database.db.transaction(async (tx) => {
      await insert(tx, 11);
    });
    expect(await rows()).toEqual([1, 2, 11]);
  });

  it('keeps a first statement that does not parse from poisoning the connection', async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select note from no_such_table where id = ${attempt}`);
        }),
      ).rejects.toThrow(/no_such_table/);
    }
    await database.db.transaction(async (tx) => {
      await insert(tx, 12);
    });
    expect(await rows()).toEqual([1, 2, 11, 12]);
  });

  it('begins before a savepoint, never commits from one, and sends nothing for an empty transaction', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.transaction(async (nested) => {
          expect(commitWithNextStatement(nested)).toBe(false);
          await insert(nested, 20);
        });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await rows()).toEqual([1, 2, 11, 12]);
    const before = counter.count;
    expect(await database.db.transaction(async () => 'nothing')).toBe('nothing');
    expect(counter.count - before).toBe(0);
  });
});
