import { SESSION_STORAGE_KEY } from '@tablo/contract/session-keys';
import { onlineManager } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUIDE_SEEN_STORAGE_KEY } from '../../../config/constants.ts';
import { DEMO_SESSION_ID } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';
import { setLiveSocketFactory } from '../hooks/use-table-live.ts';
import { cartStorageKey } from '../state/cart-store.ts';
import { FakeWebSocket, orderingServer } from '../testing/ordering-fixtures.ts';

// Decision record 025: an order attempted offline is kept, says it needs the network, and is placed once
// (with the cart's idempotency key) when the network is back.
const NEEDS_NETWORK =
  'Placing the order needs the network. Your cart is kept: place it when you are back online.';
const BACK_ONLINE = 'You are back online: tap “Place order” to send it.';

beforeEach(() => {
  localStorage.setItem(SESSION_STORAGE_KEY, DEMO_SESSION_ID);
  localStorage.setItem(GUIDE_SEEN_STORAGE_KEY, 'yes');
  FakeWebSocket.all = [];
  setLiveSocketFactory((url) => new FakeWebSocket(url));
});
afterEach(() => {
  setLiveSocketFactory(undefined);
  // The query library keeps its own idea of the network across tests.
  onlineManager.setOnline(true);
});

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

async function toConfirmation() {
  fireEvent.click(await screen.findByRole('button', { name: /View cart/ }));
  const cart = await screen.findByRole('dialog', { name: 'Your cart' });
  fireEvent.click(within(cart).getByRole('button', { name: 'Continue' }));
  return screen.findByRole('dialog', { name: 'Confirm your order' });
}

function storedCart() {
  return JSON.parse(localStorage.getItem(cartStorageKey('demo', 1)) ?? '{}') as {
    lines: unknown[];
    idempotencyKey: string;
  };
}

describe('ordering without a network', () => {
  it('reopened offline after a join: the cart fills, placing says it needs the network, one tap online places it once', async () => {
    const fake = orderingServer();
    server.use(...fake.handlers);
    const first = renderApp('/order/demo/1/en?t=tok12345');
    await screen.findByRole('button', { name: 'Add Goulash soup to the cart' }, { timeout: 4000 });
    first.unmount();

    // The phone is offline: joining fails at the network level, the kept join lets the cart fill.
    setOnline(false);
    server.use(http.post('/api/table-sessions', () => HttpResponse.error()));
    renderApp('/order/demo/1/en');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Goulash soup to the cart' }));
    const confirm = await toConfirmation();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Place order' }));

    expect((await within(confirm).findByRole('alert')).textContent).toBe(NEEDS_NETWORK);
    expect(fake.state.orderRequests).toEqual([]);
    const cart = storedCart();
    expect(cart.lines).toHaveLength(1);
    // No error toast: the message is the plain one above.
    expect(screen.queryByText(/Request unsuccessful/)).toBeNull();

    // Back online (the join works again): the dialog says what to do; one tap places it, once.
    server.resetHandlers();
    server.use(...fake.handlers);
    setOnline(true);
    await waitFor(() => expect(within(confirm).getByRole('alert').textContent).toBe(BACK_ONLINE));
    fireEvent.click(within(confirm).getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Order placed', {}, { timeout: 4000 })).toBeTruthy();
    expect(fake.state.orderRequests.map((request) => request.key)).toEqual([cart.idempotencyKey]);
    expect(fake.state.orders).toHaveLength(1);
  }, 20_000);

  it('a connection lost while sending keeps the cart and the key: the next tap sends the same key', async () => {
    const fake = orderingServer();
    server.use(...fake.handlers);
    const lostKeys: (string | null)[] = [];
    server.use(
      http.post(
        '/api/orders',
        ({ request }) => {
          lostKeys.push(request.headers.get('idempotency-key'));
          // The phone drops off the network while the request is on its way.
          vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    renderApp('/order/demo/1/en?t=tok12345');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Add Schnitzel to the cart' }, { timeout: 4000 }),
    );
    const { idempotencyKey } = storedCart();
    const confirm = await toConfirmation();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Place order' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe(NEEDS_NETWORK);
    expect(lostKeys).toEqual([idempotencyKey]);
    expect(storedCart().lines).toHaveLength(1);

    setOnline(true);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Order placed', {}, { timeout: 4000 })).toBeTruthy();
    expect(fake.state.orderRequests.map((request) => request.key)).toEqual([idempotencyKey]);
  }, 20_000);
});
