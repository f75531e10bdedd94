import { z } from 'zod';
import { RowIdSchema } from './ids.ts';
import { LanguageCodeSchema } from './languages.ts';
import { AvailabilityTypeSchema } from './menu.ts';

/**
 * Time-based menus and "sold out for today" (issue 28, DESIGN §11, docs/decisions/075). A category or an
 * item may be offered only in windows of the restaurant's wall clock (its time zone, daylight-saving changes
 * included); with no window it is always offered. The public menu leaves out what is outside its windows at
 * the moment it is built, and is rebuilt (and open menus told) at each boundary. Staff API, cookie session +
 * CSRF header; reading and saving windows needs `manageHours`, "sold out for today" `markSoldOut`.
 */

/** Minutes since the wall clock's midnight: 0 (00:00) … 1439 (23:59). */
export const MinuteOfDaySchema = z.number().int().min(0).max(1439);

/** ISO weekday: 1 Monday … 7 Sunday. */
export const IsoWeekdaySchema = z.number().int().min(1).max(7);

/**
 * One window: on each of `weekdays`, from `startMinute` until `endMinute`. An end before the start crosses
 * midnight (Friday 22:00–02:00 runs into Saturday's night); `weekdays` names the day a window starts.
 */
export const MenuWindowSchema = z.strictObject({
  weekdays: z.array(IsoWeekdaySchema).min(1, 'choose at least one weekday').max(7),
  startMinute: MinuteOfDaySchema,
  endMinute: MinuteOfDaySchema,
});
export type MenuWindow = z.infer<typeof MenuWindowSchema>;

/** More would be a mistake, not a menu. */
export const MAX_WINDOWS_PER_TARGET = 10;

const WindowsSchema = z.array(MenuWindowSchema).max(MAX_WINDOWS_PER_TARGET);

const TitleSchema = z.object({ isoCode: LanguageCodeSchema, title: z.string() });

export const MenuWindowsItemSchema = z.object({
  menuItemId: z.number().int(),
  titles: z.array(TitleSchema),
  windows: WindowsSchema,
});
export type MenuWindowsItem = z.infer<typeof MenuWindowsItemSchema>;

export const MenuWindowsCategorySchema = z.object({
  categoryId: z.number().int(),
  titles: z.array(TitleSchema),
  isActive: z.boolean(),
  windows: WindowsSchema,
  items: z.array(MenuWindowsItemSchema),
});
export type MenuWindowsCategory = z.infer<typeof MenuWindowsCategorySchema>;

/** GET /api/staff/menu-windows → every category (active or not, in menu order) and item with its windows. */
export const MenuWindowsResponseSchema = z.object({
  timeZone: z.string(),
  categories: z.array(MenuWindowsCategorySchema),
});
export type MenuWindowsResponse = z.infer<typeof MenuWindowsResponseSchema>;

/**
 * PUT /api/staff/menu-windows → 200 MenuWindowsResponse. Replaces the restaurant's windows: a category or
 * item not listed (or listed with no windows) is always offered. 422 for another restaurant's category or
 * item, one listed twice, a weekday twice in a window, or a window that starts and ends at the same minute.
 */
export const SaveMenuWindowsRequestSchema = z.strictObject({
  categories: z.array(z.strictObject({ categoryId: RowIdSchema, windows: WindowsSchema })).max(500),
  items: z
    .array(z.strictObject({ menuItemId: RowIdSchema, windows: WindowsSchema }))
    .max(5000)
    .default([]),
});
export type SaveMenuWindowsRequest = z.input<typeof SaveMenuWindowsRequestSchema>;

/**
 * How long an item stays sold out: `UNTIL_CHANGED` (the default, as before issue 28) or `TODAY`, until the
 * end of the restaurant's business day (its cut-off hour, default 04:00), when it is available again by
 * itself.
 */
export const SOLD_OUT_FOR = ['UNTIL_CHANGED', 'TODAY'] as const;
export const SoldOutForSchema = z.enum(SOLD_OUT_FOR);
export type SoldOutFor = z.infer<typeof SoldOutForSchema>;

/**
 * PUT /api/staff/menu-items/:menuItemId/availability (body): the existing `{ availabilityType }` with an
 * optional `soldOutFor` (ignored when available). Clients that send only `availabilityType` are unchanged.
 */
export const SetItemAvailabilityRequestSchema = z.strictObject({
  availabilityType: AvailabilityTypeSchema,
  soldOutFor: SoldOutForSchema.optional(),
});
export type SetItemAvailabilityRequest = z.infer<typeof SetItemAvailabilityRequestSchema>;

/** Its answer: the body's state, and when a "sold out for today" ends (null: until changed back). */
export const ItemAvailabilityAnswerSchema = z.strictObject({
  availabilityType: AvailabilityTypeSchema,
  soldOutUntil: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type ItemAvailabilityAnswer = z.infer<typeof ItemAvailabilityAnswerSchema>;

/**
 * GET /api/staff/menu-items/sold-out-today → the items sold out for today and when each comes back (shown
 * on the restaurant's clock, `timeZone`).
 */
export const SoldOutTodayResponseSchema = z.object({
  timeZone: z.string(),
  items: z.array(z.object({ menuItemId: z.number().int(), soldOutUntil: z.iso.datetime({ offset: true }) })),
});
export type SoldOutTodayResponse = z.infer<typeof SoldOutTodayResponseSchema>;

export const menuWindowsPaths = {
  windows: () => '/staff/menu-windows',
  soldOutToday: () => '/staff/menu-items/sold-out-today',
} as const;
