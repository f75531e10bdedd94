// Letters that Unicode does not decompose into a base letter and a combining mark.
const NON_DECOMPOSING: Record<string, string> = { ł: 'l', đ: 'd', ø: 'o', ß: 'ss', æ: 'ae', œ: 'oe' };

/** spec §2, §5: search ignores accents and case ("gulyas" finds "Gulyásleves", "o" finds "ő"). */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[łđøßæœ]/g, (letter) => NON_DECOMPOSING[letter] ?? letter)
    .replace(/\s+/g, ' ')
    .trim();
}

/** True when `query` (already normalized) is empty or appears in any of the texts. */
export function matchesSearch(normalizedQuery: string, ...texts: readonly string[]): boolean {
  if (normalizedQuery === '') return true;
  return texts.some((text) => normalizeSearch(text).includes(normalizedQuery));
}
