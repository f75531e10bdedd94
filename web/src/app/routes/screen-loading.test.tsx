import { SESSION_STORAGE_KEY } from '@tablo/contract/session-keys';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUIDE_SEEN_STORAGE_KEY } from '../../config/constants.ts';
import { setLiveSocketFactory } from '../../features/ordering/hooks/use-table-live.ts';
import { FakeWebSocket, orderingServer } from '../../features/ordering/testing/ordering-fixtures.ts';
import { DEMO_SESSION_ID } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { server } from '../../testing/server.ts';

// My Table's code arrives only when the test lets it, as on a slow network.
const tableCode = vi.hoisted(() => {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { arrived, arrive: () => arrive() };
});
vi.mock('./table-route.tsx', async (importOriginal) => {
  await tableCode.arrived;
  return importOriginal();
});

beforeEach(() => {
  localStorage.setItem(SESSION_STORAGE_KEY, DEMO_SESSION_ID);
  localStorage.setItem(GUIDE_SEEN_STORAGE_KEY, 'yes');
  FakeWebSocket.all = [];
  setLiveSocketFactory((url) => new FakeWebSocket(url));
  server.use(...orderingServer().handlers);
});
afterEach(() => setLiveSocketFactory(undefined));

describe("a screen whose code is still loading (spec §2's spinner)", () => {
  it('shows the 60 px spinner in place of the screen being left, then the new screen', async () => {
    const { router } = renderApp('/menu/demo/en');
    expect(await screen.findByRole('heading', { name: 'Goulash soup' }, { timeout: 4000 })).toBeTruthy();

    void router.navigate('/table/demo/1/en');
    const spinner = await screen.findByRole('status', { name: 'Loading…' }, { timeout: 4000 });
    expect(spinner.style.getPropertyValue('--spinner-size')).toBe('60px');
    expect(screen.queryByRole('heading', { name: 'Goulash soup' })).toBeNull();
    expect(document.getElementById('main')?.getAttribute('aria-busy')).toBe('true');

    tableCode.arrive();
    expect(
      await screen.findByRole('heading', { level: 2, name: /My Table/ }, { timeout: 4000 }),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull(), {
      timeout: 4000,
    });
    expect(document.getElementById('main')?.hasAttribute('aria-busy')).toBe(false);
  });
});
