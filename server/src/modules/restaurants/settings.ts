import type {
  RestaurantSettings,
  SetupStep,
  UpdateRestaurantSettingsRequestSchema,
} from '@tablo/contract/restaurant-setup';
import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { notifyMenuChanged } from '../../db/channels.ts';
import type { Database, Db } from '../../db/database.ts';
import { menuItem, restaurant, vatKey } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { notifyMenuBoundariesChanged } from '../menu-windows/channel.ts';
import { storePicture } from '../pictures/store-picture.ts';
import { missingBeforeOpening } from './checklist.ts';

/** The restaurant of the signed-in staff member (settings never name a restaurant: no reading another's). */
export interface OwnRestaurant {
  restaurantId: number;
  restaurantShortName: string;
}

type SettingsChange = z.output<typeof UpdateRestaurantSettingsRequestSchema>;

const STEP_NAMES: Record<SetupStep, string> = {
  details: 'details (a description and a phone number or address)',
  menu: 'menu (an active category with an active dish)',
  tables: 'tables (at least one enabled table)',
  qrCodes: 'QR codes',
  staff: 'staff',
  open: 'open for guests',
};

export async function getSettings(db: Db, restaurantId: number): Promise<RestaurantSettings> {
  const [row] = await db.select().from(restaurant).where(eq(restaurant.id, restaurantId));
  if (!row) throw new Error(`restaurant ${restaurantId} vanished`);
  const keys = await db
    .select({ code: vatKey.code, valuePercent: vatKey.valuePercent })
    .from(vatKey)
    .where(eq(vatKey.restaurantId, restaurantId))
    .orderBy(asc(vatKey.code));
  return {
    shortName: row.shortName,
    name: row.name,
    image: row.imageUrl,
    descriptionHu: row.descriptionHu,
    descriptionEn: row.descriptionEn,
    phone: row.phone,
    reservationUrl: row.reservationUrl,
    address: row.address,
    taxNumber: row.taxNumber,
    timeZone: row.timeZone,
    isOrderingEnabled: row.isOrderingEnabled,
    isEnabled: row.isEnabled,
    vatKeys: keys.map((key) => ({ code: key.code, valuePercent: Number(key.valuePercent) })),
    version: row.settingsVersion,
  };
}

async function lockOwn(tx: Db, restaurantId: number): Promise<number> {
  const [row] = await tx
    .select({ version: restaurant.settingsVersion })
    .from(restaurant)
    .where(eq(restaurant.id, restaurantId))
    .for('update');
  if (!row) throw new Error(`restaurant ${restaurantId} vanished`);
  return row.version;
}

function notReady(missing: SetupStep[]): HttpError {
  return new HttpError(
    409,
    `isEnabled: the restaurant cannot open for guests yet; missing: ${missing.map((step) => STEP_NAMES[step]).join(', ')}`,
  );
}

const EDITABLE = [
  'name',
  'descriptionHu',
  'descriptionEn',
  'phone',
  'reservationUrl',
  'address',
  'taxNumber',
  'timeZone',
  'isOrderingEnabled',
  'isEnabled',
] as const;

/** The fields whose saved value now differs from what the stale save sent (what someone else changed). */
function differing(current: RestaurantSettings, change: SettingsChange): string[] {
  const fields: string[] = EDITABLE.filter((field) => (current[field] ?? '') !== change[field]);
  const vat = (keys: { code: string; valuePercent: number }[]) =>
    JSON.stringify([...keys].sort((a, b) => a.code.localeCompare(b.code)));
  if (vat(current.vatKeys) !== vat(change.vatKeys)) fields.push('vatKeys');
  return fields;
}

/**
 * Saves the settings screen. A save from an older version answers 409 naming the fields that differ now;
 * enabling follows "open for guests"; a VAT key dishes use can change its percent but not go. The cached
 * restaurant and menu answers are rebuilt on every instance (NOTIFY after commit).
 */
