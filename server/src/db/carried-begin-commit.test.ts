import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements, type StatementCounter } from '../../test/helpers/statement-counter.ts';
import { createPostgresTestDatabaseUrl } from '../../test/helpers/test-database.ts';
import { commitWithNextStatement, followNextStatement } from './carried-begin-commit.ts';
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

  it('sends a read behind the next statement once it is prepared: one round trip for both', async () => {
    const read = sql`select count(*)::int as n from carried where id > ${0}`;
    const both = async () => {
      const before = counter.count;
      const n = await database.db
        .transaction(async (tx) => {
          const follower = followNextStatement(tx, read);
          await insert(tx, 30);
          const answer = (await follower.answer()) as { rows: { n: number }[] };
          throw Object.assign(new Error('undo'), { n: answer.rows[0]?.n });
        })
        .catch((error: { n?: number }) => error.n);
      return { n, roundTrips: counter.count - before };
    };
    // The first time the read is prepared on its own; after that it rides behind the insert. Either way it
    // runs after the insert and sees its row; the rollback then removes it.
    expect(await both()).toEqual({ n: 5, roundTrips: 3 });
    expect(await both()).toEqual({ n: 5, roundTrips: 2 });
    expect(await rows()).toEqual([1, 2, 11, 12]);
  });

  it('takes the snapshot of the read after the statement before it waited for a lock', async () => {
    await database.db.execute(sql`create table lockme (id int primary key)`);
    await database.db.execute(sql`insert into lockme values (1)`);
    const read = sql`select count(*)::int as n from carried where note = ${'late'}`;
    const run = () =>
      database.db.transaction(async (tx) => {
        const follower = followNextStatement(tx, read);
        await tx.execute(sql`select id from lockme where id = ${1} for update`);
        return ((await follower.answer()) as { rows: { n: number }[] }).rows[0]?.n;
      });
    expect(await run()).toBe(0); // prepares the read on the connection
    const holder = new pg.Client({ connectionString: fresh.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from lockme where id = 1 for update');
      const before = counter.count;
      const waiting = run();
      await new Promise((resolve) => setTimeout(resolve, 200));
      await holder.query(`insert into carried (id, note) values (40, 'late')`);
      await holder.query('commit');
      expect(await waiting).toBe(1);
      // The holder's insert and commit, and the transaction's two: the read rode behind the lock.
      expect(counter.count - before).toBe(4);
    } finally {
      await holder.end();
    }
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
    expect(await rows()).toEqual([1, 2, 11, 12, 40]);
    const before = counter.count;
    expect(await database.db.transaction(async () => 'nothing')).toBe('nothing');
    expect(counter.count - before).toBe(0);
  });

  it('carries a repeatable-read, read-only begin too: one snapshot from the first statement on', async () => {
    const other = new pg.Client({ connectionString: fresh.url });
    await other.connect();
    try {
      const snapshot = (id: number) =>
        database.db.transaction(
          async (tx) => {
            const first = await tx.execute(sql`select count(*)::int as n from carried where id < ${id}`);
            await other.query('insert into carried (id, note) values ($1, $2)', [id, 'meanwhile']);
            const second = await tx.execute(sql`select count(*)::int as n from carried where id < ${id}`);
            // SQLSTATE 25006: read_only_sql_transaction.
            await expect(
              tx.execute(sql`insert into carried (id, note) values (${id + 1}, ${'no'})`),
            ).rejects.toMatchObject({
              cause: { code: '25006' },
            });
            return [first, second].map((result) => (result as { rows: { n: number }[] }).rows[0]?.n);
          },
          { isolationLevel: 'repeatable read', accessMode: 'read only' },
        );
      // The first time on the connection its statements are new: `begin` goes out before them, on its own.
      const [before, after] = await snapshot(60);
      expect(after).toBe(before);
      const sent = counter.count;
      const [again, still] = await snapshot(70);
      expect(still).toBe(again);
      // begin + count, the other connection's insert, count, the refused insert, rollback: `begin` rode on
      // the first statement (on its own it would be 6).
      expect(counter.count - sent).toBe(5);
    } finally {
      await other.end();
    }
  });
});
