import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { notifyMenuChanged } from '../../db/channels.ts';
import type { Database } from '../../db/database.ts';
import { restaurant } from '../../db/schema.ts';
import { InvalidInputError } from './errors.ts';
import { lockRestaurant } from './find-restaurant.ts';

/**
 * The restaurant's phone number and reservation link, shown on its diner pages (CLI `set-contact`).
 * An empty string clears a value; a value left out stays as it is.
 */
export const ContactChangeSchema = z.object({
  phone: z
    .string()
    .trim()
    .refine((value) => value === '' || /^[0-9 +\-()]{6,30}$/.test(value), {
      message: 'a phone number is 6 to 30 characters of digits, spaces, +, - and ( )',
    })
    .refine((value) => value === '' || /\d/.test(value), { message: 'a phone number needs digits' })
    .optional(),
  reservationUrl: z
    .string()
    .trim()
    .max(500)
    .refine((value) => value === '' || isHttpUrl(value), {
      message: 'the reservation link must be an http:// or https:// address',
    })
    .optional(),
});
export type ContactChange = z.input<typeof ContactChangeSchema>;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export interface RestaurantContact {
  phone: string | null;
  reservationUrl: string | null;
}

export async function setRestaurantContact(
  database: Database,
  shortName: string,
  change: ContactChange,
): Promise<RestaurantContact> {
  const parsed = ContactChangeSchema.safeParse(change);
  if (!parsed.success) {
    throw new InvalidInputError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const { phone, reservationUrl } = parsed.data;
  if (phone === undefined && reservationUrl === undefined) {
    throw new InvalidInputError(['Give a phone number, a reservation link or both']);
  }
  return database.db.transaction(async (tx) => {
    const restaurantId = await lockRestaurant(tx, shortName);
    const set = {
      ...(phone === undefined ? {} : { phone: phone || null }),
      ...(reservationUrl === undefined ? {} : { reservationUrl: reservationUrl || null }),
    };
    const [row] = await tx
      .update(restaurant)
      .set(set)
      .where(eq(restaurant.id, restaurantId))
      .returning({ phone: restaurant.phone, reservationUrl: restaurant.reservationUrl });
    if (!row) throw new Error(`restaurant ${shortName} vanished`);
    // The cached restaurant answer carries the contact.
    await notifyMenuChanged(database, shortName, tx);
    return row;
  });
}
