import { z } from 'zod';

/**
 * A restaurant's settings that receipts print (issue 24 §15): its address and tax number (unset → left
 * out) and its time zone, in which receipts (and later opening hours and business days) read the clock.
 * Set with the CLI's `set-contact`; a settings screen comes later.
 */
export const DEFAULT_TIME_ZONE = 'Europe/Budapest';
export const MAX_ADDRESS_LENGTH = 200;

// Letters of every script, digits, spaces and the punctuation addresses carry; no control characters.
const NO_CONTROL_CHARACTERS = /^[^\p{Cc}\p{Cf}]*$/u;

export const RestaurantAddressSchema = z
  .string()
  .trim()
  .min(1)
  .max(MAX_ADDRESS_LENGTH)
  .regex(NO_CONTROL_CHARACTERS, 'an address is one line of text');

/** Hungarian "12345678-2-42", EU VAT "HU12345678", and the like. */
export const TaxNumberSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]{3,29}$/, 'a tax number is 4 to 30 letters, digits, spaces, ., / and -');

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const TimeZoneSchema = z
  .string()
  .trim()
  .max(64)
  .refine(isTimeZone, 'a time zone is an IANA name such as Europe/Budapest');
