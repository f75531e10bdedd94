import type { Menu } from '@tablo/contract/menu';
import type { Db } from '../../db/database.ts';
import { isOfferedAt } from './offered.ts';
import { endedSoldOutToday, loadRestaurantWindows, type RestaurantWindows } from './repository.ts';

export interface MenuAtInputs {
  windows: RestaurantWindows | null;
  backInStock: Set<number>;
  instant: Date;
}

/** What `menuAt` needs, read beside the menu (in parallel with it, from the pool: not in a transaction). */
export async function loadMenuAtInputs(db: Db, restaurantId: number, instant: Date): Promise<MenuAtInputs> {
  const [windows, backInStock] = await Promise.all([
    loadRestaurantWindows(db, restaurantId),
    endedSoldOutToday(db, restaurantId, instant),
  ]);
  return { windows, backInStock, instant };
}

/**
 * The menu as diners see it at `instant` (docs/decisions/075): categories and items outside their windows
 * left out (a category whose every item is out goes with them), and an item whose "sold out for today"
 * has ended shown available even before the boundary timer has written it back. Applied when the cached
 * answer is built; the boundary timer rebuilds it when this changes.
 */
export function menuAt(menu: Menu, inputs: MenuAtInputs): Menu {
  const { windows, backInStock, instant } = inputs;
  if (!windows || (windows.byCategory.size === 0 && windows.byItem.size === 0 && backInStock.size === 0))
    return menu;
  const offered = (list: ReturnType<typeof windows.byItem.get>) =>
    isOfferedAt(list ?? [], instant, windows.timeZone);
  return menu.flatMap((category) => {
    if (!offered(windows.byCategory.get(category.id))) return [];
    const menuItems = category.menuItems
      .filter((item) => offered(windows.byItem.get(item.id)))
      .map((item) =>
        backInStock.has(item.id) && item.availabilityType === 'SOLD_OUT'
          ? { ...item, availabilityType: 'AVAILABLE' as const }
          : item,
      );
    if (category.menuItems.length > 0 && menuItems.length === 0) return [];
    return [{ ...category, menuItems }];
  });
}

/** What an order knows of an item (read with it, docs/decisions/035: no statement of its own). */
export interface ItemWindows {
  windows?: { categoryId: number | null; weekdays: number[]; startMinute: number; endMinute: number }[];
  timeZone?: string;
  soldOutUntil?: string | null;
}

/**
 * For an order placed at `instant`: is the item inside its window and its category's (`offered`), and has
 * its "sold out for today" ended (`backInStock`: orderable, whatever its row still says).
 */
export function orderableAt(item: ItemWindows, instant: Date): { offered: boolean; backInStock: boolean } {
  const windows = item.windows ?? [];
  const timeZone = item.timeZone ?? 'Europe/Budapest';
  const ofCategory = windows.filter((w) => w.categoryId !== null);
  const ofItem = windows.filter((w) => w.categoryId === null);
  return {
    offered: isOfferedAt(ofCategory, instant, timeZone) && isOfferedAt(ofItem, instant, timeZone),
    backInStock:
      item.soldOutUntil !== undefined &&
      item.soldOutUntil !== null &&
      new Date(item.soldOutUntil).getTime() <= instant.getTime(),
  };
}
