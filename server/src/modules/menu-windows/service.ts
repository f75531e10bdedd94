import { minuteText } from '@tablo/contract/hours-rule';
import { LANGUAGE_CODES, type LanguageCode } from '@tablo/contract/languages';
import {
  type MenuWindow,
  type MenuWindowsResponse,
  type SaveMenuWindowsRequest,
  SaveMenuWindowsRequestSchema,
} from '@tablo/contract/menu-windows';
import { asc, eq, inArray } from 'drizzle-orm';
import { notifyMenuChanged } from '../../db/channels.ts';
import type { Database, Db } from '../../db/database.ts';
import {
  menuCategory,
  menuCategoryTranslation,
  menuItem,
  menuItemTranslation,
  menuWindow,
} from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { appendEventToTables } from '../live/event-log.ts';
import { liveVersionOf } from '../menu-editor/draft-store.ts';
import { openVisits } from './announce.ts';
import { notifyMenuBoundariesChanged } from './channel.ts';
import { loadRestaurantWindows } from './repository.ts';

export const MENU_WINDOWS_TEXTS = {
  restaurantNotFound: 'Restaurant not found',
  categoryNotOwn: (id: number) => `Category ${id} is not on this restaurant's menu`,
  itemNotOwn: (id: number) => `Menu item ${id} is not on this restaurant's menu`,
  categoryTwice: (id: number) => `Category ${id} is listed twice`,
  itemTwice: (id: number) => `Menu item ${id} is listed twice`,
  weekdayTwice: (where: string) => `${where}: a window names a weekday twice`,
  emptyWindow: (where: string, minute: number) =>
    `${where}: a window cannot start and end at the same time (${minuteText(minute)})`,
} as const;

interface Staff {
  restaurantId: number;
  restaurantShortName: string;
}

const KNOWN = new Set<string>(LANGUAGE_CODES);

function titlesBy(rows: { ownerId: number; isoCode: string; title: string }[]) {
  const byOwner = new Map<number, { isoCode: LanguageCode; title: string }[]>();
  for (const { ownerId, isoCode, title } of rows) {
    if (!KNOWN.has(isoCode)) continue;
    const list = byOwner.get(ownerId) ?? [];
    list.push({ isoCode: isoCode as LanguageCode, title });
    byOwner.set(ownerId, list);
  }
  return byOwner;
}

/** GET /api/staff/menu-windows: every category (active or not) and item, in menu order, with its windows. */
export async function readMenuWindows(db: Db, staff: Staff): Promise<MenuWindowsResponse> {
  const { restaurantId } = staff;
  const [windows, categories, items, categoryTitles, itemTitles] = await Promise.all([
    loadRestaurantWindows(db, restaurantId),
    db
      .select({ id: menuCategory.id, isActive: menuCategory.isActive })
      .from(menuCategory)
      .where(eq(menuCategory.restaurantId, restaurantId))
      .orderBy(asc(menuCategory.sortOrder), asc(menuCategory.id)),
    db
      .select({ id: menuItem.id, categoryId: menuItem.categoryId })
      .from(menuItem)
      .where(eq(menuItem.restaurantId, restaurantId))
      .orderBy(asc(menuItem.sortOrder), asc(menuItem.id)),
    db
      .select({
        ownerId: menuCategoryTranslation.categoryId,
        isoCode: menuCategoryTranslation.isoCode,
        title: menuCategoryTranslation.title,
      })
      .from(menuCategoryTranslation)
      .innerJoin(menuCategory, eq(menuCategory.id, menuCategoryTranslation.categoryId))
      .where(eq(menuCategory.restaurantId, restaurantId))
      .orderBy(asc(menuCategoryTranslation.id)),
    db
      .select({
        ownerId: menuItemTranslation.itemId,
        isoCode: menuItemTranslation.isoCode,
        title: menuItemTranslation.title,
      })
      .from(menuItemTranslation)
      .innerJoin(menuItem, eq(menuItem.id, menuItemTranslation.itemId))
      .where(eq(menuItem.restaurantId, restaurantId))
      .orderBy(asc(menuItemTranslation.id)),
  ]);
  if (!windows) throw notFound(MENU_WINDOWS_TEXTS.restaurantNotFound);
  const catTitles = titlesBy(categoryTitles);
  const dishTitles = titlesBy(itemTitles);
  return {
    timeZone: windows.timeZone,
    categories: categories.map((category) => ({
      categoryId: category.id,
      titles: catTitles.get(category.id) ?? [],
      isActive: category.isActive,
      windows: windows.byCategory.get(category.id) ?? [],
      items: items
        .filter((item) => item.categoryId === category.id)
        .map((item) => ({
          menuItemId: item.id,
          titles: dishTitles.get(item.id) ?? [],
          windows: windows.byItem.get(item.id) ?? [],
        })),
    })),
  };
}

