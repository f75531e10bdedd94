import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/database.ts';

/**
 * What a refused request must leave as it was: every table's row count and newest row version. Any insert or
 * delete changes the count; any update, even one that writes the same values, writes a row version with a
 * newer transaction id (`xmin`). One statement, cheap enough to take around every fuzzed request.
 */
export type Fingerprint = Record<string, string>;

/**
 * Counters that refused requests change by design: abuse-limit windows count refused requests
 * (docs/decisions/028-abuse-limits.md) and failed staff log-ins count towards a block (decision 015).
 */
export const COUNTER_TABLES = ['rate_limit_counter', 'staff_login_failure'] as const;

async function tablesOf(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
  const names = (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
  return names.filter((name) => !(COUNTER_TABLES as readonly string[]).includes(name));
}

/**
 * Reads the fingerprint. A transaction that writes takes a transaction id, so while the next id to be given
 * (the snapshot's xmax) stays the same nothing was written anywhere and the last fingerprint still holds:
 * most refused requests cost one tiny statement instead of a scan of every table.
 */
export async function fingerprintReader(db: Db): Promise<() => Promise<Fingerprint>> {
  const tables = await tablesOf(db);
  let last: { nextTransaction: string; fingerprint: Fingerprint } | null = null;
  const statement = sql.raw(
    tables
      .map(
        (table) =>
          `select '${table}' as name, count(*) || '/' || coalesce(max(xmin::text::bigint), 0) as state from "${table}"`,
      )
      .join(' union all '),
  );
  const nextTransaction = async () => {
    const result = await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as next`);
    return (result as unknown as { rows: { next: string }[] }).rows[0]?.next ?? '';
  };
  return async () => {
    const next = await nextTransaction();
    if (last?.nextTransaction === next) return last.fingerprint;
    const result = await db.execute(statement);
    const rows = (result as unknown as { rows: { name: string; state: string }[] }).rows;
    const fingerprint = Object.fromEntries(rows.map((row) => [row.name, row.state]));
    last = { nextTransaction: next, fingerprint };
    return fingerprint;
  };
}

/** The tables whose state differs, as `orders: 3/812 → 4/815` (rows/newest version), or [] when none. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys(after)
    .filter((table) => before[table] !== after[table])
    .map((table) => `${table}: ${before[table]} → ${after[table]}`);
}
