import { LANGUAGES, type LanguageCode } from '@tablo/contract/language-list';

export const STAFF_LANGUAGE_STORAGE_KEY = 'tablo.staff.language';

/** The console's language for a code or BCP 47 tag, or null when it is not one of the ten. */
export function supported(code: string | null | undefined): LanguageCode | null {
  const lowered = code?.toLowerCase();
  return LANGUAGES.find((l) => l.code === lowered || l.bcp47 === lowered)?.code ?? null;
}

/** A console address without a language: the one last used on this device, else the browser's, else hu. */
export function preferredStaffLanguage(stored: string | null, browser: readonly string[]): LanguageCode {
  const remembered = supported(stored);
  if (remembered) return remembered;
  for (const tag of browser) {
    const found = supported(tag.split('-')[0]);
    if (found) return found;
  }
  return 'hu';
}

export function readStoredStaffLanguage(): string | null {
  try {
    return localStorage.getItem(STAFF_LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeStaffLanguage(code: LanguageCode): void {
  try {
    localStorage.setItem(STAFF_LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Without storage the browser's language is the default next time.
  }
}
