import { z } from 'zod';
import { AllergenSchema, AllergenTypeSchema } from './allergens.ts';
import { MAX_CHOICE_QUANTITY, MAX_CHOICES_PER_LINE, OPTION_GROUP_KINDS } from './choices.ts';
import { RowIdSchema } from './ids.ts';
import { LanguageCodeSchema } from './languages.ts';
import { AvailabilityTypeSchema } from './menu.ts';
import { TranslationSchema } from './translation.ts';

/**
 * Choices on dishes (issue 27, docs/decisions/067-choices-on-dishes.md). An option group belongs to the
 * restaurant and is reused by every item that lists it (`MenuItem.optionGroupIds`, in the item's order):
 * one "Milk" group on every coffee. The rule for choosing and pricing is `choices.ts`.
 *
 * The groups are not in the menu document: `GET /api/menu/current/:shortName/options` answers them when a
 * dialog opens (cached like the menu, its own ETag).
 */
export const OptionGroupKindSchema = z.enum(OPTION_GROUP_KINDS);

export const MenuOptionSchema = z.object({
  id: z.number().int(),
  translations: z.array(TranslationSchema),
  /** What one unit of this option adds to the item's price (0 allowed: "without onions"). */
  priceDelta: z.number().int().nonnegative(),
  allergens: z.array(AllergenSchema),
  availabilityType: AvailabilityTypeSchema,
  isDefault: z.boolean(),
  order: z.number().int(),
});
export type MenuOption = z.infer<typeof MenuOptionSchema>;

export const MenuOptionGroupSchema = z.object({
  id: z.number().int(),
  translations: z.array(TranslationSchema),
  kind: OptionGroupKindSchema,
  /** 1 or more: the group is required. */
  minChoices: z.number().int().nonnegative(),
  maxChoices: z.number().int().positive(),
  /** The first this many (cheapest) units cost nothing. */
  freeChoices: z.number().int().nonnegative(),
  order: z.number().int(),
  options: z.array(MenuOptionSchema),
});
export type MenuOptionGroup = z.infer<typeof MenuOptionGroupSchema>;

/** GET /api/menu/current/:shortName/options: every active group that an active item lists. */
export const MenuOptionsSchema = z.object({ groups: z.array(MenuOptionGroupSchema) });
export type MenuOptions = z.infer<typeof MenuOptionsSchema>;

/** One chosen option of an order line in POST /api/orders: ids and quantities only, never a price. */
export const ChoiceRequestSchema = z.strictObject({
  optionId: RowIdSchema,
  quantity: z.number().int().min(1).max(MAX_CHOICE_QUANTITY).default(1),
});
export const ChoicesRequestSchema = z.array(ChoiceRequestSchema).max(MAX_CHOICES_PER_LINE).default([]);

const TitleSnapshotSchema = z.array(z.object({ isoCode: LanguageCodeSchema, title: z.string() }));

/**
 * A choice as the order keeps it: names, price and allergens as they were when it was placed (an edit of
 * the menu later changes nothing here). The line's `unitPrice` already includes what the choices add.
 */
export const OrderChoiceSchema = z.object({
  optionId: z.number().int(),
  groupId: z.number().int(),
  groupTitles: TitleSnapshotSchema,
  titles: TitleSnapshotSchema,
  quantity: z.number().int().positive(),
  /** Of `quantity`, the units that were free (the group's free choices). */
  freeQuantity: z.number().int().nonnegative(),
  priceDelta: z.number().int().nonnegative(),
  allergens: z.array(AllergenTypeSchema),
});
export type OrderChoice = z.infer<typeof OrderChoiceSchema>;

/** PUT /api/staff/menu-options/:optionId/availability (like items' sold-out). */
export const SetOptionAvailabilityRequestSchema = z.strictObject({
  availabilityType: AvailabilityTypeSchema,
});

/** The choices' API paths, relative to the API base `/api` like `apiPaths`. */
export const menuOptionPaths = {
  options: (shortName: string) => `/menu/current/${encodeURIComponent(shortName)}/options`,
  availability: (optionId: number) => `/staff/menu-options/${optionId}/availability`,
} as const;
