import { ALLERGEN_TYPES, type AllergenType } from '@tablo/contract/allergens';
import { LANGUAGE_CODES } from '@tablo/contract/language-list';
import type { AvailabilityType } from '@tablo/contract/menu';
import type { MenuFile } from '@tablo/contract/menu-import';

export type DraftCategory = MenuFile['categories'][number];
export type DraftItem = DraftCategory['items'][number];
export type Texts = Record<string, { title: string; description: string }>;

/** What the form edits: every language has a row (blank = missing); price as typed. */
export type EntryValues = {
  texts: Texts;
  isActive: boolean;
  price: string;
  vatKey: string;
  allergens: AllergenType[];
  availabilityType: AvailabilityType;
  imageUrl: string | null;
  /** Issue 27: the refs of the option groups the dish offers, in the order they were ticked. */
  optionGroups: string[];
};

export function valuesOf(entry: DraftCategory | DraftItem | null, defaultVatKey: string): EntryValues {
  const texts: Texts = {};
  for (const code of LANGUAGE_CODES) {
    const found = entry?.translations.find((t) => t.isoCode === code);
    texts[code] = { title: found?.title ?? '', description: found?.description ?? '' };
  }
  const item = entry && 'priceGross' in entry ? entry : null;
  return {
    texts,
    isActive: entry?.isActive ?? true,
    price: item ? String(item.priceGross) : '',
    vatKey: item?.vatKey ?? defaultVatKey,
    allergens: item?.allergens ?? [],
    availabilityType: item?.availabilityType ?? 'AVAILABLE',
    imageUrl: item?.imageUrl ?? null,
    optionGroups: item?.optionGroups ?? [],
  };
}

/** The translations to send: the languages with a title (a blank one is missing, spec §4 falls back). */
export function translationsOf(texts: Texts) {
  return LANGUAGE_CODES.filter((code) => (texts[code]?.title ?? '').trim() !== '').map((code) => ({
    isoCode: code,
    title: texts[code]?.title.trim() ?? '',
    description: texts[code]?.description ?? '',
  }));
}

export function categoryBody(values: EntryValues) {
  return { isActive: values.isActive, translations: translationsOf(values.texts) };
}

/** A price that is not a whole number is sent as typed (NaN → null): the server names the field. */
export function itemBody(values: EntryValues, extra: { likeCount: number; dislikeCount: number }) {
  const price = values.price.trim() === '' ? Number.NaN : Number(values.price);
  return {
    priceGross: Number.isFinite(price) ? price : -1,
    isActive: values.isActive,
    imageUrl: values.imageUrl,
    availabilityType: values.availabilityType,
    vatKey: values.vatKey,
    allergens: ALLERGEN_TYPES.filter((type) => values.allergens.includes(type)),
    translations: translationsOf(values.texts),
    optionGroups: values.optionGroups,
    ...extra,
  };
}
