import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { I18N_MAX_RETRIES } from '../config/constants.ts';
import { server } from '../testing/server.ts';
import { fetchBackend } from './i18n-backend.ts';

/** An instance like the app's, with a 1 ms first wait so the retries do not slow the test down. */
async function loadCommon(language: string) {
  const instance = i18next.createInstance();
  await instance.use(fetchBackend).init({
    lng: language,
    fallbackLng: false,
    ns: ['common'],
    defaultNS: 'common',
    maxRetries: I18N_MAX_RETRIES,
    retryTimeout: 1,
  });
  return instance;
}

describe('the text loading backend (spec §9)', () => {
  it('reads /locales/<lang>/<ns>.json', async () => {
    server.use(http.get('/locales/de/common.json', () => HttpResponse.json({ menu: 'Speisekarte' })));
    const instance = await loadCommon('de');
    expect(instance.t('menu')).toBe('Speisekarte');
  });

  it('tries a failing read again, up to the retry limit', async () => {
    let calls = 0;
    server.use(
      http.get('/locales/fr/common.json', () => {
        calls += 1;
        return calls <= I18N_MAX_RETRIES
          ? new HttpResponse(null, { status: 503 })
          : HttpResponse.json({ menu: 'Menu du jour' });
      }),
    );
    const instance = await loadCommon('fr');
    expect(calls).toBe(I18N_MAX_RETRIES + 1);
    expect(instance.t('menu')).toBe('Menu du jour');
  });

  it('does not retry a file that does not exist', async () => {
    let calls = 0;
    server.use(
      http.get('/locales/pl/common.json', () => {
        calls += 1;
        return new HttpResponse(null, { status: 404 });
      }),
    );
    const instance = await loadCommon('pl');
    expect(calls).toBe(1);
    expect(instance.t('menu')).toBe('menu');
  });
});
