import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import type { Namespace, Texts, TFunction } from './texts.ts';

const TextsContext = createContext<Texts | null>(null);

export function TextsProvider({ texts, children }: { texts: Texts; children: ReactNode }) {
  return <TextsContext value={texts}>{children}</TextsContext>;
}

/**
 * The texts of `namespace` (the first of a list; `ns:key` reaches the others), in the language shown; renders
 * again when it changes. Until the namespaces are loaded the component suspends — or, with
 * `useSuspense: false`, renders at once (keys or `defaultValue`) and again when they are.
 */
export function useTranslation(
  namespace: Namespace | readonly Namespace[] = 'common',
  { useSuspense = true }: { useSuspense?: boolean } = {},
): { t: TFunction; texts: Texts; ready: boolean } {
  const texts = useContext(TextsContext);
  if (!texts) throw new Error('useTranslation must be used inside <TextsProvider>');
  const namespaces: readonly Namespace[] = typeof namespace === 'string' ? [namespace] : namespace;
  const key = namespaces.join();
  const first = namespaces[0] ?? 'common';
  const language = useSyncExternalStore(texts.subscribe, texts.getLanguage, texts.getLanguage);
  const [, setLoads] = useState(0);
  const ready = texts.hasLoaded(namespaces);

  useEffect(() => {
    if (ready || useSuspense) return;
    let current = true;
    texts.loadNamespaces(key.split(',')).then(() => current && setLoads((loads) => loads + 1));
    return () => {
      current = false;
    };
  }, [texts, key, ready, useSuspense]);

  const t = useMemo(() => texts.fixedT(language, first), [texts, language, first]);
  if (!ready && useSuspense) throw texts.loadNamespaces(namespaces);
  return { t, texts, ready };
}
