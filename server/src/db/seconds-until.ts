import { type SQL, sql } from 'drizzle-orm';

/**
 * Whole seconds from now until `end`, at least 1 and at most `window`: a limit's Retry-After. Counted from
 * the clock, not the transaction's start (`now()`): a request that began, then waited on a lock while another
 * instance opened the window, would otherwise be told to wait longer than the window itself.
 */
export function secondsUntil(end: SQL, window: number): SQL<number> {
  return sql<number>`least(${window}, greatest(1, ceil(extract(epoch from ${end} - clock_timestamp()))))::int`;
}
