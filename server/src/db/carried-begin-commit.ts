import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from './database.ts';

/**
 * A transaction's `begin` and `commit` sent in the same network write as a statement (docs/decisions/038).
 *
 * node-postgres waits for each statement's answer before it sends the next, so `begin` and `commit` on
 * their own cost a round trip each: a write and a read on both sides and a wake-up of the database, for
 * statements that carry no data. Here:
 *
 * - Drizzle's own `db.transaction` runs unpatched (decision 066): its `begin` (with or without isolation
 *   level and access mode), `commit` and `rollback` reach the connection's query function as statements
 *   of that exact text, and this wrapper answers them itself where it can. `begin` only marks the
 *   connection; its next statement goes out as Parse/Bind/Execute of `begin`, then the statement's own
 *   messages, then one Sync. As `begin` never goes out alone, it cannot fail before Drizzle's `try` — the
 *   drizzle-orm 0.45 path that leaked a pool connection when `begin` met a dropped connection;
 * - a module that knows which statement ends its transaction says so (`commitWithNextStatement`), and
 *   that statement's messages are followed by Parse/Bind/Execute of `commit` before the Sync.
 *
 * The extended protocol runs the messages in order, as separate statements (each with its own snapshot),
 * and PostgreSQL answers them in one packet. The statement reads and locks exactly as it would between a
 * separate `begin` and `commit`.
 *
 * Errors: a failing statement skips what follows it up to the Sync — the carried `commit` too — so the
 * transaction is left aborted and the caller rolls back, as before. A failing carried `commit` ends the
 * transaction (rolled back) and fails the statement's call. A new named statement is parsed before a
 * carried `begin`, so when it does not parse `begin` is skipped too and the caller's `rollback` merely
 * draws a warning. A transaction that sends no statement sends neither `begin` nor `commit`; a statement
 * after a carried `commit` is refused (it would run outside the transaction).
 */

// Connections whose query function carries begin and commit (set up by `carryBeginAndCommit`).
const carriers = new WeakSet<object>();
// The transaction has begun in name only: the next statement carries `begin` (this text).
const beginPending = new WeakMap<object, string>();
// The next statement is the transaction's last: it carries `commit`.
const commitRequested = new WeakSet<object>();
// The transaction's `commit` went out with a statement that succeeded: it is over.
const committed = new WeakSet<object>();
// A read to send right behind the connection's next statement, in its round trip (`followNextStatement`).
const followers = new WeakMap<object, Follower>();

/** The name a pool connection prepares a statement under: a hash of its text (decision 021). */
export function statementName(text: string): string {
  return `tablo_${createHash('sha1').update(text).digest('base64url')}`;
}

interface Follower {
  text: string;
  params: unknown[];
  name: string;
  /** Set once the next statement went out: whether this read went with it. */
  carried: boolean | null;
  answer: Promise<unknown>;
  settle(error: Error | null, result?: unknown): void;
}

/**
 * How a pool transaction ends: 'unsent' when it sent no statement (no begin went out: nothing to commit or
 * roll back), 'committed' when its commit was carried by its last statement, else 'open'. Clears the marks.
 */
function transactionEnd(client: object): 'unsent' | 'committed' | 'open' {
  commitRequested.delete(client);
  followers.delete(client);
  if (beginPending.delete(client)) return 'unsent';
  return committed.delete(client) ? 'committed' : 'open';
}

/** Clears what a transaction left on a connection given back to the pool (pg-pool's 'release'). */
export function forgetTransaction(client: object): void {
  transactionEnd(client);
}

/** Drizzle's transaction statements, by their exact text (`NodePgSession.transaction`). */
const BEGIN = /^begin(?: [a-z ]+)?$/;
const END = /^(?:commit|rollback)$/;

/** An answer for a statement answered here, shaped as node-postgres's (Drizzle reads nothing of it). */
function localAnswer(command: string): pg.QueryResult {
  return { command: command.toUpperCase(), rowCount: null, oid: 0, rows: [], fields: [] };
}

/**
 * In an outermost transaction on PostgreSQL: the next statement ends it — `commit` goes out with it,
 * saving a round trip. Only for a statement after which the transaction sends nothing (another one is
 * refused). Answers whether it will: elsewhere (PGlite, a savepoint, a pool without carriers) it does
 * nothing and the transaction commits as usual.
 */
