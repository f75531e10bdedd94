import { z } from 'zod';
import { AllergenTypeSchema } from './allergens.ts';
import { OPTION_GROUP_KINDS, optionGroupSettingProblems } from './choices.ts';
import { LanguageCodeSchema } from './languages.ts';
import { AvailabilityTypeSchema, VatKeySchema } from './menu.ts';

/**
 * The menu file of `npm run tablo -- import-menu` and `export-menu`. Categories and items carry a stable
 * `ref`: a re-import updates them in place (keeping ids, ratings and order history) and deactivates what
 * the file no longer lists. Decided in docs/decisions/006-menu-import.md.
 */
const RefSchema = z
  .string()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be lowercase letters, digits and hyphens');

/**
 * A picture's address: a path on this site (`/images/…`) or an http(s) URL. Anything else — `javascript:`,
 * `data:`, a protocol-relative `//host` — is refused: it would be written into pages' `src` attributes and
 * JSON-LD, where a script URL has no business (issue 11 §9).
 */
export const ImageUrlSchema = z.string().trim().min(1).max(500).refine(isImageAddress, {
  message: 'must be a path on this site (/images/…) or an http:// or https:// URL',
});

function isImageAddress(value: string): boolean {
  if (/[\s\\]/.test(value) || [...value].some((char) => char.charCodeAt(0) < 0x20)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const ImportTranslationSchema = z.strictObject({
  isoCode: LanguageCodeSchema,
  title: z.string().trim().min(1).max(200),
  description: z.string().max(2000).default(''),
});

export const ImportMenuItemSchema = z.strictObject({
  ref: RefSchema,
  priceGross: z.number().int().nonnegative().max(100_000_000),
  isActive: z.boolean().default(true),
  imageUrl: ImageUrlSchema.nullable().default(null),
  availabilityType: AvailabilityTypeSchema.default('AVAILABLE'),
  vatKey: z.string().min(1).max(16),
  allergens: z.array(AllergenTypeSchema).default([]),
  translations: z.array(ImportTranslationSchema).min(1),
  likeCount: z.number().int().nonnegative().default(0),
  dislikeCount: z.number().int().nonnegative().default(0),
  /** Issue 27: the refs of the option groups (the file's `optionGroups`) a diner chooses from, in order. */
  optionGroups: z.array(RefSchema).default([]),
});

/** Issue 27: an option of a group; its `ref` is unique within the group. */
export const ImportMenuOptionSchema = z.strictObject({
  ref: RefSchema,
  priceDelta: z.number().int().nonnegative().max(100_000_000).default(0),
  allergens: z.array(AllergenTypeSchema).default([]),
  availabilityType: AvailabilityTypeSchema.default('AVAILABLE'),
  isDefault: z.boolean().default(false),
  translations: z.array(ImportTranslationSchema).min(1),
});

/** Issue 27: an option group, reused by every item that lists its ref. */
export const ImportOptionGroupSchema = z.strictObject({
  ref: RefSchema,
  kind: z.enum(OPTION_GROUP_KINDS),
  minChoices: z.number().int().nonnegative().max(100).default(0),
  maxChoices: z.number().int().positive().max(100),
  freeChoices: z.number().int().nonnegative().max(100).default(0),
  isActive: z.boolean().default(true),
  translations: z.array(ImportTranslationSchema).min(1),
  options: z.array(ImportMenuOptionSchema),
});

export const ImportMenuCategorySchema = z.strictObject({
  ref: RefSchema,
  isActive: z.boolean().default(true),
  translations: z.array(ImportTranslationSchema).min(1),
  items: z.array(ImportMenuItemSchema),
});

export const MenuFileSchema = z
  .strictObject({
    vatKeys: z.array(VatKeySchema).min(1),
    categories: z.array(ImportMenuCategorySchema),
    optionGroups: z.array(ImportOptionGroupSchema).default([]),
  })
  .superRefine((file, ctx) => {
    const vatCodes = new Set(file.vatKeys.map((v) => v.code));
    const groupRefs = new Set<string>();
    file.optionGroups.forEach((group, gi) => {
      const at = ['optionGroups', gi];
      if (groupRefs.has(group.ref)) {
        ctx.addIssue({ code: 'custom', path: [...at, 'ref'], message: `duplicate ref "${group.ref}"` });
      }
      groupRefs.add(group.ref);
      for (const problem of optionGroupSettingProblems(group)) {
        ctx.addIssue({ code: 'custom', path: [...at, problem.field], message: problem.message });
      }
      const optionRefs = new Set<string>();
      group.options.forEach((option, oi) => {
        if (optionRefs.has(option.ref)) {
          ctx.addIssue({
            code: 'custom',
            path: [...at, 'options', oi, 'ref'],
            message: `duplicate ref "${option.ref}"`,
          });
        }
        optionRefs.add(option.ref);
      });
    });
    const seenCategories = new Set<string>();
    const seenItems = new Set<string>();
    file.categories.forEach((category, ci) => {
      if (seenCategories.has(category.ref)) {
        ctx.addIssue({
          code: 'custom',
          path: ['categories', ci, 'ref'],
          message: `duplicate ref "${category.ref}"`,
        });
      }
      seenCategories.add(category.ref);
      category.items.forEach((item, ii) => {
        const at = ['categories', ci, 'items', ii];
        if (seenItems.has(item.ref)) {
          ctx.addIssue({ code: 'custom', path: [...at, 'ref'], message: `duplicate ref "${item.ref}"` });
        }
        seenItems.add(item.ref);
        item.optionGroups.forEach((ref, gi) => {
          if (!groupRefs.has(ref)) {
            ctx.addIssue({
              code: 'custom',
              path: [...at, 'optionGroups', gi],
              message: `unknown option group "${ref}"`,
            });
          } else if (item.optionGroups.indexOf(ref) !== gi) {
            ctx.addIssue({
              code: 'custom',
              path: [...at, 'optionGroups', gi],
              message: `duplicate option group "${ref}"`,
            });
          }
        });
        if (!vatCodes.has(item.vatKey)) {
          ctx.addIssue({
            code: 'custom',
            path: [...at, 'vatKey'],
            message: `unknown VAT key "${item.vatKey}"`,
          });
        }
      });
    });
  });
export type MenuFile = z.infer<typeof MenuFileSchema>;
export type MenuFileInput = z.input<typeof MenuFileSchema>;
