import { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { CommitNotifier, type Database, type Db, NOTIFY_BATCH_SQL } from './database.ts';
import type { PostgresOptions } from './postgres.ts';
import { migratePostgres } from './postgres.ts';
import * as schema from './schema.ts';

/**
 * EXPERIMENT (decision 066): the public way — postgres.js through `drizzle-orm/postgres-js`, Drizzle's own
 * `transaction`, no patch of either library. Selected by TABLO_PG_DRIVER=postgres-js in `openPostgres`.
 */

/** Round trips of the pool's sockets: a write after the socket read something since the last counted one. */
export const postgresJsRoundTrips = { count: 0 };

// Only for counting, in this experiment: the pool's sockets, each with what it had read at its last counted write.
const counted = new WeakMap<object, number>();
const socketWrite = Socket.prototype.write;
Socket.prototype.write = function (this: Socket, ...args: unknown[]) {
  const last = counted.get(this);
  if (last !== undefined && last !== this.bytesRead) {
    counted.set(this, this.bytesRead);
    postgresJsRoundTrips.count++;
  }
  return (socketWrite as (...a: unknown[]) => boolean).apply(this, args);
} as typeof socketWrite;

export async function openPostgresJs(options: PostgresOptions): Promise<Database> {
  await migratePostgres(options.url);
  const target = new URL(options.url);
  const host = target.hostname;
  const port = Number(target.port || 5432);
  const client = postgres(options.url, {
    max: options.poolSize ?? 20,
    connect_timeout: 3,
    onnotice: () => {},
    // A socket of our own (a public option), only so that its round trips can be counted.
    // @ts-expect-error `socket` is documented (README: "socket") but missing from the types
    socket: () =>
      new Promise<Socket>((resolve, reject) => {
        const socket = new Socket();
        counted.set(socket, -1);
        socket.once('error', reject);
        socket.connect(port, host, () => resolve(socket));
      }),
  });
  const listener = postgres(options.url, { max: 1, onnotice: () => {} });
  // TABLO_PG_DRIVER=postgres-js-prepared: every statement prepared (drizzle-orm/postgres-js passes
  // `prepare: false` unless a query is `.prepare(name)`d, and postgres.js then describes each parameterised
  // statement in a round trip of its own before running it).
  const prepared = process.env.TABLO_PG_DRIVER === 'postgres-js-prepared';
  const db = drizzle({ client: prepared ? preparing(client) : client, schema }) as unknown as Db;
  const notifier = new CommitNotifier(db, options.onListenerError, undefined, async (batch) => {
    try {
      await listener.unsafe(NOTIFY_BATCH_SQL, [batch]);
      return true;
    } catch {
      return false;
    }
  });
  return {
    kind: 'postgres',
    db,
    async listen(channel, handler) {
      let first = true;
      const { unlisten } = await listener.listen(
        channel,
        (payload) => handler(payload),
        () => {
          if (!first) handler(null);
          first = false;
        },
      );
      return unlisten;
    },
    notify: (channel, payload, tx) => notifier.notify(channel, payload, tx),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await notifier.drain();
      await listener.end();
      await client.end();
    },
  };
}

type Sql = ReturnType<typeof postgres>;

/** The client with `unsafe` always preparing, also inside `begin` (a wrapper over the public API). */
function preparing(client: Sql): Sql {
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === 'unsafe') {
        return (query: string, params?: unknown[], options?: object) =>
          target.unsafe(query, params as never, { ...options, prepare: true });
      }
      if (key === 'begin') {
        return (run: (tx: Sql) => unknown) =>
          target.begin((tx) => run(preparing(tx as unknown as Sql)) as never);
      }
      return Reflect.get(target, key, receiver);
    },
  });
}