export function commitWithNextStatement(tx: Db): boolean {
  const internals = tx as unknown as { session?: { client?: object }; nestedIndex?: number };
  const client = internals.session?.client;
  if (!client || !carriers.has(client) || internals.nestedIndex !== 0) return false;
  commitRequested.add(client);
  return true;
}

/**
 * In a transaction on PostgreSQL: `statement` (a read) is sent right behind the next statement, in the same
 * write and before the same Sync — PostgreSQL runs it after that statement has finished (its snapshot is
 * taken at its Bind, so it sees what was committed while the first one waited for a lock), and answers both
 * in one packet. Only once the read is prepared on the connection (it is sent on its own the first time,
 * which prepares it) and only behind a statement with parameters. `answer()` gives its result (as
 * `tx.execute` would), sending it now when it did not go along; call it after the next statement settled.
 */
export function followNextStatement(tx: Db, statement: SQL): { answer(): Promise<unknown> } {
  const internals = tx as unknown as {
    session?: { client?: object };
    dialect: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } };
  };
  const client = internals.session?.client;
  const alone = { answer: () => tx.execute(statement) as Promise<unknown> };
  if (!client || !carriers.has(client)) return alone;
  const { sql: text, params } = internals.dialect.sqlToQuery(statement);
  let settle: Follower['settle'] = () => {};
  const answer = new Promise<unknown>((resolve, reject) => {
    settle = (error, result) => (error ? reject(error) : resolve(result));
  });
  answer.catch(() => {}); // a failed next statement fails its caller; this read is then never asked for
  const follower: Follower = { text, params, name: statementName(text), carried: null, answer, settle };
  followers.set(client, follower);
  return { answer: () => (follower.carried ? follower.answer : alone.answer()) };
}

interface Connection {
  stream: { cork?: () => void; uncork?: () => void };
  parse(query: { text: string; name?: string; types?: unknown[] }): void;
  bind(config: { portal?: string; statement?: string; values?: unknown[] }): void;
  execute(config: { portal?: string; rows?: number }): void;
  sync(): void;
  submittedNamedStatements: Record<string, string | undefined>;
  parsedStatements: Record<string, string | undefined>;
}

interface QueryInternals {
  text: string;
  name?: string;
  types?: unknown[];
  portal: string;
  values?: unknown[];
  submit(connection: Connection): Error | null | undefined;
  prepare(connection: Connection): void;
  handleCommandComplete(message: unknown, connection: Connection): void;
  _getRows(connection: Connection, rows: number | undefined): void;
}

type QueryFunction = (config: unknown, ...rest: unknown[]) => unknown;

/**
 * Wraps a pool connection's query function (after statement naming) so that its statements carry a
 * deferred begin and a requested commit. A statement without parameters (the simple protocol, e.g. a
 * savepoint) carries neither: `begin` is sent on its own before it and the commit is left to the caller.
 */
export function carryBeginAndCommit(client: object, query: QueryFunction): QueryFunction {
  carriers.add(client);
  const carrying: QueryFunction = (config, ...rest) => {
    const control = config && typeof config === 'object' ? (config as pg.QueryConfig).text : undefined;
    if (typeof control === 'string' && typeof rest[rest.length - 1] !== 'function') {
      if (BEGIN.test(control)) {
        transactionEnd(client);
        beginPending.set(client, control);
        return Promise.resolve(localAnswer('begin'));
      }
      // Nothing went out (nothing to end), or the commit went with the last statement: answered here.
      if (END.test(control) && transactionEnd(client) !== 'open')
        return Promise.resolve(localAnswer(control));
    }
    if (committed.has(client)) {
      return Promise.reject(new Error('A statement after the transaction was committed with its last one'));
    }
    const begin = beginPending.get(client) ?? null;
    // A `begin` with an isolation level must come before any statement of the transaction, and a new named
    // statement is parsed before a carried `begin` (see `carry`): the first time a statement runs on the
    // connection, such a `begin` goes out on its own.
    if (begin !== null && begin !== 'begin' && isNewNamedStatement(client, config)) {
      beginPending.delete(client);
      return Promise.resolve(query(begin)).then(() => carrying(config, ...rest));
    }
    const commit = commitRequested.has(client);
    const follower = followers.get(client) ?? null;
    followers.delete(client);
    if (follower) follower.carried = false;
    if (!begin && !commit && !follower) return query(config, ...rest);
    const { text, values, name } = (config ?? {}) as pg.QueryConfig;
    const params = Array.isArray(rest[0]) ? rest[0] : values;
    const extended =
      typeof text === 'string' && (Boolean(name) || (Array.isArray(params) && params.length > 0));
    if (!extended || typeof rest[rest.length - 1] === 'function') {
      commitRequested.delete(client);
      if (begin === null) return query(config, ...rest);
      beginPending.delete(client);
      return Promise.resolve(query(begin)).then(() => query(config, ...rest));
    }
    beginPending.delete(client);
    commitRequested.delete(client);
    return new Promise((resolve, reject) => {
      const carrier = new pg.Query({ ...(config as pg.QueryConfig), values: params }, (error, result) => {
        if (error) {
          follower?.settle(error);
          return reject(error);
        }
        if (commit) committed.add(client);
        if (follower?.carried) {
          // Two statements answered: node-postgres hands their results as a list, in order.
          const [own, read] = result as unknown as unknown[];
          follower.settle(null, read);
          return resolve(own);
        }
        resolve(result);
      });
      carry(carrier as unknown as QueryInternals, begin, commit, follower, config as pg.QueryConfig);
      query(carrier);
    });
  };
  return carrying;
}

