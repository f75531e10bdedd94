import { MENU_EDITOR_TEXTS, type MenuDraft, type MenuVersion } from '@tablo/contract/menu-editor';
import { type MenuFile, MenuFileSchema } from '@tablo/contract/menu-import';
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { notifyMenuChanged } from '../../db/channels.ts';
import type { Database, Db } from '../../db/database.ts';
import {
  diningTable,
  menuItem,
  menuOption,
  menuOptionGroup,
  menuVersion,
  tableVisit,
} from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { appendEventToTables } from '../live/event-log.ts';
import { exportMenuOf } from '../menu-import/export-menu.ts';
import { importMenuWithin } from '../menu-import/import-menu.ts';
import type { StaffContext } from '../staff/service.ts';
import { availabilityKey } from './draft-edits.ts';
import { clearDraft, liveVersionOf, lockDraft, MenuConflict, readDraft } from './draft-store.ts';

/**
 * Publish and restore (docs/decisions/062-menu-editor.md). Both make a menu file the live menu in one
 * transaction through the importer (ids kept by ref, what the file no longer lists deactivated), keep the
 * file as the next version, and — on commit — one NOTIFY rebuilds every instance's cached menu while a
 * `menu.published` event tells every open table to read it again. Orders keep their own titles and prices.
 */

export async function publishDraft(
  database: Database,
  staff: StaffContext,
  request: { baseVersion: number },
): Promise<MenuDraft> {
  await database.transaction(async (tx) => {
    const draft = await lockDraft(tx, staff.restaurantId);
    if (request.baseVersion !== draft.version) {
      throw new MenuConflict(MENU_EDITOR_TEXTS.staleDraft, draft.version, null);
    }
    if (draft.document === null)
      throw new MenuConflict(MENU_EDITOR_TEXTS.nothingToPublish, draft.version, null);
    const edited = new Set(
      Object.entries(draft.changedAt)
        .filter(([key, at]) => key.startsWith('a:') && at > draft.resetAt)
        .map(([key]) => key),
    );
    const menu = await withLiveAvailability(tx, staff.restaurantId, draft.document, (ref) =>
      edited.has(availabilityKey(ref)),
    );
    await makeLive(database, tx, staff, menu, null);
    await clearDraft(tx, staff.restaurantId, draft);
  });
  return readDraft(database.db, staff);
}

/** Publishes an earlier version again, as a new version; refused while the draft holds unpublished work. */
export async function restoreVersion(
  database: Database,
  staff: StaffContext,
  number: number,
): Promise<MenuDraft> {
  await database.transaction(async (tx) => {
    const draft = await lockDraft(tx, staff.restaurantId);
    if (draft.document !== null) throw new MenuConflict(MENU_EDITOR_TEXTS.draftPending, draft.version, null);
    const [row] = await tx
      .select({ document: menuVersion.document })
      .from(menuVersion)
      .where(and(eq(menuVersion.restaurantId, staff.restaurantId), eq(menuVersion.number, number)));
    if (!row) throw notFound(MENU_EDITOR_TEXTS.versionNotFound);
    const menu = await withLiveAvailability(
      tx,
      staff.restaurantId,
      MenuFileSchema.parse(row.document),
      () => false,
    );
    await makeLive(database, tx, staff, menu, number);
    await clearDraft(tx, staff.restaurantId, draft);
  });
  return readDraft(database.db, staff);
}

export async function listVersions(
  db: Db,
  staff: StaffContext,
): Promise<{ liveVersion: number; versions: MenuVersion[] }> {
  const rows = await db
    .select()
    .from(menuVersion)
    .where(eq(menuVersion.restaurantId, staff.restaurantId))
    .orderBy(desc(menuVersion.number));
  return {
    liveVersion: rows[0]?.number ?? 0,
    versions: rows.map((row) => {
      const menu = row.document as MenuFile;
      return {
        number: row.number,
        publishedAt: row.publishedAt.toISOString(),
        publishedBy: row.publishedBy,
        restoredFrom: row.restoredFrom,
        categories: menu.categories.length,
        items: menu.categories.reduce((sum, category) => sum + category.items.length, 0),
      };
    }),
  };
}

/**
 * Sold out is live state the waiters set (spec: availability toggles), not part of what the editor edits
 * unless it edited it: an item already on the menu keeps its live availability otherwise.
 */
async function withLiveAvailability(
  tx: Db,
  restaurantId: number,
  menu: MenuFile,
  editorSet: (ref: string) => boolean,
): Promise<MenuFile> {
  const live = await tx
    .select({ ref: menuItem.ref, availabilityType: menuItem.availabilityType })
    .from(menuItem)
    .where(eq(menuItem.restaurantId, restaurantId));
  const liveByRef = new Map(live.map((row) => [row.ref, row.availabilityType]));
  // Options' sold-out is the waiters' too (issue 27), unless the editor set it (`a:group/option`).
  const liveOptions = await tx
    .select({
      group: menuOptionGroup.ref,
      ref: menuOption.ref,
      availabilityType: menuOption.availabilityType,
    })
    .from(menuOption)
    .innerJoin(menuOptionGroup, eq(menuOptionGroup.id, menuOption.groupId))
    .where(eq(menuOptionGroup.restaurantId, restaurantId));
  const liveOption = new Map(
    liveOptions.map((row) => [`${row.group}\u0000${row.ref}`, row.availabilityType]),
  );
  return {
    ...menu,
    optionGroups: menu.optionGroups.map((group) => ({
      ...group,
      options: group.options.map((option) => ({
        ...option,
        availabilityType: editorSet(`${group.ref}/${option.ref}`)
          ? option.availabilityType
          : (liveOption.get(`${group.ref}\u0000${option.ref}`) ?? option.availabilityType),
      })),
    })),
    categories: menu.categories.map((category) => ({
      ...category,
      items: category.items.map((item) => {
        const current = liveByRef.get(item.ref);
        return current === undefined || editorSet(item.ref) ? item : { ...item, availabilityType: current };
      }),
    })),
  };
}

async function makeLive(
  database: Database,
  tx: Db,
  staff: StaffContext,
  menu: MenuFile,
  restoredFrom: number | null,
): Promise<void> {
  let number = (await liveVersionOf(tx, staff.restaurantId)) + 1;
  if (number === 1) {
    // The first publish from the editor keeps the menu it replaces (imported or seeded) as version 1, so
    // even the first change can be undone.
    const before = await exportMenuOf(tx, staff.restaurantId);
    await tx.insert(menuVersion).values({ restaurantId: staff.restaurantId, number, document: before });
    number += 1;
  }
  await importMenuWithin(tx, staff.restaurantShortName, menu);
  await tx.insert(menuVersion).values({
    restaurantId: staff.restaurantId,
    number,
    document: menu,
    publishedBy: staff.email,
    restoredFrom,
  });
  await notifyMenuChanged(database, staff.restaurantShortName, tx);
  const open = await tx
    .select({ visitId: tableVisit.id, tableId: tableVisit.tableId })
    .from(tableVisit)
    .innerJoin(diningTable, eq(diningTable.id, tableVisit.tableId))
    .where(and(eq(diningTable.restaurantId, staff.restaurantId), isNull(tableVisit.closedAt)))
    .orderBy(asc(tableVisit.tableId));
  // The last statement: one event for every open table, each table's lock taken in table id order as
  // setItemAvailability does (event-log.ts), in one round trip (docs/decisions/068).
  await appendEventToTables(database, tx, open, { type: 'menu.published', version: number });
}
