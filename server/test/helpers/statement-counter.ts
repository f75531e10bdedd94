import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { LISTENER_APPLICATION_NAME } from '../../src/db/postgres.ts';
import type { TestDatabaseKind } from './test-database.ts';

/**
 * Counts what the app sends to its database, for tests that pin the cost of a hot path (docs/decisions/035
 * and 038). Install it before the database is opened.
 *
 * - PostgreSQL: round trips of the pool's connections — every `query` call of a pg client (node-postgres
 *   sends one and waits for its answer; a `begin` carried by the statement after it is part of that one).
 *   The LISTEN connection (notifications batched after commit, shared by many transactions) is left out.
 * - PGlite: statements — every `query` or `exec` of the database or of a transaction, and a transaction's
 *   own BEGIN and COMMIT (two).
 */
export interface StatementCounter {
  readonly count: number;
  /** Stops counting (the prototypes get their functions back). */
  restore(): void;
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

export function countStatements(kind: TestDatabaseKind): StatementCounter {
  let count = 0;
  const restores: (() => void)[] = [];
  const wrap = (target: object, key: string, before: (self: unknown, args: unknown[]) => unknown[]) => {
    const holder = target as Record<string, Method>;
    const original = holder[key] as Method;
    holder[key] = function (this: unknown, ...args: unknown[]) {
      return original.apply(this, before(this, args));
    };
    restores.push(() => {
      holder[key] = original;
    });
  };
  if (kind === 'postgres') {
    wrap(pg.Client.prototype, 'query', (self, args) => {
      const name = (self as { connectionParameters?: { application_name?: string } }).connectionParameters
        ?.application_name;
      if (name !== LISTENER_APPLICATION_NAME) count++;
      return args;
    });
  } else {
    const counted = (args: unknown[]) => {
      count++;
      return args;
    };
    wrap(PGlite.prototype, 'query', (_self, args) => counted(args));
    wrap(PGlite.prototype, 'exec', (_self, args) => counted(args));
    wrap(PGlite.prototype, 'transaction', (_self, args) => {
      count += 2;
      const [run, ...rest] = args as [(tx: Record<string, Method>) => unknown, ...unknown[]];
      const counting = (tx: Record<string, Method>) => {
        for (const key of ['query', 'exec'] as const) {
          const original = tx[key] as Method;
          tx[key] = (...inner: unknown[]) => original(...counted(inner));
        }
        return run(tx);
      };
      return [counting, ...rest];
    });
  }
  return {
    get count() {
      return count;
    },
    restore() {
      for (const restore of restores.reverse()) restore();
    },
  };
}
