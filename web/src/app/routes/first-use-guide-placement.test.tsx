import { SESSION_STORAGE_KEY } from '@tablo/contract/session-keys';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GUIDE_SEEN_STORAGE_KEY } from '../../config/constants.ts';
import { setLiveSocketFactory } from '../../features/ordering/hooks/use-table-live.ts';
import { FakeWebSocket, orderingServer } from '../../features/ordering/testing/ordering-fixtures.ts';
import { DEMO_SESSION_ID } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { server } from '../../testing/server.ts';

// Decision record 026: the guide never hides the dishes. Not on the read-only menu; on the first ordering
// screen as a non-modal sheet that takes focus, closes with Continue, the close button or Escape, and is
// not shown again on this device.
beforeEach(() => {
  localStorage.setItem(SESSION_STORAGE_KEY, DEMO_SESSION_ID);
  FakeWebSocket.all = [];
  setLiveSocketFactory((url) => new FakeWebSocket(url));
  server.use(...orderingServer().handlers);
});
afterEach(() => setLiveSocketFactory(undefined));

describe('the first-use guide', () => {
  it('is not shown on the read-only menu', async () => {
    renderApp('/menu/demo/en');
    expect(await screen.findByRole('heading', { name: 'Goulash soup' }, { timeout: 4000 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(localStorage.getItem(GUIDE_SEEN_STORAGE_KEY)).toBeNull();
  });

  it('shows on the first ordering screen beside the menu, takes focus, and Escape closes it for good', async () => {
    const view = renderApp('/order/demo/1/en?t=tok12345');
    const guide = await screen.findByRole('dialog', { name: 'How it works' }, { timeout: 4000 });
    // Not modal: the dishes stay readable and usable, nothing is hidden from assistive technology.
    expect(guide.hasAttribute('aria-modal')).toBe(false);
    const add = screen.getByRole('button', { name: 'Add Goulash soup to the cart' });
    expect(add.closest('[aria-hidden="true"], [inert]')).toBeNull();
    expect(within(guide).getAllByRole('listitem')).toHaveLength(3);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(guide).getByRole('heading', { level: 2 })),
    );

    fireEvent.keyDown(within(guide).getByRole('button', { name: 'Continue' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'How it works' })).toBeNull());
    expect(document.activeElement?.id).toBe('main');
    expect(localStorage.getItem(GUIDE_SEEN_STORAGE_KEY)).not.toBeNull();

    view.unmount();
    renderApp('/order/demo/1/en');
    await screen.findByRole('button', { name: 'Add Goulash soup to the cart' }, { timeout: 4000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('dialog', { name: 'How it works' })).toBeNull();
  });

  it('closes with its close button too', async () => {
    renderApp('/order/demo/1/en?t=tok12345');
    const guide = await screen.findByRole('dialog', { name: 'How it works' }, { timeout: 4000 });
    fireEvent.click(within(guide).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'How it works' })).toBeNull());
    expect(localStorage.getItem(GUIDE_SEEN_STORAGE_KEY)).not.toBeNull();
  });

  it('waits while this phone cannot order at the table', async () => {
    server.use(...orderingServer({ refuseJoin: 'Orders cannot be placed at this table' }).handlers);
    renderApp('/order/demo/1/en?t=wrong');
    expect(
      await screen.findByText('Orders cannot be placed at this table', {}, { timeout: 4000 }),
    ).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('dialog', { name: 'How it works' })).toBeNull();
  });
});
