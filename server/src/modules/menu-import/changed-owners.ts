import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * The owners (categories or items) among `ownerIds` whose stored texts differ from `wanted` (rows of
 * [owner id, language, title, description], in the file's order), compared in one statement. Only those
 * owners' rows are replaced: they are deleted and inserted again in the file's order, so an owner's texts
 * keep the file's order (the menu answer lists them by row id) exactly as a full replacement would.
 */
export async function changedTranslationOwners(
  tx: Db,
  table: SQL,
  ownerColumn: SQL,
  ownerIds: readonly number[],
  wanted: readonly (readonly [number, string, string, string])[],
): Promise<Set<number>> {
  if (ownerIds.length === 0) return new Set();
  const result = await tx.execute(sql`
    with owners as (
      select value::int as owner_id from jsonb_array_elements_text(${JSON.stringify(ownerIds)}::jsonb)
    ),
    incoming as (
      select (e.value->>0)::int as owner_id, e.ordinality as ord,
             jsonb_build_array(e.value->1, e.value->2, e.value->3) as text
      from jsonb_array_elements(${JSON.stringify(wanted)}::jsonb) with ordinality as e
    ),
    wanted as (select owner_id, jsonb_agg(text order by ord) as texts from incoming group by owner_id),
    stored as (
      select ${ownerColumn} as owner_id,
             jsonb_agg(jsonb_build_array(iso_code, title, description) order by id) as texts
      from ${table} where ${ownerColumn} in (select owner_id from owners) group by 1
    )
    select o.owner_id from owners o
      left join wanted w on w.owner_id = o.owner_id
      left join stored s on s.owner_id = o.owner_id
    where w.texts is distinct from s.texts`);
  return new Set(rowsOf<{ owner_id: number | string }>(result).map((row) => Number(row.owner_id)));
}

/**
 * The owners among `ownerIds` whose stored allergens (`table`'s rows by `ownerColumn`: items' or options')
 * are not the set `wanted` names ([owner id, allergen] pairs).
 */
export async function changedAllergenOwners(
  tx: Db,
  table: SQL,
  ownerColumn: SQL,
  ownerIds: readonly number[],
  wanted: readonly (readonly [number, string])[],
): Promise<Set<number>> {
  if (ownerIds.length === 0) return new Set();
  const result = await tx.execute(sql`
    with owners as (
      select value::int as item_id from jsonb_array_elements_text(${JSON.stringify(ownerIds)}::jsonb)
    ),
    incoming as (
      select (e->>0)::int as item_id, e->>1 as type
      from jsonb_array_elements(${JSON.stringify(wanted)}::jsonb) as e
    ),
    wanted as (select item_id, jsonb_agg(type order by type) as types from incoming group by item_id),
    stored as (
      select ${ownerColumn} as item_id, jsonb_agg(type::text order by type::text) as types
      from ${table} where ${ownerColumn} in (select item_id from owners) group by 1
    )
    select o.item_id from owners o
      left join wanted w on w.item_id = o.item_id
      left join stored s on s.item_id = o.item_id
    where w.types is distinct from s.types`);
  return new Set(rowsOf<{ item_id: number | string }>(result).map((row) => Number(row.item_id)));
}
