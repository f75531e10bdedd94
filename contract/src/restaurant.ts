import { z } from 'zod';
import { PublicHoursSchema } from './hours.ts';
import { TableSchema } from './table.ts';

/** Restaurant short names: lowercase letters, digits and hyphens, as they appear in URLs. */
export const ShortNameSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, 'must be lowercase letters, digits and inner hyphens');

/** spec §3 and §7 call 1: GET /api/restaurant/one/:shortName. */
export const RestaurantSchema = z.object({
  shortName: ShortNameSchema,
  isEnabled: z.boolean(),
  isOrderingEnabled: z.boolean(),
  name: z.string(),
  image: z.string().nullable(),
  descriptionHu: z.string(),
  descriptionEn: z.string(),
  currency: z.string().length(3),
  /** The restaurant's phone number as dialled (`tel:` link, "Phone number"); null when not set. */
  phone: z.string().nullable(),
  /** Where a table is reserved ("Reserve a table"), an http(s) URL; null when not set. */
  reservationUrl: z.string().nullable(),
  tables: z.array(TableSchema),
  /** Issue 28: the opening hours the page says "ordering opens at …" from; absent or null = always open. */
  hours: PublicHoursSchema.nullish(),
});
export type Restaurant = z.infer<typeof RestaurantSchema>;

export const ShortNameParamsSchema = z.object({ shortName: z.string().min(1).max(64) });
