import { z } from 'zod';
import { AllergenSchema } from './allergens.ts';
import { TranslationSchema } from './translation.ts';

/**
 * Not shown by the specification; decided in docs/decisions/005-availability-type.md.
 * AVAILABLE: orderable. SOLD_OUT: shown, marked, cannot be ordered.
 */
export const AVAILABILITY_TYPES = ['AVAILABLE', 'SOLD_OUT'] as const;
export const AvailabilityTypeSchema = z.enum(AVAILABILITY_TYPES);
export type AvailabilityType = z.infer<typeof AvailabilityTypeSchema>;

export const VatKeySchema = z.object({
  code: z.string().min(1).max(16),
  valuePercent: z.number().min(0).max(100),
});
export type VatKey = z.infer<typeof VatKeySchema>;

/**
 * spec §3: Menu item. `priceGross` is an integer amount in the restaurant's currency's smallest unit in
 * use (whole forints for HUF), VAT included.
 */
export const MenuItemSchema = z.object({
  id: z.number().int(),
  priceGross: z.number().int().nonnegative(),
  isActive: z.boolean(),
  imageUrl: z.string().nullable(),
  availabilityType: AvailabilityTypeSchema,
  translations: z.array(TranslationSchema),
  vatKey: VatKeySchema,
  order: z.number().int(),
  allergens: z.array(AllergenSchema),
  likeCount: z.number().int().nonnegative(),
  dislikeCount: z.number().int().nonnegative(),
  /**
   * Issue 27: the option groups a diner chooses from, in order (their options come with the dialog, from
   * `menuOptionPaths.options`), and what the default choices add to `priceGross` (the card shows the sum).
   */
  optionGroupIds: z.array(z.number().int()),
  defaultChoicesPrice: z.number().int().nonnegative(),
});
export type MenuItem = z.infer<typeof MenuItemSchema>;

/** spec §3: Menu category. */
export const MenuCategorySchema = z.object({
  id: z.number().int(),
  restaurantShortName: z.string(),
  isActive: z.boolean(),
  translations: z.array(TranslationSchema),
  menuItems: z.array(MenuItemSchema),
  order: z.number().int(),
});
export type MenuCategory = z.infer<typeof MenuCategorySchema>;

/** spec §7 call 2: GET /api/menu/current/:shortName — active categories by order, active items by order. */
export const MenuSchema = z.array(MenuCategorySchema);
export type Menu = z.infer<typeof MenuSchema>;