/** Problems a schema cannot see: a weekday twice, a window of no length. */
function windowProblems(where: string, windows: readonly MenuWindow[]): string[] {
  const problems: string[] = [];
  for (const window of windows) {
    if (new Set(window.weekdays).size !== window.weekdays.length)
      problems.push(MENU_WINDOWS_TEXTS.weekdayTwice(where));
    if (window.startMinute === window.endMinute)
      problems.push(MENU_WINDOWS_TEXTS.emptyWindow(where, window.startMinute));
  }
  return problems;
}

/** The values listed more than once, each once. */
function twice<T>(values: readonly T[]): T[] {
  const seen = new Set<T>();
  const repeated = new Set<T>();
  for (const value of values) {
    if (seen.has(value)) repeated.add(value);
    seen.add(value);
  }
  return [...repeated];
}

/**
 * PUT /api/staff/menu-windows: replaces the restaurant's windows in one transaction, every problem named at
 * once (422). The menu answer is rebuilt on every instance and open menus read it again (`menu.published`
 * with the live version), as the boundary timer does; every instance's timer reads the next boundary again.
 */
export async function saveMenuWindows(
  database: Database,
  staff: Staff,
  input: SaveMenuWindowsRequest,
): Promise<MenuWindowsResponse> {
  const body = SaveMenuWindowsRequestSchema.parse(input);
  const categoryIds = body.categories.map((c) => c.categoryId);
  const itemIds = body.items.map((i) => i.menuItemId);
  await database.transaction(async (tx) => {
    const ownCategories =
      categoryIds.length === 0
        ? []
        : await tx
            .select({ id: menuCategory.id, restaurantId: menuCategory.restaurantId })
            .from(menuCategory)
            .where(inArray(menuCategory.id, categoryIds));
    const ownItems =
      itemIds.length === 0
        ? []
        : await tx
            .select({ id: menuItem.id, restaurantId: menuItem.restaurantId })
            .from(menuItem)
            .where(inArray(menuItem.id, itemIds));
    const own = (rows: { id: number; restaurantId: number }[]) =>
      new Set(rows.filter((row) => row.restaurantId === staff.restaurantId).map((row) => row.id));
    const myCategories = own(ownCategories);
    const myItems = own(ownItems);
    const problems = [
      ...twice(categoryIds).map(MENU_WINDOWS_TEXTS.categoryTwice),
      ...twice(itemIds).map(MENU_WINDOWS_TEXTS.itemTwice),
      ...[...new Set(categoryIds)]
        .filter((id) => !myCategories.has(id))
        .map(MENU_WINDOWS_TEXTS.categoryNotOwn),
      ...[...new Set(itemIds)].filter((id) => !myItems.has(id)).map(MENU_WINDOWS_TEXTS.itemNotOwn),
      ...body.categories.flatMap((c) => windowProblems(`Category ${c.categoryId}`, c.windows)),
      ...body.items.flatMap((i) => windowProblems(`Menu item ${i.menuItemId}`, i.windows)),
    ];
    if (problems.length > 0) throw new HttpError(422, problems.join('; '));

    await tx.delete(menuWindow).where(eq(menuWindow.restaurantId, staff.restaurantId));
    const rows = [
      ...body.categories.flatMap((c) =>
        c.windows.map((w) => ({ categoryId: c.categoryId, menuItemId: null, ...w })),
      ),
      ...body.items.flatMap((i) =>
        i.windows.map((w) => ({ categoryId: null, menuItemId: i.menuItemId, ...w })),
      ),
    ].map((row) => ({ ...row, restaurantId: staff.restaurantId, weekdays: [...row.weekdays].sort() }));
    if (rows.length > 0) await tx.insert(menuWindow).values(rows);
    await notifyMenuChanged(database, staff.restaurantShortName, tx);
    await notifyMenuBoundariesChanged(database, staff.restaurantShortName, tx);
    const version = Math.max(1, await liveVersionOf(tx, staff.restaurantId));
    await appendEventToTables(database, tx, await openVisits(tx, staff.restaurantId), {
      type: 'menu.published',
      version,
    });
  });
  return readMenuWindows(database.db, staff);
}
