/** The contract's short-name rule (restaurant.ts ShortNameSchema), without loading zod for each key press. */
const SHORT_NAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
export const SHORT_NAME_MAX = 64;

export function isValidShortName(value: string): boolean {
  return value.length <= SHORT_NAME_MAX && SHORT_NAME.test(value);
}

/** Letters of the ten languages that have no decomposed form to drop the accent from. */
const PLAIN: Record<string, string> = { ł: 'l', đ: 'd', ß: 'ss' };

/** A short name suggested from the restaurant's name: "Kis Bisztró & Bár" → "kis-bisztro-bar". */
export function suggestShortName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[łđß]/g, (letter) => PLAIN[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SHORT_NAME_MAX)
    .replace(/-+$/, '');
}