export async function saveSettings(
  database: Database,
  own: OwnRestaurant,
  change: SettingsChange,
): Promise<RestaurantSettings> {
  await database.transaction(async (tx) => {
    const version = await lockOwn(tx, own.restaurantId);
    if (version !== change.version) {
      const current = await getSettings(tx, own.restaurantId);
      const fields = differing(current, change);
      throw new HttpError(
        409,
        `version: these settings were saved by someone else since you opened them (now version ${version})` +
          (fields.length > 0 ? `; changed: ${fields.join(', ')}` : '') +
          '. Reload them, then make your change again.',
      );
    }
    await saveVatKeys(tx, own.restaurantId, change.vatKeys);
    const [before] = await tx
      .select({ isEnabled: restaurant.isEnabled })
      .from(restaurant)
      .where(eq(restaurant.id, own.restaurantId));
    await tx
      .update(restaurant)
      .set({
        name: change.name,
        descriptionHu: change.descriptionHu,
        descriptionEn: change.descriptionEn,
        phone: change.phone || null,
        reservationUrl: change.reservationUrl || null,
        address: change.address || null,
        taxNumber: change.taxNumber || null,
        timeZone: change.timeZone,
        isOrderingEnabled: change.isOrderingEnabled,
        isEnabled: change.isEnabled,
        settingsVersion: version + 1,
        updatedAt: sql`now()`,
      })
      .where(eq(restaurant.id, own.restaurantId));
    if (change.isEnabled && !before?.isEnabled) {
      // Checked against what this very save leaves (its details count).
      const missing = await missingBeforeOpening(tx, own.restaurantId);
      if (missing.length > 0) throw notReady(missing);
    }
    await notifyMenuChanged(database, own.restaurantShortName, tx);
    // Issue 28: the time zone may have moved the menu's windows (docs/decisions/075).
    await notifyMenuBoundariesChanged(database, own.restaurantShortName, tx);
  });
  return getSettings(database.db, own.restaurantId);
}

async function saveVatKeys(tx: Db, restaurantId: number, keys: SettingsChange['vatKeys']): Promise<void> {
  const codes = keys.map((key) => key.code);
  const going = await tx
    .select({ code: vatKey.code, dishes: count(menuItem.id) })
    .from(vatKey)
    .leftJoin(menuItem, eq(menuItem.vatKeyId, vatKey.id))
    .where(
      and(
        eq(vatKey.restaurantId, restaurantId),
        codes.length > 0 ? notInArray(vatKey.code, codes) : undefined,
      ),
    )
    .groupBy(vatKey.code);
  const used = going.filter((key) => key.dishes > 0);
  if (used.length > 0) {
    throw new HttpError(
      409,
      `vatKeys: ${used.map((key) => `${key.code} is used by ${key.dishes} dish(es)`).join('; ')}; change those dishes first`,
    );
  }
  if (going.length > 0) {
    await tx.delete(vatKey).where(
      and(
        eq(vatKey.restaurantId, restaurantId),
        inArray(
          vatKey.code,
          going.map((key) => key.code),
        ),
      ),
    );
  }
  for (const key of keys) {
    await tx
      .insert(vatKey)
      .values({ restaurantId, code: key.code, valuePercent: key.valuePercent })
      .onConflictDoUpdate({
        target: [vatKey.restaurantId, vatKey.code],
        set: { valuePercent: key.valuePercent },
      });
  }
}

/** POST /api/staff/restaurant/open: enables the restaurant when details, menu and tables are done; else 409. */
export async function openForGuests(database: Database, own: OwnRestaurant): Promise<RestaurantSettings> {
  await database.transaction(async (tx) => {
    const version = await lockOwn(tx, own.restaurantId);
    const missing = await missingBeforeOpening(tx, own.restaurantId);
    if (missing.length > 0) throw notReady(missing);
    await tx
      .update(restaurant)
      .set({ isEnabled: true, settingsVersion: version + 1, updatedAt: sql`now()` })
      .where(eq(restaurant.id, own.restaurantId));
    await notifyMenuChanged(database, own.restaurantShortName, tx);
  });
  return getSettings(database.db, own.restaurantId);
}

/** PUT /api/staff/restaurant/picture: the new hero picture (pictures module), shown at once on every instance. */
export async function setRestaurantPicture(
  database: Database,
  own: OwnRestaurant,
  bytes: Uint8Array,
): Promise<RestaurantSettings> {
  const url = await storePicture(database.db, bytes, 'hero');
  await database.transaction(async (tx) => {
    const version = await lockOwn(tx, own.restaurantId);
    await tx
      .update(restaurant)
      .set({ imageUrl: url, settingsVersion: version + 1, updatedAt: sql`now()` })
      .where(eq(restaurant.id, own.restaurantId));
    await notifyMenuChanged(database, own.restaurantShortName, tx);
  });
  return getSettings(database.db, own.restaurantId);
}
