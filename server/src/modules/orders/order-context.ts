import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jsonValue } from '../../db/rows.ts';
import {
  menuCategory,
  menuItem,
  menuItemOptionGroup,
  menuItemSoldOutUntil,
  menuItemTranslation,
  menuOption,
  menuOptionAllergen,
  menuOptionGroup,
  menuOptionGroupTranslation,
  menuOptionTranslation,
  menuWindow,
  orders,
  restaurant,
  vatKey,
} from '../../db/schema.ts';
import { secondsUntil } from '../../db/seconds-until.ts';
import { type HoursForRule, hoursJsonSql } from '../hours/repository.ts';
import { joinedOpenVisitSql, type VisitAtTable, visitAtTableOf } from '../visits/joined-visit.ts';
import type { MenuItemForOrder } from './repository.ts';

export interface OrderContext {
  /** The open visit of the table the session joined, locked FOR SHARE (a close waits for the order). */
  visit: VisitAtTable | null;
  /** The order already stored under (session, key), if any. */
  previous: { id: number; visitId: number; requestHash: string } | null;
  /** Orders the session placed in the last `seconds` (the per-session limit). */
  recent: number;
  /** Seconds until the oldest of the recent orders leaves the window (when one more would be allowed). */
  retryAfterSeconds: number;
  menu: Map<number, MenuItemForOrder>;
  /** The visit's restaurant's opening hours (issue 28); null when none are set or there is no visit. */
  hours: HoursForRule | null;
}

const titlesJson = (table: SQL, owner: SQL) =>
  sql`coalesce((select json_agg(json_build_object('isoCode', t.iso_code, 'title', t.title) order by t.id)
    from ${table} t where ${owner}), '[]'::json)`;

/**
 * Issue 27: an ordered item's active option groups in its order, each with its options (what checking and
 * pricing need). Titles and allergens are read only for the options the order chose (`chosen`, a SQL
 * array): the snapshot and the error messages name no other. Groups of another restaurant are never joined.
 */
function itemGroupsJson(chosen: SQL): SQL {
  return sql`coalesce((select json_agg(json_build_object(
    'id', g.id, 'kind', g.kind, 'minChoices', g.min_choices, 'maxChoices', g.max_choices,
    'freeChoices', g.free_choices,
    'titles', ${titlesJson(sql`${menuOptionGroupTranslation}`, sql`t.group_id = g.id`)},
    'options', coalesce((select json_agg(json_build_object(
        'id', o.id, 'priceDelta', o.price_delta, 'availabilityType', o.availability_type,
        'isDefault', o.is_default,
        'titles', case when o.id = any(${chosen}) then ${titlesJson(sql`${menuOptionTranslation}`, sql`t.option_id = o.id`)}
          else '[]'::json end,
        'allergens', case when o.id = any(${chosen}) then coalesce((select json_agg(a.type)
          from ${menuOptionAllergen} a where a.option_id = o.id), '[]'::json) else '[]'::json end
      ) order by o.sort_order, o.id) from ${menuOption} o where o.group_id = g.id), '[]'::json)
  ) order by l.sort_order, g.id)
  from ${menuItemOptionGroup} l join ${menuOptionGroup} g on g.id = l.group_id
  where l.item_id = mi.id and g.is_active and g.restaurant_id = mi.restaurant_id), '[]'::json)`;
}

/**
 * Everything placing an order reads, in one round trip (docs/decisions/035): the joined open visit
 * (locked), the earlier order under the key, the session's recent count and the ordered menu items. Run
 * it after tryLockIdempotencyKey, in its own statement: it then reads every order of the session that
 * committed before the session's lock was granted (a statement reads what was committed when it began).
 */
export async function readOrderContext(
  tx: Db,
  input: {
    sessionId: string;
    tableId: number;
    key: string;
    seconds: number;
    menuItemIds: number[];
    /** The option ids the order's lines chose (issue 27). */
    optionIds?: number[];
  },
): Promise<OrderContext> {
  const { sessionId, seconds } = input;
  const ids: SQL = sql.join(
    input.menuItemIds.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    with visit as materialized (${joinedOpenVisitSql(sessionId, input.tableId, { lock: 'share' })}),
    recent as (
      select count(*)::int as n, min(o.created_at) as oldest from ${orders} o
      where o.session_id = ${sessionId} and o.created_at > now() - make_interval(secs => ${seconds})
    )
    select
      (select row_to_json(visit) from visit) as visit,
      (select json_build_object('id', o.id, 'visitId', o.visit_id, 'requestHash', o.request_hash)
         from ${orders} o where o.session_id = ${sessionId} and o.idempotency_key = ${input.key}) as previous,
      recent.n as recent,
      ${secondsUntil(sql`recent.oldest + make_interval(secs => ${seconds})`, seconds)} as retry,
      (select coalesce(json_agg(json_build_object(
          'id', mi.id, 'restaurantId', mi.restaurant_id, 'isActive', mi.is_active,
          'categoryActive', mc.is_active, 'availabilityType', mi.availability_type,
          'priceGross', mi.price_gross, 'vatPercent', vk.value_percent,
          'titles', coalesce((select json_agg(json_build_object('isoCode', t.iso_code, 'title', t.title) order by t.id)
            from ${menuItemTranslation} t where t.item_id = mi.id), '[]'::json),
          'windows', coalesce((select json_agg(json_build_object('categoryId', w.category_id,
              'weekdays', w.weekdays, 'startMinute', w.start_minute, 'endMinute', w.end_minute) order by w.id)
            from ${menuWindow} w where w.restaurant_id = mi.restaurant_id
              and (w.menu_item_id = mi.id or w.category_id = mi.category_id)), '[]'::json),
          'timeZone', (select r.time_zone from ${restaurant} r where r.id = mi.restaurant_id),
          'soldOutUntil', (select s.until from ${menuItemSoldOutUntil} s where s.menu_item_id = mi.id),
          'groups', ${itemGroupsJson(
            sql`array[${sql.join(
              (input.optionIds ?? []).map((id) => sql`${id}::int`),
              sql`, `,
            )}]::int[]`,
          )})), '[]'::json)
        from ${menuItem} mi
        join ${menuCategory} mc on mc.id = mi.category_id
        join ${vatKey} vk on vk.id = mi.vat_key_id
        where mi.id in (${ids})) as items,
      ${hoursJsonSql(sql`(select "restaurantId" from visit)`)} as hours
    from recent`);
  const row = (
    result as unknown as {
      rows: {
        visit: unknown;
        previous: unknown;
        recent: number;
        retry: number | null;
        items: unknown;
        hours: unknown;
      }[];
    }
  ).rows[0];
  const items = jsonValue<(Omit<MenuItemForOrder, 'vatPercent'> & { vatPercent: number | string })[]>(
    row?.items ?? [],
  );
  return {
    visit: visitAtTableOf(row?.visit ?? null),
    previous: jsonValue<OrderContext['previous']>(row?.previous ?? null),
    recent: Number(row?.recent ?? 0),
    retryAfterSeconds: Number(row?.retry ?? seconds),
    menu: new Map(items.map((item) => [item.id, { ...item, vatPercent: Number(item.vatPercent) }])),
    hours: jsonValue<HoursForRule | null>(row?.hours ?? null),
  };
}
