import { SESSION_STORAGE_KEY } from '@tablo/contract/session-keys';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLiveSocketFactory } from '../../features/ordering/hooks/use-table-live.ts';
import { FakeWebSocket, orderingServer } from '../../features/ordering/testing/ordering-fixtures.ts';
import { notify } from '../../lib/toast.ts';
import { DEMO_SESSION_ID } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { server } from '../../testing/server.ts';

// The code of both parts cannot be had, as for a page left open across a deploy.
const { gone } = vi.hoisted(() => ({
  gone: (file: string) => () => {
    throw new TypeError(`Failed to fetch dynamically imported module: http://localhost/assets/${file}`);
  },
}));
vi.mock('../../components/toaster/app-toaster.tsx', gone('app-toaster-old.js'));
vi.mock('../../features/guide/components/first-use-guide.tsx', gone('first-use-guide-old.js'));

beforeEach(() => {
  localStorage.setItem(SESSION_STORAGE_KEY, DEMO_SESSION_ID);
  FakeWebSocket.all = [];
  setLiveSocketFactory((url) => new FakeWebSocket(url));
  server.use(...orderingServer().handlers);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  // React reports an error its boundary caught on the console too.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  setLiveSocketFactory(undefined);
  vi.restoreAllMocks();
});

describe('parts of the page it can do without', () => {
  it('are left out when their code cannot be loaded: the guide and the toaster, and the screen stays', async () => {
    // A first visit (the guide is wanted) on the ordering screen.
    renderApp('/order/demo/1/en?t=tok12345');
    expect(
      await screen.findByRole('button', { name: 'Add Goulash soup to the cart' }, { timeout: 4000 }),
    ).toBeTruthy();
    act(() => {
      notify.success('Order placed');
    });
    // Both parts were asked for and left out (each says so on the console).
    await waitFor(() => expect(console.warn).toHaveBeenCalledTimes(2), { timeout: 4000 });
    expect(screen.queryByText('Unexpected Application Error!')).toBeNull();
    expect(screen.queryByText(/Loading chunk/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Goulash soup to the cart' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'How it works' })).toBeNull();
  });
});
