import { localePath } from '@tablo/contract/paths';
import { I18N_MAX_PARALLEL_READS, I18N_MAX_RETRIES, I18N_RETRY_TIMEOUT_MS } from '../../config/constants.ts';

/** One namespace's texts as its file holds them: nested objects, strings at the leaves. */
export type TextBundle = { [key: string]: string | TextBundle };

/** Reads a language's namespace; undefined when it cannot be had (the texts then fall back, then show keys). */
export type ReadTexts = (language: string, namespace: string) => Promise<TextBundle | undefined>;

export type ReadLimits = { retries: number; firstWait: number; parallel: number };

/** spec §9: 5 retries, 350 ms first wait doubling each retry, at most 10 files read at once. */
const SPEC_LIMITS: ReadLimits = {
  retries: I18N_MAX_RETRIES,
  firstWait: I18N_RETRY_TIMEOUT_MS,
  parallel: I18N_MAX_PARALLEL_READS,
};

/**
 * The text files (public/locales/<lang>/<ns>.json) over HTTP with a plain fetch (decision records 013, 041).
 * A network failure, a 5xx or a 429 is tried again after the wait, doubling; a 4xx or an unreadable file is
 * final. A read waiting for its retry holds no place among the parallel ones.
 */
export function createTextReader(
  fetchFn: typeof fetch = (input, init) => fetch(input, init),
  limits: ReadLimits = SPEC_LIMITS,
): ReadTexts {
  let reading = 0;
  const waiting: (() => void)[] = [];
  const take = (): Promise<void> => {
    if (reading >= limits.parallel) return new Promise((go) => waiting.push(go));
    reading++;
    return Promise.resolve();
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else reading--;
  };

  /** One try: the texts, or whether trying again may help. */
  async function attempt(url: string): Promise<{ texts?: TextBundle; retry: boolean }> {
    await take();
    try {
      const response = await fetchFn(url, { credentials: 'same-origin' });
      if (!response.ok) return { retry: response.status >= 500 || response.status === 429 };
      return await response.json().then(
        (texts: TextBundle) => ({ texts, retry: false }),
        () => ({ retry: false }),
      );
    } catch {
      return { retry: true };
    } finally {
      release();
    }
  }

  return async (language, namespace) => {
    const url = localePath(language, namespace);
    for (let tried = 0, wait = limits.firstWait; ; tried++, wait *= 2) {
      const { texts, retry } = await attempt(url);
      if (texts) return texts;
      if (!retry || tried >= limits.retries) {
        console.warn(`failed loading ${url}`);
        return undefined;
      }
      await new Promise((resume) => setTimeout(resume, wait));
    }
  };
}
