import {
  DEFAULT_TIME_ZONE,
  RestaurantAddressSchema,
  TaxNumberSchema,
  TimeZoneSchema,
} from '@tablo/contract/restaurant-settings';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { notifyMenuChanged } from '../../db/channels.ts';
import type { Database } from '../../db/database.ts';
import { restaurant } from '../../db/schema.ts';
import { InvalidInputError } from './errors.ts';
import { lockRestaurant } from './find-restaurant.ts';

/**
 * The restaurant's phone number and reservation link, shown on its diner pages, and what its payment
 * receipts print: address, tax number, time zone (CLI `set-contact`). An empty string clears a value (the
 * time zone goes back to Europe/Budapest); a value left out stays as it is.
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
  address: z.literal('').or(RestaurantAddressSchema).optional(),
  taxNumber: z.literal('').or(TaxNumberSchema).optional(),
  timeZone: z.literal('').or(TimeZoneSchema).optional(),
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
  address: string | null;
  taxNumber: string | null;
  timeZone: string;
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
  const { phone, reservationUrl, address, taxNumber, timeZone } = parsed.data;
  if (Object.values(parsed.data).every((value) => value === undefined)) {
    throw new InvalidInputError([
      'Give a phone number, a reservation link, an address, a tax number or a time zone',
    ]);
  }
  return database.transaction(async (tx) => {
    const restaurantId = await lockRestaurant(tx, shortName);
    const set = {
      ...(phone === undefined ? {} : { phone: phone || null }),
      ...(reservationUrl === undefined ? {} : { reservationUrl: reservationUrl || null }),
      ...(address === undefined ? {} : { address: address || null }),
      ...(taxNumber === undefined ? {} : { taxNumber: taxNumber || null }),
      ...(timeZone === undefined ? {} : { timeZone: timeZone || DEFAULT_TIME_ZONE }),
    };
    const [row] = await tx.update(restaurant).set(set).where(eq(restaurant.id, restaurantId)).returning({
      phone: restaurant.phone,
      reservationUrl: restaurant.reservationUrl,
      address: restaurant.address,
      taxNumber: restaurant.taxNumber,
      timeZone: restaurant.timeZone,
    });
    if (!row) throw new Error(`restaurant ${shortName} vanished`);
    // The cached restaurant answer carries the contact.
    await notifyMenuChanged(database, shortName, tx);
    return row;
  });
}
