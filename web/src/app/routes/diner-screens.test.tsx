import { RestaurantSchema } from '@tablo/contract/restaurant';
import { SESSION_STORAGE_KEY } from '@tablo/contract/session-keys';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GUIDE_SEEN_STORAGE_KEY } from '../../config/constants.ts';
import { setLiveSocketFactory } from '../../features/ordering/hooks/use-table-live.ts';
import { tableTokenKey } from '../../features/ordering/state/table-token.ts';
import { FakeWebSocket, orderingServer } from '../../features/ordering/testing/ordering-fixtures.ts';
import { tableCallsServer } from '../../features/table-calls/testing/table-calls-handlers.ts';
import { DEMO_SESSION_ID, demoRestaurant } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { server } from '../../testing/server.ts';

/** Issue 8 on the diner's screens, composed by the routes: table calls, the restaurant's contact, sold-out live. */

beforeEach(() => {
  localStorage.setItem(SESSION_STORAGE_KEY, DEMO_SESSION_ID);
  localStorage.setItem(GUIDE_SEEN_STORAGE_KEY, 'yes');
  localStorage.setItem(tableTokenKey('demo', 1), 'tok12345');
  FakeWebSocket.all = [];
  setLiveSocketFactory((url) => new FakeWebSocket(url));
});
afterEach(() => setLiveSocketFactory(undefined));

function callBox(kind: 'WAITER' | 'BILL'): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-call="${kind}"]`);
}

async function liveSocket(): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.latest()).toBeTruthy());
  return FakeWebSocket.latest() as FakeWebSocket;
}

describe('table calls on the table screens', () => {
  it('My Table offers both calls; the snapshot and call.changed show them received live; a close removes them', async () => {
    const calls = tableCallsServer();
    server.use(...orderingServer().handlers, ...calls.handlers);
    renderApp('/table/demo/1/en');
    fireEvent.click(await screen.findByRole('button', { name: 'Call the waiter' }, { timeout: 4000 }));
    await waitFor(() => expect(callBox('WAITER')?.dataset.callState).toBe('sent'));

    const socket = await liveSocket();
    act(() =>
      socket.send({
        type: 'snapshot',
        cursor: 8,
        tableId: 1,
        visitId: 5,
        orders: [],
        calls: [{ kind: 'BILL', requestedAt: '2025-05-01T12:00:00.000Z', acknowledgedAt: null }],
      }),
    );
    await waitFor(() => expect(callBox('BILL')?.dataset.callState).toBe('sent'));
    expect(callBox('WAITER')?.dataset.callState).toBe('idle');
    act(() =>
      socket.send({
        type: 'call.changed',
        cursor: 9,
        tableId: 1,
        visitId: 5,
        call: {
          kind: 'BILL',
          requestedAt: new Date(Date.now() - 60_000).toISOString(),
          acknowledgedAt: new Date().toISOString(),
        },
      }),
    );
    expect(await screen.findByText('Received – the bill is on its way')).toBeTruthy();
    expect(callBox('BILL')?.dataset.callState).toBe('received');

    act(() => socket.send({ type: 'table.closed', cursor: 10, tableId: 1, visitId: 5 }));
    expect(await screen.findByText('This table has been closed')).toBeTruthy();
    expect(callBox('BILL')).toBeNull();
  });

  it("the diner's orders offer the calls too, the menu does not", async () => {
    server.use(...orderingServer().handlers, ...tableCallsServer().handlers);
    const { router } = renderApp('/order/demo/1/en?view=orders');
    expect(await screen.findByRole('button', { name: 'Ask for the bill' }, { timeout: 4000 })).toBeTruthy();
    act(() => {
      void router.navigate('/order/demo/1/en');
    });
    expect(await screen.findByRole('button', { name: 'Add Goulash soup to the cart' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ask for the bill' })).toBeNull();
  });

  it('a table this phone has not joined shows no call buttons', async () => {
    server.use(
      ...orderingServer({ refuseJoin: 'Orders cannot be placed at this table' }).handlers,
      ...tableCallsServer().handlers,
    );
    renderApp('/table/demo/1/en');
    expect(
      await screen.findByText('Orders cannot be placed at this table', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Call the waiter' })).toBeNull();
  });
});

describe("the restaurant's contact", () => {
  function withContact(phone: string | null, reservationUrl: string | null) {
    const restaurant = RestaurantSchema.parse({ ...demoRestaurant, phone, reservationUrl });
    server.use(
      http.get('/api/restaurant/one/demo', () => HttpResponse.json(restaurant)),
      ...orderingServer().handlers,
    );
  }

  it('ends the menu with "Reserve a table" (new tab) and the phone number as a tel: link', async () => {
    withContact('+36 1 234 5678', 'https://book.example/demo');
    renderApp('/menu/demo/en');
    const reserve = await screen.findByRole('link', { name: /Reserve a table/ }, { timeout: 4000 });
    expect(reserve.getAttribute('href')).toBe('https://book.example/demo');
    expect(reserve.getAttribute('target')).toBe('_blank');
    expect(reserve.getAttribute('rel')).toBe('noopener');
    expect(reserve.textContent).toContain('opens in a new tab');
    const phone = screen.getByRole('link', { name: 'Phone number: +36 1 234 5678' });
    expect(phone.getAttribute('href')).toBe('tel:+3612345678');
    // After the dishes, not before them.
    const dish = screen.getByRole('heading', { name: 'Goulash soup' });
    expect(dish.compareDocumentPosition(phone) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows only what the restaurant has, on the ordering menu too, and nothing without either', async () => {
    withContact('06 30 111 2222', null);
    const first = renderApp('/order/demo/1/en');
    expect(await screen.findByRole('link', { name: /Phone number/ }, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Reserve a table/ })).toBeNull();
    first.unmount();

    withContact(null, null);
    renderApp('/menu/demo/en');
    expect(await screen.findByRole('heading', { name: 'Goulash soup' })).toBeTruthy();
    expect(document.querySelector('[data-restaurant-contact]')).toBeNull();
  });
});

describe('availability changing live', () => {
  function availability(cursor: number, availabilityType: 'SOLD_OUT' | 'AVAILABLE') {
    return {
      type: 'item.availability_changed',
      cursor,
      tableId: 1,
      visitId: 5,
      menuItemId: 21,
      availabilityType,
    };
  }

  it('greys a dish that sold out in the menu and the cart, blocks the order, and restores it', async () => {
    server.use(...orderingServer().handlers);
    renderApp('/order/demo/1/en');
    const add = await screen.findByRole('button', { name: 'Add Schnitzel to the cart' }, { timeout: 4000 });
    fireEvent.click(add);
    const socket = await liveSocket();

    act(() => socket.send(availability(8, 'SOLD_OUT')));
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(true));
    const card = screen.getByRole('article', { name: 'Schnitzel' });
    expect(within(card).getByText('Sold out')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /View cart/ }));
    const cart = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(within(cart).getByText('Sold out: remove it to place your order')).toBeTruthy();
    const proceed = within(cart).getByRole('button', { name: 'Continue' });
    expect(proceed.hasAttribute('disabled')).toBe(true);

    act(() => socket.send(availability(9, 'AVAILABLE')));
    await waitFor(() => expect(proceed.hasAttribute('disabled')).toBe(false));
    expect(within(cart).queryByText('Sold out: remove it to place your order')).toBeNull();
    expect(add.hasAttribute('disabled')).toBe(false);
    expect(within(card).queryByText('Sold out')).toBeNull();
  });
});
