import { type LanguageCode, resolveLanguage, toBcp47 } from '@tablo/contract/language-list';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isServerOrHydrating } from '../lib/hydration.ts';
import { useTranslation } from '../lib/texts/use-texts.tsx';

export type LanguageContextValue = {
  language: LanguageCode;
  /** Rewrites the URL's lang segment (history replace, no reload); the layout then applies it. */
  changeLanguage: (code: LanguageCode) => void;
};

const LanguageContext = createContext<LanguageContextValue | null>(null);

export function useLanguage(): LanguageContextValue {
  const value = useContext(LanguageContext);
  if (!value) throw new Error('useLanguage must be used inside <LanguageLayout>');
  return value;
}

/**
 * spec §2: reads the optional lang parameter, lowercased; supported → applied, missing or unsupported →
 * Hungarian (the URL is left as it is). Nothing renders until the text library has switched (a server-rendered
 * page has it switched from the start).
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const { lang } = useParams();
  const language = resolveLanguage(lang);
  const { texts } = useTranslation(undefined, { useSuspense: false });
  // On the server, and when the browser hydrates the server's page, the texts of this language are loaded
  // already (they came with the HTML): it is applied from the first render, as the server rendered it.
  const [applied, setApplied] = useState<LanguageCode | null>(() =>
    isServerOrHydrating() && texts.language === language ? language : null,
  );
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    let current = true;
    texts.changeLanguage(language).then(
      () => {
        if (!current) return;
        // Written only when it changes: Chromium restyles the whole page when <html lang> is set, even to
        // the same value (13-18 ms on the menu page here, measured) — and the server's page has it already.
        const tag = toBcp47(language);
        if (document.documentElement.lang !== tag) document.documentElement.lang = tag;
        setApplied(language);
      },
      (error: unknown) => console.warn('language change failed', error),
    );
    return () => {
      current = false;
    };
  }, [texts, language]);

  const changeLanguage = useCallback(
    (code: LanguageCode) => {
      const pathname = replaceLanguageSegment(location.pathname, lang, code);
      navigate(
        { pathname, search: location.search, hash: location.hash },
        { replace: true, preventScrollReset: true },
      );
    },
    [lang, location.pathname, location.search, location.hash, navigate],
  );

  const value = useMemo(
    () => (applied === null ? null : { language: applied, changeLanguage }),
    [applied, changeLanguage],
  );
  if (value === null) return null;
  return <LanguageContext value={value}>{children}</LanguageContext>;
}

/** Every route pattern ends with the lang segment (spec §2), so it is the last one, or absent. */
export function replaceLanguageSegment(
  pathname: string,
  current: string | undefined,
  code: LanguageCode,
): string {
  const segments = pathname.replace(/\/+$/, '').split('/');
  const last = segments.length - 1;
  if (current !== undefined && last > 0 && decodeURIComponent(segments[last] ?? '') === current) {
    segments[last] = code;
  } else {
    segments.push(code);
  }
  return segments.join('/');
}