/** Whether the statement is named and not yet parsed (nor being parsed) on the connection. */
function isNewNamedStatement(client: object, config: unknown): boolean {
  const name = (config as pg.QueryConfig | undefined)?.name;
  const connection = (client as { connection?: Connection }).connection;
  if (!name || !connection) return false;
  return !connection.parsedStatements[name] && !connection.submittedNamedStatements[name];
}

/** Parse, Bind and Execute of a statement without parameters on the unnamed statement and portal. */
function sendBare(connection: Connection, text: string): void {
  connection.parse({ text, name: '' });
  connection.bind({ portal: '', statement: '', values: [] });
  connection.execute({ portal: '', rows: 0 });
}

/**
 * Makes the query send `begin` ahead of its own messages, then the follower's, then `commit`, and keep the
 * answers of `begin` and `commit` out of its result.
 */
function carry(
  query: QueryInternals,
  begin: string | null,
  commit: boolean,
  follower: Follower | null,
  config: pg.QueryConfig,
): void {
  const submit = query.submit.bind(query);
  const handleCommandComplete = query.handleCommandComplete.bind(query);
  query.submit = (connection) => {
    connection.stream.cork?.();
    try {
      if (begin !== null) {
        // A new named statement is parsed first: if it does not parse, `begin` is skipped with it and
        // node-postgres never records the name as parsed on `begin`'s ParseComplete.
        const name = query.name;
        if (name && !connection.parsedStatements[name] && !connection.submittedNamedStatements[name]) {
          connection.parse({ text: query.text, name, types: query.types });
          connection.submittedNamedStatements[name] = query.text;
        }
        sendBare(connection, begin);
      }
      // Only a read already prepared on this connection goes along: its Parse could otherwise fail after
      // the first statement ran, and node-postgres would not know whether it is prepared.
      const following =
        follower !== null && connection.parsedStatements[follower.name] === follower.text ? follower : null;
      if (follower) follower.carried = following !== null;
      if (commit || following) {
        // node-postgres ends a statement with Execute and Sync (`_getRows`); the rest goes in between.
        query._getRows = (inner) => {
          inner.execute({ portal: query.portal, rows: 0 });
          if (following) sendFollower(inner, following, config);
          if (commit) sendBare(inner, 'commit');
          inner.sync();
        };
      }
      return submit(connection);
    } finally {
      connection.stream.uncork?.();
    }
  };
  // CommandCompletes arrive in order: `begin`'s, the statement's, the follower's, `commit`'s. The
  // statement's and the follower's are results; node-postgres lists them when there are two.
  let completes = 0;
  const own = begin !== null ? 1 : 0;
  query.handleCommandComplete = (message, connection) => {
    const index = completes++;
    if (index === own || (follower?.carried && index === own + 1)) handleCommandComplete(message, connection);
  };
}

/** Bind, Describe and Execute of the follower's prepared statement (its values mapped as node-postgres does). */
function sendFollower(connection: Connection, follower: Follower, config: pg.QueryConfig): void {
  const read = new pg.Query({
    name: follower.name,
    text: follower.text,
    values: follower.params,
    types: config.types,
  }) as unknown as QueryInternals;
  read._getRows = (inner) => inner.execute({ portal: read.portal, rows: 0 });
  read.prepare(connection);
}
