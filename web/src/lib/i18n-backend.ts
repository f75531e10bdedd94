import { localePath } from '@tablo/contract/paths';
import type { BackendModule, ReadCallback } from 'i18next';

/**
 * The text files over HTTP with a plain fetch — all the app needs of i18next-http-backend, at a fraction of
 * its size (decision record 013). The retrying and the limit on parallel reads are i18next's own (spec §9:
 * maxRetries, retryTimeout, maxParallelReads in createI18n): a read reported with `retry = true` (network
 * failure, 5xx, 429) is tried again after 350 ms, doubling; a 4xx or an unreadable file is final.
 */
export const fetchBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const url = localePath(language, namespace);
    fetch(url, { credentials: 'same-origin' }).then(
      (response) => {
        if (!response.ok) {
          const retry = response.status >= 500 || response.status === 429;
          callback(`failed loading ${url}: ${response.status}`, retry);
          return;
        }
        response.json().then(
          (texts: unknown) => callback(null, texts as Parameters<ReadCallback>[1]),
          () => callback(`failed parsing ${url} as JSON`, false),
        );
      },
      (error: unknown) => callback(`failed loading ${url}: ${String(error)}`, true),
    );
  },
};
