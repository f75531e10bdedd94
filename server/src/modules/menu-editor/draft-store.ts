import { MENU_EDITOR_TEXTS, type MenuDraft } from '@tablo/contract/menu-editor';
import { type MenuFile, MenuFileSchema } from '@tablo/contract/menu-import';
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/database.ts';
import { menuDraft, menuVersion } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { exportMenuOf } from '../menu-import/export-menu.ts';
import { formatPath, parseMenuFile } from '../menu-import/parse-menu-file.ts';
import type { StaffContext } from '../staff/service.ts';

/**
 * A stale save (docs/decisions/062-menu-editor.md): the routes answer 409 with the thing as it is now and
 * the draft's version, so the editor can show what changed and let the manager decide — no lost update.
 */
export class MenuConflict extends HttpError {
  constructor(
    message: string,
    readonly version: number,
    readonly current: unknown,
  ) {
    super(409, message);
    this.name = 'MenuConflict';
  }
}

export interface DraftRow {
  document: MenuFile | null;
  version: number;
  resetAt: number;
  changedAt: Record<string, number>;
}

export async function liveVersionOf(db: Db, restaurantId: number): Promise<number> {
  const [row] = await db
    .select({ number: sql<number | null>`max(${menuVersion.number})` })
    .from(menuVersion)
    .where(eq(menuVersion.restaurantId, restaurantId));
  return Number(row?.number ?? 0);
}

function rowOf(row: typeof menuDraft.$inferSelect | undefined): DraftRow {
  if (!row) return { document: null, version: 0, resetAt: 0, changedAt: {} };
  return {
    // Written only after MenuFileSchema accepted it (saveDraft), so it is a menu file.
    document: row.document === null ? null : (row.document as MenuFile),
    version: row.version,
    resetAt: row.resetAt,
    changedAt: row.changedAt,
  };
}

/** The draft as the editor reads it: the draft file, or the live menu while there is none. */
export async function readDraft(db: Db, staff: StaffContext): Promise<MenuDraft> {
  const [row] = await db.select().from(menuDraft).where(eq(menuDraft.restaurantId, staff.restaurantId));
  const draft = rowOf(row);
  return {
    version: draft.version,
    hasChanges: draft.document !== null,
    liveVersion: await liveVersionOf(db, staff.restaurantId),
    menu: draft.document ?? (await exportMenuOf(db, staff.restaurantId)),
  };
}

/** The draft row, locked until the transaction ends (made on first use), with its menu file. */
export async function lockDraft(tx: Db, restaurantId: number): Promise<DraftRow & { menu: MenuFile }> {
  await tx.insert(menuDraft).values({ restaurantId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(menuDraft)
    .where(eq(menuDraft.restaurantId, restaurantId))
    .for('update');
  const draft = rowOf(row);
  return { ...draft, menu: draft.document ?? (await exportMenuOf(tx, restaurantId)) };
}

/**
 * Checks a save based on `baseVersion` against the locked draft: a version never handed out, or older than
 * the last wholesale change, or older than the last change to one of `keys`, is stale.
 */
export function checkBase(
  draft: DraftRow,
  baseVersion: number,
  keys: readonly string[],
  current: () => unknown,
): void {
  if (baseVersion > draft.version || baseVersion < draft.resetAt) {
    throw new MenuConflict(MENU_EDITOR_TEXTS.staleDraft, draft.version, null);
  }
  if (keys.some((key) => (draft.changedAt[key] ?? 0) > baseVersion)) {
    throw new MenuConflict(MENU_EDITOR_TEXTS.stale, draft.version, current() ?? null);
  }
}

/**
 * Validates the edited file with the import's own schema (every problem, with its path — `rename` turns a
 * path inside the file into the request's field), then stores it as the next version of the draft.
 */
export async function saveDraft(
  tx: Db,
  restaurantId: number,
  draft: DraftRow,
  menu: MenuFile,
  changed: { keys?: readonly string[]; reset?: boolean; rename?: (path: string) => string },
): Promise<number> {
  const parsed = parseMenuFile(menu);
  if (!parsed.ok) {
    const rename = changed.rename ?? ((path: string) => path);
    throw new HttpError(
      400,
      parsed.problems.map((problem) => `${rename(problem.path)}: ${problem.message}`).join('; '),
    );
  }
  const version = draft.version + 1;
  const changedAt = changed.reset ? {} : { ...draft.changedAt };
  for (const key of changed.keys ?? []) changedAt[key] = version;
  await tx
    .update(menuDraft)
    .set({
      document: MenuFileSchema.parse(parsed.menu),
      version,
      resetAt: changed.reset ? version : draft.resetAt,
      changedAt,
      updatedAt: new Date(),
    })
    .where(eq(menuDraft.restaurantId, restaurantId));
  return version;
}

/** Drops the draft (the live menu is the draft again); every save based on before this is stale. */
export async function clearDraft(tx: Db, restaurantId: number, draft: DraftRow): Promise<void> {
  const version = draft.version + 1;
  await tx
    .update(menuDraft)
    .set({ document: null, version, resetAt: version, changedAt: {}, updatedAt: new Date() })
    .where(eq(menuDraft.restaurantId, restaurantId));
}

export function discardDraft(database: Database, staff: StaffContext): Promise<void> {
  return database.transaction(async (tx) => {
    const draft = await lockDraft(tx, staff.restaurantId);
    await clearDraft(tx, staff.restaurantId, draft);
  });
}

/** `categories[2].items[0].vatKey` → `item.vatKey` when that is the item being saved. */
export function renameItemPath(menu: MenuFile, ref: string): (path: string) => string {
  for (const [ci, category] of menu.categories.entries()) {
    const ii = category.items.findIndex((item) => item.ref === ref);
    if (ii >= 0) {
      const prefix = formatPath(['categories', ci, 'items', ii]);
      return (path) => (isUnder(path, prefix) ? `item${path.slice(prefix.length)}` : path);
    }
  }
  return (path) => path;
}

export function renameCategoryPath(menu: MenuFile, ref: string): (path: string) => string {
  const ci = menu.categories.findIndex((category) => category.ref === ref);
  if (ci < 0) return (path) => path;
  const prefix = formatPath(['categories', ci]);
  return (path) => (isUnder(path, prefix) ? `category${path.slice(prefix.length)}` : path);
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`);
}
