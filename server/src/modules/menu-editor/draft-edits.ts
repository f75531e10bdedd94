import { sortAllergens } from '@tablo/contract/allergen-order';
import type { MenuFile } from '@tablo/contract/menu-import';

/**
 * The editor's changes to a draft menu file, as pure functions: each answers a new file (or what it could
 * not find), never touching the one it was given. Validation against the menu-file schema happens once,
 * on the result (draft-store.ts), so an edit can never leave the draft in a shape import would refuse.
 */

export type DraftCategory = MenuFile['categories'][number];
export type DraftItem = DraftCategory['items'][number];
export type CategoryFields = Omit<DraftCategory, 'ref' | 'items'>;
/** `optionGroups` left out keeps the item's groups (issue 27). */
export type ItemFields = Omit<DraftItem, 'ref' | 'optionGroups'> & { optionGroups?: string[] | undefined };

export const categoryKey = (ref: string) => `c:${ref}`;
export const itemKey = (ref: string) => `i:${ref}`;
/** Set when the editor changed an item's availability: publish keeps the live (waiters') value otherwise. */
export const availabilityKey = (ref: string) => `a:${ref}`;

export function findCategory(menu: MenuFile, ref: string): DraftCategory | undefined {
  return menu.categories.find((category) => category.ref === ref);
}

export function findItem(menu: MenuFile, ref: string): { item: DraftItem; categoryRef: string } | undefined {
  for (const category of menu.categories) {
    const item = category.items.find((candidate) => candidate.ref === ref);
    if (item) return { item, categoryRef: category.ref };
  }
  return undefined;
}

export function refInUse(menu: MenuFile, ref: string): boolean {
  return findCategory(menu, ref) !== undefined || findItem(menu, ref) !== undefined;
}

/** A ref made from a title (accents dropped, lowercase, hyphens), made unique with a number if taken. */
export function newRef(menu: MenuFile, title: string, fallback: string): string {
  return uniqueRef(title, fallback, (ref) => refInUse(menu, ref));
}

/** `title` as a ref (or `fallback` when nothing of it is left), with `-2`, `-3`… while `taken` says so. */
export function uniqueRef(title: string, fallback: string, taken: (ref: string) => boolean): string {
  const base =
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || fallback;
  if (!taken(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!taken(candidate)) return candidate;
  }
}

/** Allergens once each, in the specification's order (the order the diner's menu shows them in). */
function normalised(fields: ItemFields, optionGroups: readonly string[]): Omit<DraftItem, 'ref'> {
  const allergens = sortAllergens([...new Set(fields.allergens)].map((type) => ({ type }))).map(
    (a) => a.type,
  );
  return { ...fields, allergens, optionGroups: [...(fields.optionGroups ?? optionGroups)] };
}

export function saveCategory(menu: MenuFile, ref: string, fields: CategoryFields): MenuFile {
  return {
    ...menu,
    categories: menu.categories.map((category) =>
      category.ref === ref ? { ...category, ...fields, ref, items: category.items } : category,
    ),
  };
}

export function addCategory(menu: MenuFile, ref: string, fields: CategoryFields): MenuFile {
  return { ...menu, categories: [...menu.categories, { ...fields, ref, items: [] }] };
}

/** Saves the item's fields; with `toCategory` (another category) it moves there, at the end. */
export function saveItem(menu: MenuFile, ref: string, fields: ItemFields, toCategory?: string): MenuFile {
  const found = findItem(menu, ref);
  if (!found) return menu;
  const saved: DraftItem = { ...normalised(fields, found.item.optionGroups), ref };
  const target = toCategory ?? found.categoryRef;
  return {
    ...menu,
    categories: menu.categories.map((category) => {
      if (target !== found.categoryRef && category.ref === found.categoryRef) {
        return { ...category, items: category.items.filter((item) => item.ref !== ref) };
      }
      if (target !== found.categoryRef && category.ref === target) {
        return { ...category, items: [...category.items, saved] };
      }
      if (category.ref === target) {
        return { ...category, items: category.items.map((item) => (item.ref === ref ? saved : item)) };
      }
      return category;
    }),
  };
}

export function addItem(menu: MenuFile, categoryRef: string, ref: string, fields: ItemFields): MenuFile {
  return {
    ...menu,
    categories: menu.categories.map((category) =>
      category.ref === categoryRef
        ? { ...category, items: [...category.items, { ...normalised(fields, []), ref }] }
        : category,
    ),
  };
}

export interface DraftOrder {
  ref: string;
  items: string[];
}

/**
 * The draft in the given order, or null when the order does not name every category and item exactly once
 * (someone added or moved one meanwhile). Items may move between categories this way (drag and drop).
 */
export function reorder(menu: MenuFile, order: readonly DraftOrder[]): MenuFile | null {
  const categories = new Map(menu.categories.map((category) => [category.ref, category]));
  const items = new Map(
    menu.categories.flatMap((category) => category.items.map((item) => [item.ref, item])),
  );
  const namedCategories = new Set(order.map((entry) => entry.ref));
  const namedItems = order.flatMap((entry) => entry.items);
  if (namedCategories.size !== order.length || namedCategories.size !== categories.size) return null;
  if (new Set(namedItems).size !== namedItems.length || namedItems.length !== items.size) return null;
  const result: DraftCategory[] = [];
  for (const entry of order) {
    const category = categories.get(entry.ref);
    if (!category) return null;
    const ordered: DraftItem[] = [];
    for (const ref of entry.items) {
      const item = items.get(ref);
      if (!item) return null;
      ordered.push(item);
    }
    result.push({ ...category, items: ordered });
  }
  return { ...menu, categories: result };
}
