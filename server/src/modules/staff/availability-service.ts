import type { AvailabilityType } from '@tablo/contract/menu';
import type { ItemAvailability } from '@tablo/contract/staff';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { notifyMenuChanged } from '../../db/channels.ts';
import type { Database } from '../../db/database.ts';
import { diningTable, menuItem, tableVisit } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { appendEventToTables } from '../live/event-log.ts';
import type { StaffContext } from './service.ts';

export const AVAILABILITY_TEXTS = { itemNotFound: 'Menu item not found' } as const;

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
): Promise<ItemAvailability> {
  await database.transaction(async (tx) => {
    const [item] = await tx
      .select({ availabilityType: menuItem.availabilityType })
      .from(menuItem)
      .where(and(eq(menuItem.id, menuItemId), eq(menuItem.restaurantId, staff.restaurantId)))
      .for('update');
    if (!item) throw notFound(AVAILABILITY_TEXTS.itemNotFound);
    // Setting what is already set changes nothing and tells nobody.
    if (item.availabilityType === availabilityType) return;
    await tx.update(menuItem).set({ availabilityType }).where(eq(menuItem.id, menuItemId));
    await notifyMenuChanged(database, staff.restaurantShortName, tx);
    const open = await tx
      .select({ visitId: tableVisit.id, tableId: tableVisit.tableId })
      .from(tableVisit)
      .innerJoin(diningTable, eq(diningTable.id, tableVisit.tableId))
      .where(and(eq(diningTable.restaurantId, staff.restaurantId), isNull(tableVisit.closedAt)))
      .orderBy(asc(tableVisit.tableId));
    // The last statement: one event for every open table in one round trip, each table's event lock taken
    // in table id order and held until commit (event-log.ts), so two of these transactions (or a publish)
    // can't wait for each other's locks (docs/decisions/068).
    await appendEventToTables(database, tx, open, {
      type: 'item.availability_changed',
      menuItemId,
      availabilityType,
    });
  });
  return { availabilityType };
}
