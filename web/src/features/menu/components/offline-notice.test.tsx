import { MenuSchema } from '@tablo/contract/menu';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FROM_CACHE_HEADER } from '../../../config/constants.ts';
import { server } from '../../../testing/server.ts';
import { buildMenuFixture } from '../testing/menu-fixture.ts';
import { menuHandlers } from '../testing/menu-handlers.ts';
import { renderMenuRoute } from '../testing/render-menu-route.tsx';

// Decision record 025: reopened without a network, the menu shows with a quiet notice.
const NOTICE = 'Offline — prices may have changed';

beforeEach(() => {
  server.use(...menuHandlers({ menu: buildMenuFixture() }));
});
// The query library keeps its own idea of the network across tests.
afterEach(() => onlineManager.setOnline(true));

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('the offline notice', () => {
  it('is not shown online, but its polite status region is there', async () => {
    renderMenuRoute({ language: 'en' });
    await screen.findByRole('article', { name: 'Goulash soup' }, { timeout: 5000 });
    const status = document.querySelector('[data-offline-notice], p[role="status"]');
    expect(status?.textContent).toBe('');
    expect(screen.queryByText(NOTICE)).toBeNull();
  });

  it('shows beside the menu while the browser is offline, in a polite status, and goes when back online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderMenuRoute({ language: 'en' });
    await screen.findByRole('article', { name: 'Goulash soup' });
    const notice = await screen.findByText(NOTICE);
    expect(notice.getAttribute('role')).toBe('status');
    // The menu stays whole beside it.
    expect(screen.getByRole('article', { name: 'Goulash soup' })).toBeTruthy();

    setOnline(true);
    await waitFor(() => expect(screen.queryByText(NOTICE)).toBeNull());
    setOnline(false);
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    setOnline(true);
  });

  it('shows when the menu came from the service worker, and goes once a fresh menu arrives', async () => {
    const menu = MenuSchema.parse(buildMenuFixture());
    let served = 0;
    let release = () => {};
    const fresh = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('/api/menu/current/:shortName', async () => {
        served += 1;
        // The first answer is the worker's kept copy (the network timed out); the refetch is fresh.
        if (served === 1) return HttpResponse.json(menu, { headers: { [FROM_CACHE_HEADER]: '1' } });
        await fresh;
        return HttpResponse.json(menu);
      }),
    );
    renderMenuRoute({ language: 'en' });
    const notice = NOTICE;
    expect(await screen.findByText(notice, {}, { timeout: 10_000 })).toBeTruthy();
    // Online with a kept menu on screen, the real menu is asked for at once.
    await waitFor(() => expect(served).toBeGreaterThanOrEqual(2));
    expect(screen.getByText(notice)).toBeTruthy();
    release();
    await waitFor(() => expect(screen.queryByText(notice)).toBeNull());
  }, 20_000);

  it('keeps asking for the real menu while the answers are still the kept copy, and goes when one is fresh', async () => {
    const menu = MenuSchema.parse(buildMenuFixture());
    let served = 0;
    server.use(
      http.get('/api/menu/current/:shortName', () => {
        served += 1;
        // Right after the network returns, the worker still answers from its cache twice (failed, timed out).
        const kept = served <= 3;
        return HttpResponse.json(menu, { headers: kept ? { [FROM_CACHE_HEADER]: '1' } : {} });
      }),
    );
    renderMenuRoute({ language: 'en' });
    expect(await screen.findByText(NOTICE, {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(NOTICE)).toBeNull(), { timeout: 15_000 });
    expect(served).toBe(4);
  }, 30_000);
});
