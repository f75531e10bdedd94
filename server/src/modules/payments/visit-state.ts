import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jsonValue, rowsOf } from '../../db/rows.ts';
import { payment } from '../../db/schema.ts';
import { joinedOpenVisitSql, type VisitAtTable, visitAtTableOf } from '../visits/joined-visit.ts';
import { type LineState, lineStatesOf, lineStatesSql } from '../visits/lines.ts';
import { openSplitSql, type SplitState, splitStateOf } from './splits.ts';

/** What creating and pricing a payment reads of its visit (docs/decisions/019 and 038). */

/**
 * Creating a payment, first statement: the (session, key) lock (not waited for: a concurrent duplicate
 * answers 409) and then the session's open visit at the table, locked (VisitLock `no key update`). What the payment
 * reads must come from a later statement: in READ COMMITTED a statement sees the rows committed when it
 * started, and this one may wait for the visit lock.
 */
export async function lockKeyAndJoinedVisit(
  tx: Db,
  sessionId: string,
  tableId: number,
  key: string,
): Promise<{ keyLocked: boolean; visit: VisitAtTable | null }> {
  const result = await tx.execute(sql`
    with key_lock as materialized (
      select pg_try_advisory_xact_lock(hashtext(${`payment:${sessionId}`}), hashtext(${key})) as locked
    ),
    visit as (${joinedOpenVisitSql(sessionId, tableId, { lock: 'no key update', when: sql`(select locked from key_lock)` })})
    select (select locked from key_lock) as "keyLocked", visit.* from (select 1) as one left join visit on true`);
  const row = rowsOf<{ keyLocked: boolean }>(result)[0];
  if (!row?.keyLocked) return { keyLocked: false, visit: null };
  const { keyLocked, ...visit } = row;
  return { keyLocked, visit: visitAtTableOf(visit) };
}

export interface VisitState {
  lines: LineState[];
  split: SplitState | null;
  lapsed: number;
  /** With `byKey`: the payment stored under that (session, key), if any. */
  previous: { id: string; requestHash: string } | null;
}

export interface VisitStateScope {
  /** The payment already stored under this (session, key) comes along (`previous`). */
  byKey?: { sessionId: string; key: string };
  /**
   * Only these lines, and neither the split nor the lapsed count (0): what paying by items reads. A listed
   * id that is not a payable line of the visit is simply not among the lines (planPayment refuses it).
   */
  onlyLines?: number[];
}

/**
 * The visit's payable lines, its open split and how many of its pending payments have lapsed — and with
 * `byKey` the payment already stored under that idempotency key — in one round trip (it runs under the
 * visit lock on the hot path). A payment by items reads only its own lines (`onlyLines`): the visit's
 * other lines grow with every order and are not needed to price or reserve the selected ones.
 */
export async function loadVisitState(
  tx: Db,
  visitId: number,
  scope: VisitStateScope = {},
): Promise<VisitState> {
  return parseVisitState(await tx.execute(visitStateStatement(sql`${visitId}`, scope)));
}

/** The statement of loadVisitState for the visit `visitId` (an SQL expression). */
export function visitStateStatement(visitId: SQL, scope: VisitStateScope = {}): SQL {
  const { byKey, onlyLines } = scope;
  return sql`
    select ${lineStatesSql(visitId, onlyLines)} as lines,
      ${
        onlyLines
          ? sql`null::json as split, 0 as lapsed,`
          : sql`${openSplitSql(visitId)} as split,
      (select count(*)::int from ${payment} p
        where p.visit_id = ${visitId} and p.status = 'PENDING' and p.expires_at <= now()) as lapsed,`
      }
      ${
        byKey
          ? sql`(select json_build_object('id', p.id, 'requestHash', p.request_hash) from ${payment} p
        where p.session_id = ${byKey.sessionId} and p.idempotency_key = ${byKey.key})`
          : sql`null::json`
      } as previous`;
}

/** The visit state from the answer of visitStateStatement. */
export function parseVisitState(result: unknown): VisitState {
  const row = rowsOf<{ lines: unknown; split: unknown; lapsed: number; previous: unknown }>(result)[0];
  return {
    lines: lineStatesOf(jsonValue<LineState[]>(row?.lines ?? [])),
    split: splitStateOf(row?.split ?? null),
    lapsed: Number(row?.lapsed ?? 0),
    previous: jsonValue<VisitState['previous']>(row?.previous ?? null),
  };
}
