import { z } from 'zod';
import { MAX_ROW_ID } from './ids.ts';
import { RestaurantAddressSchema, TaxNumberSchema, TimeZoneSchema } from './restaurant-settings.ts';

/**
 * A restaurant sets itself up in the browser (issue 26, decision 061): its settings screen, its tables
 * and the checklist that leads from sign-up to "open for guests". OWNER and MANAGER only.
 */

export const MAX_NAME_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_VAT_KEYS = 20;
export const MAX_TABLES_AT_ONCE = 500;
export const MAX_TABLE_NUMBER = 100_000;

const NO_CONTROL_CHARACTERS = /^[^\p{Cc}\p{Cf}]*$/u;
/** Descriptions may hold line breaks, nothing else invisible. */
const TEXT_WITH_LINES = /^(?:[^\p{Cc}\p{Cf}]|\n)*$/u;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const VatKeySettingSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, 'a VAT key needs a code')
    .max(16, 'a VAT key code is at most 16 characters')
    .regex(/^[A-Za-z0-9_.-]+$/, 'a VAT key code is letters, digits, _, . and -'),
  valuePercent: z
    .number()
    .min(0, 'a VAT percent is from 0 to 100')
    .max(100, 'a VAT percent is from 0 to 100')
    .refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      'a VAT percent has at most two decimals',
    ),
});
export type VatKeySetting = z.infer<typeof VatKeySettingSchema>;

/** What the settings screen shows and edits. `version` grows on each save: a stale save answers 409. */
export const RestaurantSettingsSchema = z.object({
  shortName: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  descriptionHu: z.string(),
  descriptionEn: z.string(),
  phone: z.string().nullable(),
  reservationUrl: z.string().nullable(),
  address: z.string().nullable(),
  taxNumber: z.string().nullable(),
  timeZone: z.string(),
  isOrderingEnabled: z.boolean(),
  isEnabled: z.boolean(),
  vatKeys: z.array(VatKeySettingSchema),
  version: z.number().int(),
});
export type RestaurantSettings = z.infer<typeof RestaurantSettingsSchema>;

/** A text that may be cleared (''), else follows its rule. */
const clearable = (rule: z.ZodType<string, string>) => z.string().trim().pipe(z.literal('').or(rule));

/**
 * PUT /api/staff/restaurant/settings: every field, as the screen shows it (an empty text clears it), and the
 * version it was loaded at. Enabling here follows the same rule as "open for guests".
 */
export const UpdateRestaurantSettingsRequestSchema = z.object({
  version: z.number().int().min(1).max(MAX_ROW_ID),
  name: z
    .string()
    .trim()
    .min(1, 'the name is required')
    .max(MAX_NAME_LENGTH, `the name is at most ${MAX_NAME_LENGTH} characters`)
    .regex(NO_CONTROL_CHARACTERS, 'the name is one line of text'),
  descriptionHu: z
    .string()
    .trim()
    .max(MAX_DESCRIPTION_LENGTH, `a description is at most ${MAX_DESCRIPTION_LENGTH} characters`)
    .regex(TEXT_WITH_LINES, 'a description is plain text'),
  descriptionEn: z
    .string()
    .trim()
    .max(MAX_DESCRIPTION_LENGTH, `a description is at most ${MAX_DESCRIPTION_LENGTH} characters`)
    .regex(TEXT_WITH_LINES, 'a description is plain text'),
  phone: z
    .string()
    .trim()
    .refine((value) => value === '' || /^[0-9 +\-()]{6,30}$/.test(value), {
      message: 'a phone number is 6 to 30 characters of digits, spaces, +, - and ( )',
    })
    .refine((value) => value === '' || /\d/.test(value), { message: 'a phone number needs digits' }),
  reservationUrl: z
    .string()
    .trim()
    .max(500, 'the reservation link is at most 500 characters')
    .refine((value) => value === '' || isHttpUrl(value), {
      message: 'the reservation link must be an http:// or https:// address',
    }),
  address: clearable(RestaurantAddressSchema),
  taxNumber: clearable(TaxNumberSchema),
  timeZone: TimeZoneSchema,
  isOrderingEnabled: z.boolean(),
  isEnabled: z.boolean(),
  vatKeys: z
    .array(VatKeySettingSchema)
    .max(MAX_VAT_KEYS, `at most ${MAX_VAT_KEYS} VAT keys`)
    .refine(
      (keys) => new Set(keys.map((key) => key.code.trim())).size === keys.length,
      'each VAT key code once',
    ),
});
export type UpdateRestaurantSettingsRequest = z.input<typeof UpdateRestaurantSettingsRequestSchema>;

/** The checklist's steps, in order (issue 26). */
export const SETUP_STEPS = ['details', 'menu', 'tables', 'qrCodes', 'staff', 'open'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
/** The steps that must be done before the restaurant opens for guests (checked by the server). */
export const STEPS_BEFORE_OPENING = ['details', 'menu', 'tables'] as const satisfies readonly SetupStep[];

export const SetupChecklistSchema = z.object({
  shortName: z.string(),
  steps: z.array(z.object({ step: z.enum(SETUP_STEPS), done: z.boolean() })),
});
export type SetupChecklist = z.infer<typeof SetupChecklistSchema>;

export const QrCodesDoneRequestSchema = z.object({ done: z.boolean() });

export const TableRangeSchema = z
  .object({
    from: z.number().int().min(1).max(MAX_TABLE_NUMBER),
    to: z.number().int().min(1).max(MAX_TABLE_NUMBER),
  })
  .refine((range) => range.from <= range.to, 'a range goes from the smaller number to the larger');

/** POST /api/staff/tables: the next `count` numbers, or these ranges (each number once, none taken). */
export const AddTablesRequestSchema = z
  .object({
    count: z.number().int().min(1).max(MAX_TABLES_AT_ONCE).optional(),
    ranges: z.array(TableRangeSchema).min(1).max(50).optional(),
  })
  .refine((body) => (body.count === undefined) !== (body.ranges === undefined), {
    message: 'give either count or ranges',
    path: ['count'],
  });
export type AddTablesRequest = z.infer<typeof AddTablesRequestSchema>;

/** The set-up routes under /api (the web app's api client adds the prefix). */
export const staffSetupPaths = {
  settings: () => '/staff/restaurant/settings',
  picture: () => '/staff/restaurant/picture',
  checklist: () => '/staff/restaurant/setup',
  qrCodesDone: () => '/staff/restaurant/setup/qr-codes',
  open: () => '/staff/restaurant/open',
  tables: () => '/staff/tables',
  table: (tableId: number) => `/staff/tables/${tableId}`,
  qrSheet: (lang: string) => `/staff/qr-sheet.pdf?lang=${encodeURIComponent(lang)}`,
};
