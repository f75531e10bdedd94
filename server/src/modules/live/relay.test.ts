import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendStatusChange, openVisit, seedRestaurant } from '../../../test/helpers/live.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import type { Database, NotificationHandler } from '../../db/database.ts';
import { tableEvent } from '../../db/schema.ts';
import { appendEventToTables, type LoggedEvent, TABLE_EVENTS_CHANNEL } from './event-log.ts';
import { Hub, type LiveSubscriber } from './hub.ts';
import { Relay } from './relay.ts';

const silent = { warn() {}, error() {} } as unknown as FastifyBaseLogger;

function recorder(): LiveSubscriber & { cursors: number[]; batches: number } {
  const subscriber = {
    sessionId: 'reader',
    cursors: [] as number[],
    batches: 0,
    deliver(events: readonly LoggedEvent[]) {
      subscriber.batches++;
      subscriber.cursors.push(...events.map((e) => e.cursor));
    },
  };
  return subscriber;
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('live relay (pglite)', () => {
  let database: Database;
  let notify: NotificationHandler = () => {};
  let relay: Relay;
  const hub = new Hub();
  let tableId: number;
  let visitId: number;

  beforeAll(async () => {
    const real = await createTestDatabase('pglite');
    // The real LISTEN, with a hand on the handler to simulate a reconnect (null) or a burst.
    database = {
      ...real,
      async listen(channel, handler) {
        if (channel === TABLE_EVENTS_CHANNEL) notify = handler;
        return real.listen(channel, handler);
      },
    };
    relay = new Relay(database, hub, silent, 4);
    await relay.start();
    const seeded = await seedRestaurant(database, 1);
    tableId = seeded.tableIds[0] ?? 0;
    visitId = await openVisit(database, tableId);
  });

  afterAll(async () => {
    await relay?.stop();
    await database?.close();
  });

  it('re-reads the log after a null notification (events whose NOTIFY was lost still arrive, once)', async () => {
    const subscriber = recorder();
    hub.add(tableId, subscriber);
    await relay.track(tableId);
    const first = await appendStatusChange(database, { tableId, visitId });
    await until(() => subscriber.cursors.length === 1);

    // Written without NOTIFY, as if the LISTEN connection had been down: more rows than one read takes.
    const silentRows = await database.db
      .insert(tableEvent)
      .values(
        Array.from({ length: 10 }, () => ({
          tableId,
          visitId,
          type: 'table.closed',
          payload: { type: 'table.closed' },
        })),
      )
      .returning({ id: tableEvent.id });
    notify(null);
    await until(() => subscriber.cursors.length === 11);

    // A burst of notifications for what was already read delivers nothing twice.
    for (const row of silentRows) notify(`${tableId}:${row.id}`);
    const last = await appendStatusChange(database, { tableId, visitId });
    await until(() => subscriber.cursors.includes(last));
    expect(subscriber.cursors).toEqual([first, ...silentRows.map((row) => row.id), last]);
    hub.remove(tableId, subscriber);
  });

  it('ignores notifications of tables without sockets here and malformed payloads', async () => {
    const subscriber = recorder();
    notify('not-a-payload');
    notify(`${tableId + 1000}:1`);
    hub.add(tableId, subscriber);
    await relay.track(tableId);
    const cursor = await appendStatusChange(database, { tableId, visitId });
    await until(() => subscriber.cursors.length === 1);
    expect(subscriber.cursors).toEqual([cursor]);
    hub.remove(tableId, subscriber);
    relay.release(tableId);
  });
});

describe.each(testDatabaseKinds())('live relay, a burst of notified tables (%s)', (kind) => {
  const TABLES = 40;
  let database: Database;
  let relay: Relay;
  const hub = new Hub();
  let reads = 0;
  let tables: { tableId: number; visitId: number }[] = [];

  beforeAll(async () => {
    const real = await createTestDatabase(kind);
    // The relay's reads of the log are counted (it reads through `db.select` or `db.execute`).
    const counted = new Proxy(real.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if ((key === 'select' || key === 'execute') && typeof value === 'function')
          return (...args: unknown[]) => {
            reads++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        return value;
      },
    });
    database = { ...real, db: counted };
    relay = new Relay(database, hub, silent, 4);
    await relay.start();
    const seeded = await seedRestaurant(real, TABLES);
    tables = [];
    for (const tableId of seeded.tableIds) tables.push({ tableId, visitId: await openVisit(real, tableId) });
  });

  afterAll(async () => {
    await relay?.stop();
    await database?.close();
  });

  it('reads the log once for the tables one commit notified, and every table gets its events once, in order', async () => {
    const subscribers = new Map(tables.map(({ tableId }) => [tableId, recorder()]));
    for (const [tableId, subscriber] of subscribers) hub.add(tableId, subscriber);
    for (const { tableId } of tables) await relay.track(tableId);

    reads = 0;
    await database.transaction((tx) =>
      appendEventToTables(database, tx, tables, { type: 'menu.published', version: 2 }),
    );
    await until(() => [...subscribers.values()].every((s) => s.cursors.length === 1));
    // One read for the 40 tables (a few at most, if the notifications arrive in more than one packet);
    // a read per table before (40).
    expect(reads).toBeLessThanOrEqual(3);

    // Publishes and single-table events racing each other, some tables past the read limit (4): each
    // table's socket gets exactly its log, in cursor order.
    await Promise.all([
      ...[3, 4, 5].map((version) =>
        database.transaction((tx) =>
          appendEventToTables(database, tx, tables, { type: 'menu.published', version }),
        ),
      ),
      ...tables
        .slice(0, 10)
        .flatMap((table) => Array.from({ length: 6 }, () => appendStatusChange(database, table))),
    ]);
    const expected = new Map<number, number[]>();
    for (const { tableId } of tables) {
      const rows = await database.db
        .select({ id: tableEvent.id })
        .from(tableEvent)
        .where(eq(tableEvent.tableId, tableId))
        .orderBy(asc(tableEvent.id));
      expected.set(
        tableId,
        rows.map((row) => row.id),
      );
    }
    await until(() =>
      [...subscribers].every(([tableId, s]) => s.cursors.length >= (expected.get(tableId)?.length ?? 0)),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const [tableId, subscriber] of subscribers)
      expect(subscriber.cursors).toEqual(expected.get(tableId));
    for (const [tableId, subscriber] of subscribers) hub.remove(tableId, subscriber);
  });
});
