import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { carryBeginAndCommit, forgetTransaction, statementName } from './carried-begin-commit.ts';
import {
  CommitNotifier,
  type Database,
  type Db,
  MIGRATIONS_FOLDER,
  NOTIFY_BATCH_SQL,
  type NotificationHandler,
} from './database.ts';
import * as schema from './schema.ts';

// Any fixed number: every instance takes this lock while it migrates, so they never race.
const MIGRATION_LOCK_KEY = 7_321_004;
const CONNECT_TIMEOUT_MS = 3000;
const RECONNECT_DELAYS_MS = [100, 250, 500, 1000, 2000, 5000];

export interface PostgresOptions {
  url: string;
  poolSize?: number;
  onListenerError?: (error: Error) => void;
}

export async function openPostgres(options: PostgresOptions): Promise<Database> {
  await migratePostgres(options.url);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 20,
    // While the database is unreachable a request fails fast (503) instead of waiting for a connection.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  pool.on('error', (error) => options.onListenerError?.(error));
  // A connection that drops while a request holds it emits 'error' on its client, which pg-pool listens to
  // only while the client is idle: without this listener the process would crash mid-request. The request's
  // own query fails (503) and the pool discards the broken client when it is released.
  pool.on('connect', (client) => {
    client.on('error', (error) => options.onListenerError?.(error));
    prepareStatements(client);
  });
  // A connection goes back to the pool with no transaction marks left on it, however its transaction ended.
  pool.on('release', (_error, client) => forgetTransaction(client));
  const db = drizzle({ client: pool, schema }) as unknown as Db;
  const listener = new Listener(options.url, options.onListenerError);
  const notifier = new CommitNotifier(db, options.onListenerError, undefined, (batch) =>
    listener.send(NOTIFY_BATCH_SQL, [batch]),
  );
  return {
    kind: 'postgres',
    db,
    transaction: notifier.transaction,
    listen: (channel, handler) => listener.subscribe(channel, handler),
    notify: (channel, payload, tx) => notifier.notify(channel, payload, tx),
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await notifier.drain();
      await listener.close();
      await pool.end();
    },
  };
}

// Statements a connection keeps prepared; past it, new texts run unnamed (planned each time, as before).
const MAX_PREPARED_PER_CONNECTION = 300;

/**
 * Every parameterised statement a pool connection runs becomes a named prepared statement, named by a
 * hash of its text (docs/decisions/021): parsed once per connection, and PostgreSQL may keep its plan
 * instead of planning it on every call — planning was most of the database's CPU on the order and
 * payment paths (a payment's lock-and-read statement: 643 calls/s prepared vs 272/s planned each time).
 * Statements without parameters (begin, commit, DDL) run as before. A transaction's `begin` goes out with
 * its first statement, and its `commit` may go out with its last (`carryBeginAndCommit`, decisions 038 and
 * 066: Drizzle's own `transaction`, unpatched, sends them here).
 */
function prepareStatements(client: pg.PoolClient): void {
  const prepared = new Set<string>();
  const query = carryBeginAndCommit(client, client.query.bind(client) as (...args: unknown[]) => unknown);
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (
    config: unknown,
    ...rest: unknown[]
  ) => {
    if (config && typeof config === 'object' && !('name' in config && (config as pg.QueryConfig).name)) {
      const { text, values } = config as pg.QueryConfig;
      const params = rest[0] ?? values;
      if (typeof text === 'string' && Array.isArray(params) && params.length > 0) {
        const name = statementName(text);
        if (prepared.has(name) || prepared.size < MAX_PREPARED_PER_CONNECTION) {
          prepared.add(name);
          return query({ ...(config as pg.QueryConfig), name }, ...rest);
        }
      }
    }
    return query(config, ...rest);
  };
}

export async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}

export const LISTENER_APPLICATION_NAME = 'tablo listener';

/** One dedicated connection for LISTEN (and the doorbells sent after commit), re-made with backoff when it drops. */
class Listener {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly handlers = new Map<string, Set<NotificationHandler>>();
  private closed = false;
  private attempt = 0;

  constructor(
    private readonly url: string,
    private readonly onError?: (error: Error) => void,
  ) {}

  async subscribe(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    const isNew = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    const client = await this.connect();
    if (isNew) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    return async () => {
      set.delete(handler);
      if (set.size === 0 && this.handlers.get(channel) === set) {
        this.handlers.delete(channel);
        await this.client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
      }
    };
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    // Named, so that an operator (or a test) can tell it from the pool's connections in pg_stat_activity.
    const client = new pg.Client({ connectionString: this.url, application_name: LISTENER_APPLICATION_NAME });
    client.on('notification', (message) => {
      for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', (error) => {
      this.onError?.(error);
      this.dropAndReconnect(client);
    });
    client.on('end', () => this.dropAndReconnect(client));
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    this.client = client;
    this.attempt = 0;
    return client;
  }

  /**
   * Runs a statement on the LISTEN connection when it is up; false when it is not, or the statement failed
   * (the caller sends it another way — a doorbell sent twice only makes the relay read its log once more).
   */
  async send(text: string, values: unknown[]): Promise<boolean> {
    const client = this.client;
    if (!client) return false;
    try {
      await client.query(text, values);
      return true;
    } catch {
      return false;
    }
  }

  private dropAndReconnect(client: pg.Client): void {
    if (this.client !== client || this.closed) return;
    this.client = null;
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt++, RECONNECT_DELAYS_MS.length - 1)];
    setTimeout(() => {
      if (this.closed) return;
      this.connect().then(
        () => {
          // Tell every listener that it may have missed notifications while disconnected.
          for (const set of this.handlers.values()) for (const handler of set) handler(null);
        },
        (error: Error) => {
          this.onError?.(error);
          this.scheduleReconnect();
        },
      );
    }, delay).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
