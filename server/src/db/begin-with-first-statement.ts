import pg from 'pg';

/**
 * A transaction's `begin` sent in the same network write as its first statement (docs/decisions/038).
 *
 * node-postgres waits for each statement's answer before it sends the next, so `begin` alone costs a
 * round trip: a write and a read on both sides, and on the database a wake-up, for a statement that does
 * nothing. Here the transaction only marks its connection (`deferBegin`); the connection's next statement
 * goes out as Parse/Bind/Execute of `begin` followed by the statement's own messages and one Sync — the
 * extended protocol runs them in order, as two statements, and PostgreSQL answers both in one packet. The
 * statement reads and locks exactly as it would after a separate `begin`.
 *
 * Errors: when the statement fails, the transaction has begun and is aborted (the caller rolls back, as
 * before); when a new named statement fails to parse, its Parse is sent first, so `begin` is skipped with
 * the rest of the pipeline and the caller's `rollback` merely draws a warning. A transaction that sends no
 * statement at all sends neither `begin` nor `commit`.
 */

// Connections whose query function knows how to carry a deferred begin (set up by `carryDeferredBegin`).
const carriers = new WeakSet<object>();
// Connections whose transaction has begun in name only: the next statement must carry `begin`.
const pending = new WeakSet<object>();

/** Marks the connection's transaction as begun: `begin` rides on its next statement. False: not supported. */
export function deferBegin(client: object): boolean {
  if (!carriers.has(client)) return false;
  pending.add(client);
  return true;
}

/** Whether `begin` is still waiting for a statement (then no commit or rollback is needed); clears it. */
export function takeDeferredBegin(client: object): boolean {
  return pending.delete(client);
}

interface Connection {
  stream: { cork?: () => void; uncork?: () => void };
  parse(query: { text: string; name?: string; types?: unknown[] }): void;
  bind(config: { portal?: string; statement?: string; values?: unknown[] }): void;
  execute(config: { portal?: string; rows?: number }): void;
  submittedNamedStatements: Record<string, string | undefined>;
  parsedStatements: Record<string, string | undefined>;
}

interface QueryInternals {
  text: string;
  name?: string;
  types?: unknown[];
  submit(connection: Connection): Error | null | undefined;
  handleCommandComplete(message: unknown, connection: Connection): void;
}

type QueryFunction = (config: unknown, ...rest: unknown[]) => unknown;

/**
 * Wraps a pool connection's query function (after statement naming): a statement that follows a deferred
 * begin carries it. A statement without parameters (the simple protocol, e.g. a savepoint) cannot, so
 * `begin` is sent on its own before it.
 */
export function carryDeferredBegin(client: object, query: QueryFunction): QueryFunction {
  carriers.add(client);
  return (config, ...rest) => {
    if (!pending.has(client)) return query(config, ...rest);
    pending.delete(client);
    const { text, values, name } = (config ?? {}) as pg.QueryConfig;
    const params = Array.isArray(rest[0]) ? rest[0] : values;
    const extended =
      typeof text === 'string' && (Boolean(name) || (Array.isArray(params) && params.length > 0));
    if (!extended || typeof rest[rest.length - 1] === 'function') {
      return Promise.resolve(query('begin')).then(() => query(config, ...rest));
    }
    return new Promise((resolve, reject) => {
      const carrier = new pg.Query({ ...(config as pg.QueryConfig), values: params }, (error, result) =>
        error ? reject(error) : resolve(result),
      );
      withBegin(carrier as unknown as QueryInternals);
      query(carrier);
    });
  };
}

/** Makes the query send `begin` ahead of its own messages and keep `begin`'s answer out of its result. */
function withBegin(query: QueryInternals): void {
  const submit = query.submit.bind(query);
  const handleCommandComplete = query.handleCommandComplete.bind(query);
  let beginAnswered = false;
  query.submit = (connection) => {
    connection.stream.cork?.();
    try {
      // A new named statement is parsed first: if it does not parse, `begin` is skipped with it and
      // node-postgres never records the name as parsed on `begin`'s ParseComplete.
      const name = query.name;
      if (name && !connection.parsedStatements[name] && !connection.submittedNamedStatements[name]) {
        connection.parse({ text: query.text, name, types: query.types });
        connection.submittedNamedStatements[name] = query.text;
      }
      connection.parse({ text: 'begin', name: '' });
      connection.bind({ portal: '', statement: '', values: [] });
      connection.execute({ portal: '', rows: 0 });
      return submit(connection);
    } finally {
      connection.stream.uncork?.();
    }
  };
  // The first CommandComplete is `begin`'s: the caller's result holds only its statement's.
  query.handleCommandComplete = (message, connection) => {
    if (!beginAnswered) {
      beginAnswered = true;
      return;
    }
    handleCommandComplete(message, connection);
  };
}
