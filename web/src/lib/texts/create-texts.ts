import { DEFAULT_LANGUAGE, type LanguageCode, resolveLanguage } from '@tablo/contract/language-list';
import { createTextReader } from './read-texts.ts';
import { type Resources, Texts } from './texts.ts';

/**
 * The app's texts: they come over HTTP, only the namespaces a screen asks for. A server-rendered page brings
 * the texts it was rendered with (`resources`): they are there from the start, synchronously, and only the
 * other namespaces are fetched.
 */
export function createTexts(initialLanguage: LanguageCode, resources?: Resources): Texts {
  const texts = new Texts(initialLanguage, resources ?? {}, createTextReader());
  void texts.loadNamespaces(resources ? Object.keys(resources[initialLanguage] ?? {}) : ['common']);
  return texts;
}

/** The language the URL will ask for, so the first texts fetched are the right ones (the layout decides). */
export function languageFromPath(pathname: string): LanguageCode {
  const segments = pathname.split('/').filter(Boolean);
  const candidate = segments.length <= 1 ? segments[0] : segments.at(-1);
  return candidate ? resolveLanguage(candidate) : DEFAULT_LANGUAGE;
}
