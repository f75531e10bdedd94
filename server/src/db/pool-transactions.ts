import { sql } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres/session';
import type pg from 'pg';
import { deferBegin, transactionEnd } from './carried-begin-commit.ts';

/** The parts of drizzle's session and transaction this file touches (the rest are drizzle's own types). */
interface SessionInternals {
  client: pg.Pool | pg.PoolClient;
  dialect: ConstructorParameters<typeof NodePgSession>[1];
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}
interface TransactionInternals {
  execute(query: ReturnType<typeof sql>): Promise<unknown>;
  getTransactionConfigSQL(config: unknown): ReturnType<typeof sql>;
}
type TransactionMethod = (run: (tx: unknown) => Promise<unknown>, config?: unknown) => Promise<unknown>;

let installed = false;

/**
 * drizzle-orm 0.45's `NodePgSession.transaction` takes a client from the pool and sends `begin` *before* its
 * try/finally: when the connection has just dropped (the database restarting, a network cut) `begin` fails and
 * the client is never given back. A few such blips and the pool is empty: every later request waits forever.
 * This is the same method with `begin` inside the try, so the client is always released (pg-pool discards
 * it when it is broken). Proven by `database-down.test.ts`, which cuts the connection under a running app.
 */
export function releaseTransactionClientsAlways(): void {
  if (installed) return;
  installed = true;
  const prototype = NodePgSession.prototype as unknown as { transaction: TransactionMethod };
  const original = prototype.transaction;
  prototype.transaction = async function transaction(this: SessionInternals, run, config) {
    if (!('totalCount' in this.client)) return original.call(this, run, config);
    const client = await this.client.connect();
    try {
      const session = new NodePgSession(client, this.dialect, this.schema, this.options);
      const tx = new NodePgTransaction(this.dialect, session, this.schema) as unknown as TransactionInternals;
      // A plain begin rides on the transaction's first statement, and a commit may ride on its last
      // (carried-begin-commit.ts); a transaction that sent no statement has nothing to end.
      if (config || !deferBegin(client)) {
        await tx.execute(sql`begin${config ? sql` ${tx.getTransactionConfigSQL(config)}` : undefined}`);
      }
      try {
        const result = await run(tx);
        if (transactionEnd(client) === 'open') await tx.execute(sql`commit`);
        return result;
      } catch (error) {
        if (transactionEnd(client) === 'open') await tx.execute(sql`rollback`);
        throw error;
      }
    } finally {
      transactionEnd(client);
      client.release();
    }
  };
}
