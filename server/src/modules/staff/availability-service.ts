import type { AvailabilityType } from '@tablo/contract/menu';
import type { ItemAvailabilityAnswer, SoldOutFor } from '@tablo/contract/menu-windows';
import type { ItemAvailability } from '@tablo/contract/staff';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { notifyMenuChanged } from '../../db/channels.ts';
import type { Database, Db } from '../../db/database.ts';
import { diningTable, menuItem, menuOption, menuOptionGroup, tableVisit } from '../../db/schema.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { notFound } from '../../lib/http-error.ts';
import { appendEventToTables } from '../live/event-log.ts';
import { setSoldOutToday } from '../menu-windows/sold-out-today.ts';
import type { StaffContext } from './service.ts';

export const AVAILABILITY_TEXTS = {
  itemNotFound: 'Menu item not found',
  optionNotFound: 'Menu option not found',
} as const;

/**
 * PUT /api/staff/menu-items/:menuItemId/availability: marks an item sold out or available again. In one
 * transaction: the item changes, the cached menu is rebuilt on every instance, and every table with an
 * open visit gets an `item.availability_changed` event, so diners' menus and carts and the staff consoles
 * update live. Orders already placed keep their items; a new order with a sold-out item is refused.
 */
export async function setItemAvailability(
  database: Database,
  staff: StaffContext,
  menuItemId: number,
  availabilityType: AvailabilityType,
  // Issue 28: "sold out for today" (docs/decisions/075); without it, as before.
  options: { soldOutFor?: SoldOutFor; clock?: Clock } = {},
): Promise<ItemAvailabilityAnswer> {
  let soldOutUntil: Date | null = null;
  await database.transaction(async (tx) => {
    const [item] = await tx
      .select({ availabilityType: menuItem.availabilityType })
      .from(menuItem)
      .where(and(eq(menuItem.id, menuItemId), eq(menuItem.restaurantId, staff.restaurantId)))
      .for('update');
    if (!item) throw notFound(AVAILABILITY_TEXTS.itemNotFound);
    const today = availabilityType === 'SOLD_OUT' && options.soldOutFor === 'TODAY';
    soldOutUntil = await setSoldOutToday(
      database,
      tx,
      staff,
      menuItemId,
      today,
      options.clock ?? systemClock,
    );
    // Setting what is already set changes nothing and tells nobody (a changed "until" only the timers).
    if (item.availabilityType === availabilityType) return;
    await tx.update(menuItem).set({ availabilityType }).where(eq(menuItem.id, menuItemId));
    await notifyMenuChanged(database, staff.restaurantShortName, tx);
    const open = await openVisits(tx, staff.restaurantId);
    // The last statement: one event for every open table in one round trip, each table's event lock taken
    // in table id order and held until commit (event-log.ts), so two of these transactions (or a publish)
    // can't wait for each other's locks (docs/decisions/068).
    await appendEventToTables(database, tx, open, {
      type: 'item.availability_changed',
      menuItemId,
      availabilityType,
    });
  });
  // The "until" is answered only to a client that asked for it: older clients read a strict answer.
  if (options.soldOutFor === undefined) return { availabilityType };
  return {
    availabilityType,
    soldOutUntil: soldOutUntil === null ? null : (soldOutUntil as Date).toISOString(),
  };
}

/**
 * PUT /api/staff/menu-options/:optionId/availability (issue 27): an option of a dish's choices sold out or
 * available again, as `setItemAvailability` does for items: the cached options (and menu) answers are
 * rebuilt on every instance and every open table is told (`option.availability_changed`). An option of
 * another restaurant is not found.
 */
export async function setOptionAvailability(
  database: Database,
  staff: StaffContext,
  optionId: number,
  availabilityType: AvailabilityType,
): Promise<ItemAvailability> {
  await database.transaction(async (tx) => {
    const [option] = await tx
      .select({ availabilityType: menuOption.availabilityType })
      .from(menuOption)
      .innerJoin(menuOptionGroup, eq(menuOptionGroup.id, menuOption.groupId))
      .where(and(eq(menuOption.id, optionId), eq(menuOptionGroup.restaurantId, staff.restaurantId)))
      .for('update', { of: menuOption });
    if (!option) throw notFound(AVAILABILITY_TEXTS.optionNotFound);
    if (option.availabilityType === availabilityType) return;
    await tx.update(menuOption).set({ availabilityType }).where(eq(menuOption.id, optionId));
    await notifyMenuChanged(database, staff.restaurantShortName, tx);
    // As for items: one statement tells every open table (docs/decisions/068).
    await appendEventToTables(database, tx, await openVisits(tx, staff.restaurantId), {
      type: 'option.availability_changed',
      optionId,
      availabilityType,
    });
  });
  return { availabilityType };
}

/** The restaurant's open visits in table id order (the order event locks are always taken in). */
function openVisits(tx: Db, restaurantId: number) {
  return tx
    .select({ visitId: tableVisit.id, tableId: tableVisit.tableId })
    .from(tableVisit)
    .innerJoin(diningTable, eq(diningTable.id, tableVisit.tableId))
    .where(and(eq(diningTable.restaurantId, restaurantId), isNull(tableVisit.closedAt)))
    .orderBy(asc(tableVisit.tableId));
}
