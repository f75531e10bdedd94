/** Each language's digit-group separator for a price, as spec §9 and CLDR write it (a few of the ten). */
const GROUP = { en: ',', de: '.', hu: '\u00a0' } as const;

/**
 * spec §9 as the menu writes a price: whole forints grouped in threes, "Ft" after it (after a no-break
 * space, which this answers as a plain one: compare with text whose white space is collapsed).
 */
export function price(amount: number, language: keyof typeof GROUP = 'en'): string {
  return `${String(amount).replace(/\B(?=(\d{3})+$)/g, GROUP[language])} Ft`;
}

/** An element's text with every run of white space (no-break ones too) made one plain space. */
export function collapsed(text: string | null): string {
  return (text ?? '').replace(/\s+/g, ' ');
}
