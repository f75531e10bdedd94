import type { ChoiceSelection } from '@tablo/contract/choices';
import { IdempotencyKeySchema, MAX_NOTE_LENGTH, MAX_QUANTITY_PER_LINE } from '@tablo/contract/order';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { z } from 'zod';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { addUnits, type CartLine, removeLine, splitOne, updateLine } from './cart-lines.ts';
import { deviceStorage } from './device-storage.ts';

const CartLineSchema = z.object({
  // A cart kept before lines had ids (one line per dish then) gets them when read.
  id: z.number().int().positive().optional(),
  menuItemId: z.number().int().positive(),
  quantity: z.number().int().min(1).max(MAX_QUANTITY_PER_LINE),
  note: z.string().max(MAX_NOTE_LENGTH),
  // Issue 27: a cart kept before choices has none on its lines.
  choices: z
    .array(z.object({ optionId: z.number().int().positive(), quantity: z.number().int().min(1) }))
    .default([]),
});

/** The cart kept on the device, with the idempotency key of the order it will become (one key per cart). */
const CartSchema = z.object({
  lines: z.array(CartLineSchema).transform((lines): CartLine[] => {
    const used = new Set<number>();
    let next = lines.reduce((max, line) => Math.max(max, line.id ?? 0), 0);
    return lines.map((line) => {
      const id = line.id !== undefined && !used.has(line.id) ? line.id : ++next;
      used.add(id);
      return { ...line, id };
    });
  }),
  note: z.string().max(MAX_NOTE_LENGTH),
  idempotencyKey: IdempotencyKeySchema,
});
export type Cart = z.output<typeof CartSchema>;
export type { CartLine };

export function cartStorageKey(shortName: string, tableId: number): string {
  return `tablo.cart.${shortName}.${tableId}`;
}

function emptyCart(): Cart {
  return { lines: [], note: '', idempotencyKey: newIdempotencyKey() };
}

const listeners = new Map<string, Set<() => void>>();
// The last cart read per key with the text it came from: snapshots stay identical while nothing changed.
const snapshots = new Map<string, { raw: string | null; cart: Cart }>();
// For devices without storage.
const memory = new Map<string, string>();

function readRaw(key: string): string | null {
  return deviceStorage.available() ? deviceStorage.get(key) : (memory.get(key) ?? null);
}

export function readCart(key: string): Cart {
  const raw = readRaw(key);
  const cached = snapshots.get(key);
  if (cached && cached.raw === raw) return cached.cart;
  let cart: Cart | null = null;
  if (raw !== null) {
    try {
      const parsed = CartSchema.safeParse(JSON.parse(raw));
      if (parsed.success) cart = parsed.data;
    } catch {
      cart = null;
    }
  }
  if (cart === null) {
    // A fresh cart's key is written at once, so a reload keeps the same key.
    cart = emptyCart();
    const text = JSON.stringify(cart);
    memory.set(key, text);
    deviceStorage.set(key, text);
    snapshots.set(key, { raw: readRaw(key), cart });
    return cart;
  }
  snapshots.set(key, { raw, cart });
  return cart;
}

export function writeCart(key: string, update: (cart: Cart) => Cart): void {
  const next = update(readCart(key));
  const text = JSON.stringify(next);
  memory.set(key, text);
  deviceStorage.set(key, text);
  snapshots.set(key, { raw: readRaw(key), cart: next });
  for (const listener of listeners.get(key) ?? []) listener();
}

function subscribe(key: string, listener: () => void): () => void {
  let set = listeners.get(key);
  if (!set) {
    set = new Set();
    listeners.set(key, set);
  }
  set.add(listener);
  // Another tab of the same diner changes the same cart.
  const onStorage = (event: StorageEvent) => {
    if (event.key === key) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    set.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export type CartActions = {
  /**
   * More of the dish with these choices, on its line with the same choices and note (a new line when
   * there is none).
   */
  add: (menuItemId: number, quantity?: number, choices?: readonly ChoiceSelection[], note?: string) => void;
  setQuantity: (lineId: number, quantity: number) => void;
  setLineNote: (lineId: number, note: string) => void;
  remove: (lineId: number) => void;
  /** One unit of the line becomes a line of its own, for its own note; returns the new line's id. */
  splitOne: (lineId: number) => number | null;
  setNote: (note: string) => void;
  /** After a placed order: an empty cart with a new idempotency key. */
  reset: () => void;
};

/** The cart of one restaurant and table, kept in localStorage so a reload loses nothing. */
export function useCart(shortName: string, tableId: number): [Cart, CartActions] {
  const key = cartStorageKey(shortName, tableId);
  const cart = useSyncExternalStore(
    useCallback((listener: () => void) => subscribe(key, listener), [key]),
    () => readCart(key),
  );
  const actions = useMemo<CartActions>(() => {
    const write = (update: (cart: Cart) => Cart) => writeCart(key, update);
    return {
      add: (menuItemId, quantity = 1, choices = [], note = '') =>
        write((current) => ({
          ...current,
          lines: addUnits(current.lines, menuItemId, quantity, choices, note),
        })),
      setQuantity: (lineId, quantity) =>
        write((current) => ({ ...current, lines: updateLine(current.lines, lineId, { quantity }) })),
      setLineNote: (lineId, note) =>
        write((current) => ({ ...current, lines: updateLine(current.lines, lineId, { note }) })),
      remove: (lineId) => write((current) => ({ ...current, lines: removeLine(current.lines, lineId) })),
      splitOne: (lineId) => {
        let newId: number | null = null;
        write((current) => {
          const split = splitOne(current.lines, lineId);
          newId = split.newId;
          return { ...current, lines: split.lines };
        });
        return newId;
      },
      setNote: (note) => write((current) => ({ ...current, note: note.slice(0, MAX_NOTE_LENGTH) })),
      reset: () => write(() => emptyCart()),
    };
  }, [key]);
  return [cart, actions];
}
