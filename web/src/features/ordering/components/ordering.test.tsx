import { SESSION_STORAGE_KEY } from '@tablo/contract/session-keys';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GUIDE_SEEN_STORAGE_KEY } from '../../../config/constants.ts';
import { DEMO_SESSION_ID } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { handlers, server } from '../../../testing/server.ts';
import { setLiveSocketFactory } from '../hooks/use-table-live.ts';
import { cartStorageKey } from '../state/cart-store.ts';
import { tableTokenKey } from '../state/table-token.ts';
import { FakeWebSocket, makeOrder, orderingServer } from '../testing/ordering-fixtures.ts';

beforeEach(() => {
  localStorage.setItem(SESSION_STORAGE_KEY, DEMO_SESSION_ID);
  localStorage.setItem(GUIDE_SEEN_STORAGE_KEY, 'yes');
  FakeWebSocket.all = [];
  setLiveSocketFactory((url) => new FakeWebSocket(url));
});
afterEach(() => setLiveSocketFactory(undefined));

function useServer(options?: Parameters<typeof orderingServer>[0]) {
  const fake = orderingServer(options);
  server.use(...fake.handlers);
  return fake;
}

async function addButton(title: string) {
  // The first render of a file also loads the lazy screens: allow for a slow, shared machine.
  return screen.findByRole('button', { name: `Add ${title} to the cart` }, { timeout: 4000 });
}

async function openCart() {
  fireEvent.click(await screen.findByRole('button', { name: /View cart/ }));
  return screen.findByRole('dialog', { name: 'Your cart' });
}

describe('joining the table (issue 4)', () => {
  it('joins with the scanned token, keeps it for the table and removes t from the address bar', async () => {
    const fake = useServer();
    const { router } = renderApp('/order/demo/1/en?t=secret-token&utm=qr#top');
    await addButton('Goulash soup');
    expect(fake.state.joins).toEqual([{ token: 'secret-token' }]);
    expect(localStorage.getItem(tableTokenKey('demo', 1))).toBe('secret-token');
    expect(router.state.location.search).toBe('?utm=qr');
    expect(router.state.location.hash).toBe('#top');
    expect(router.state.historyAction).toBe('REPLACE');
    // The live connection starts after the join's cursor.
    await waitFor(() => expect(FakeWebSocket.latest()?.url).toContain('since=7'));
  });

  it('rejoins after a reload with the stored token', async () => {
    localStorage.setItem(tableTokenKey('demo', 1), 'kept-token');
    const fake = useServer();
    renderApp('/order/demo/1/en');
    await addButton('Goulash soup');
    expect(fake.state.joins).toEqual([{ token: 'kept-token' }]);
  });

  it('a refused join shows the notice, keeps the menu readable and offers no Add buttons', async () => {
    const fake = useServer({ refuseJoin: 'Orders cannot be placed at this table' });
    renderApp('/order/demo/1/en?t=wrong');
    expect(await screen.findByText('Orders cannot be placed at this table')).toBeTruthy();
    expect(screen.getByText(/scan the QR code on your table/)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Goulash soup' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /to the cart/ })).toBeNull();
    expect(fake.state.joins).toHaveLength(1);
    expect(localStorage.getItem(tableTokenKey('demo', 1))).toBeNull();
    expect(FakeWebSocket.all).toHaveLength(0);
  });

  it('a kept session the server no longer knows is replaced, and the table joined with the same token', async () => {
    const renewed = '5b0d7a4e-8c1f-4d2a-9e3b-7f6a5c4d3e2f';
    const fake = useServer({ knownSessions: [renewed] });
    server.use(handlers.sessionUuid(renewed));
    renderApp('/order/demo/1/en?t=secret-token');
    await addButton('Goulash soup');
    expect(fake.state.joinSessions).toEqual([DEMO_SESSION_ID, renewed]);
    expect(fake.state.joins).toEqual([{ token: 'secret-token' }, { token: 'secret-token' }]);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe(renewed);
    expect(localStorage.getItem(tableTokenKey('demo', 1))).toBe('secret-token');
    expect(screen.queryByText('Orders cannot be placed at this table')).toBeNull();
  });

  it('a session that cannot be had says so beside the menu, and is asked for again on request', async () => {
    localStorage.removeItem(SESSION_STORAGE_KEY);
    const fake = useServer();
    server.use(handlers.sessionUuidFailure());
    const { container } = renderApp('/order/demo/1/en');
    const notice = await waitFor(
      () => {
        const element = container.querySelector<HTMLElement>('[data-ordering-notice="no-session"]');
        expect(element).not.toBeNull();
        return element as HTMLElement;
      },
      { timeout: 4000 },
    );
    expect(within(notice).getByText('Fatal error: failed to iniate ordering process')).toBeTruthy();
    expect(within(notice).queryByText(/scan the QR code/)).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Goulash soup' })).toBeTruthy();
    expect(fake.state.joins).toHaveLength(0);

    server.use(handlers.sessionUuid());
    fireEvent.click(within(notice).getByRole('button', { name: 'Try again' }));
    await addButton('Goulash soup');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe(DEMO_SESSION_ID);
    expect(fake.state.joinSessions).toEqual([DEMO_SESSION_ID]);
  });

  it('a join refused because the restaurant is not available says that, as itself (spec §8)', async () => {
    useServer({ refuseJoin: 'The restaurant is not available' });
    const { container } = renderApp('/order/demo/1/en?t=secret-token');
    const notice = await waitFor(
      () => {
        const element = container.querySelector<HTMLElement>('[data-ordering-notice="refused"]');
        expect(element).not.toBeNull();
        return element as HTMLElement;
      },
      { timeout: 4000 },
    );
    expect(within(notice).getByText('The restaurant is not available')).toBeTruthy();
    expect(within(notice).queryByText('Orders cannot be placed at this table')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Goulash soup' })).toBeTruthy();
  });

  it('a restaurant without ordering shows the menu only', async () => {
    server.use(...orderingServer().handlers);
    renderApp('/order/demo-menu/1/en');
    expect(await screen.findByRole('heading', { name: 'Goulash soup' })).toBeTruthy();
    expect(screen.getByText('Orders cannot be placed at this table')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /to the cart/ })).toBeNull();
  });
});

describe('cart', () => {
  it('adds, changes quantities and notes, removes, totals in forints, and survives a reload', async () => {
    useServer();
    const first = renderApp('/order/demo/1/en?t=tok12345');
    fireEvent.click(await addButton('Goulash soup'));
    fireEvent.click(await addButton('Goulash soup'));
    fireEvent.click(await addButton('Schnitzel'));
    expect((await addButton('Bean soup')).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: /View cart/ }).textContent).toContain('8,970\u00a0Ft');

    const cart = await openCart();
    fireEvent.click(within(cart).getByRole('button', { name: 'Increase the quantity of Schnitzel' }));
    fireEvent.click(within(cart).getByRole('button', { name: 'Decrease the quantity of Goulash soup' }));
    fireEvent.change(within(cart).getByLabelText('Note for Schnitzel'), { target: { value: 'no lemon' } });
    fireEvent.change(within(cart).getByLabelText('Note for the kitchen'), { target: { value: 'quickly' } });
    expect(within(cart).getByText('10,470 Ft', { selector: '[data-cart-total]' })).toBeTruthy();

    first.unmount();
    renderApp('/order/demo/1/en');
    const again = await openCart();
    expect(within(again).getByLabelText<HTMLInputElement>('Note for Schnitzel').value).toBe('no lemon');
    expect(within(again).getByLabelText<HTMLTextAreaElement>('Note for the kitchen').value).toBe('quickly');
    fireEvent.click(within(again).getByRole('button', { name: 'Remove Goulash soup from the cart' }));
    expect(within(again).queryByText('Goulash soup')).toBeNull();
    const stored = JSON.parse(localStorage.getItem(cartStorageKey('demo', 1)) ?? '{}');
    expect(stored.lines).toEqual([{ id: 2, menuItemId: 21, quantity: 2, note: 'no lemon', choices: [] }]);
    fireEvent.click(within(again).getByRole('button', { name: 'Remove Schnitzel from the cart' }));
    expect(within(again).getByText('Your cart is empty')).toBeTruthy();
  });

  it('a line whose dish sold out is flagged and blocks placing until removed', async () => {
    localStorage.setItem(
      cartStorageKey('demo', 1),
      JSON.stringify({
        lines: [
          { menuItemId: 12, quantity: 1, note: '' },
          { menuItemId: 21, quantity: 1, note: '' },
        ],
        note: '',
        idempotencyKey: 'cartkey-123456',
      }),
    );
    useServer();
    renderApp('/order/demo/1/en?t=tok12345');
    const cart = await openCart();
    expect(within(cart).getByText('Sold out: remove it to place your order')).toBeTruthy();
    const proceed = within(cart).getByRole('button', { name: 'Continue' });
    expect(proceed.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(cart).getByRole('button', { name: 'Remove Bean soup from the cart' }));
    expect(proceed.hasAttribute('disabled')).toBe(false);
  });

  it('a dish selling out live flags its line', async () => {
    useServer();
    renderApp('/order/demo/1/en?t=tok12345');
    fireEvent.click(await addButton('Schnitzel'));
    await waitFor(() => expect(FakeWebSocket.latest()).toBeTruthy());
    act(() =>
      FakeWebSocket.latest()?.send({
        type: 'item.availability_changed',
        cursor: 8,
        tableId: 1,
        visitId: 0,
        menuItemId: 21,
        availabilityType: 'SOLD_OUT',
      }),
    );
    const cart = await openCart();
    expect(within(cart).getByText('Sold out: remove it to place your order')).toBeTruthy();
    expect(within(cart).getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('a menu published from the editor', () => {
  it('reaches the open menu without a reload (docs/decisions/062)', async () => {
    const fake = useServer();
    renderApp('/order/demo/1/en?t=tok12345');
    await addButton('Schnitzel');
    const page = () => (document.body.textContent ?? '').replace(/\s/g, ' ');
    expect(page()).toContain('SchnitzelPrice: 3,990 Ft');
    await waitFor(() => expect(FakeWebSocket.latest()).toBeTruthy());
    const schnitzel = fake.menu.flatMap((category) => category.menuItems).find((item) => item.id === 21);
    if (!schnitzel) throw new Error('no Schnitzel');
    schnitzel.priceGross = 4290;
    act(() =>
      FakeWebSocket.latest()?.send({ type: 'menu.published', cursor: 9, tableId: 1, visitId: 0, version: 2 }),
    );
    await waitFor(() => expect(page()).toContain('SchnitzelPrice: 4,290 Ft'));
  });
});

describe('placing the order', () => {
  it('confirms with the terms, sends one key per cart, retries a lost answer with the same key', async () => {
    const fake = useServer({ networkFailures: 1 });
    const { router } = renderApp('/order/demo/1/en?t=tok12345');
    fireEvent.click(await addButton('Goulash soup'));
    const key = JSON.parse(localStorage.getItem(cartStorageKey('demo', 1)) ?? '{}').idempotencyKey;
    const cart = await openCart();
    fireEvent.click(within(cart).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your order' });
    expect(within(confirm).getByRole('link', { name: 'terms of use' }).getAttribute('href')).toBe(
      '/terms-and-conditions/demo/1/en',
    );
    expect(within(confirm).getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toContain(
      '/privacy?lang=en',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Place order' }));

    expect(await screen.findByText('Order placed', {}, { timeout: 4000 })).toBeTruthy();
    expect(fake.state.orderRequests).toHaveLength(2);
    expect(fake.state.orderRequests.map((request) => request.key)).toEqual([key, key]);
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(fake.state.orderRequests[0]?.body).toEqual({
      sessionId: DEMO_SESSION_ID,
      tableId: 1,
      note: '',
      items: [{ menuItemId: 11, quantity: 1, note: '', choices: [] }],
    });
    // The overview of what was ordered; the cart is empty and has a new key.
    expect(await screen.findByRole('heading', { name: 'Order overview' })).toBeTruthy();
    expect(router.state.location.search).toBe('?view=orders&placed=40');
    expect(screen.getByText('1 × Goulash soup')).toBeTruthy();
    const after = JSON.parse(localStorage.getItem(cartStorageKey('demo', 1)) ?? '{}');
    expect(after.lines).toEqual([]);
    expect(after.idempotencyKey).not.toBe(key);
    expect(screen.queryByRole('button', { name: /View cart/ })).toBeNull();
  });

  it('shows the server error in the specification sentence and keeps the cart', async () => {
    useServer({ orderError: { status: 409, message: 'Menu item 11 (Goulash soup) is sold out' } });
    renderApp('/order/demo/1/en?t=tok12345');
    fireEvent.click(await addButton('Goulash soup'));
    fireEvent.click(within(await openCart()).getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    expect(
      await screen.findByText(
        'Request unsuccessful. The server responded with the following error: Menu item 11 (Goulash soup) is sold out',
      ),
    ).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(cartStorageKey('demo', 1)) ?? '{}').lines).toHaveLength(1);
  });

  it('shows "Orders cannot be placed at this table" as itself', async () => {
    useServer({ orderError: { status: 403, message: 'Orders cannot be placed at this table' } });
    renderApp('/order/demo/1/en?t=tok12345');
    fireEvent.click(await addButton('Goulash soup'));
    fireEvent.click(within(await openCart()).getByRole('button', { name: 'Continue' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(screen.getAllByText('Orders cannot be placed at this table').length).toBe(1));
  });
});

describe('My Table and Orders', () => {
  const orders = () => [
    makeOrder({ id: 3, status: 'SERVED', isMine: false }),
    makeOrder({ id: 2, status: 'ACCEPTED', isMine: true, note: 'extra bread' }),
    makeOrder({ id: 1, status: 'REJECTED', isMine: true, rejectReason: 'Kitchen closed' }),
  ];

  it('lists the visit with status labels; Pending shows placed and accepted only', async () => {
    localStorage.setItem(tableTokenKey('demo', 1), 'tok12345');
    useServer({ orders: orders() });
    renderApp('/table/demo/1/en');
    const panel = await screen.findByRole('tabpanel');
    await within(panel).findByRole('heading', { name: 'Order 3' });
    expect(within(panel).getAllByRole('article')).toHaveLength(3);
    expect(within(panel).getByText('Served')).toBeTruthy();
    expect(within(panel).getByText('Accepted')).toBeTruthy();
    expect(within(panel).getByText('Rejected')).toBeTruthy();
    expect(within(panel).getByText('Reason: Kitchen closed')).toBeTruthy();
    expect(within(panel).getByText('Note: extra bread')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Pending' }));
    expect(within(screen.getByRole('tabpanel')).getAllByRole('article')).toHaveLength(1);

    // A live status change re-renders the list and is announced.
    await waitFor(() => expect(FakeWebSocket.latest()).toBeTruthy());
    act(() =>
      FakeWebSocket.latest()?.send({
        type: 'order.status_changed',
        cursor: 9,
        tableId: 1,
        visitId: 5,
        orderId: 2,
        status: 'SERVED',
        rejectReason: null,
      }),
    );
    expect(await screen.findByText('There are no pending orders')).toBeTruthy();
    expect(screen.getByText('Order 2 is now Served')).toBeTruthy();
  });

  it('shows a new order of another diner live, and clears everything when the table is closed', async () => {
    localStorage.setItem(tableTokenKey('demo', 1), 'tok12345');
    useServer({ orders: [] });
    renderApp('/table/demo/1/en');
    expect(await screen.findByText('No orders have been placed at this table yet')).toBeTruthy();
    await waitFor(() => expect(FakeWebSocket.latest()).toBeTruthy());
    act(() =>
      FakeWebSocket.latest()?.send({
        type: 'order.placed',
        cursor: 8,
        tableId: 1,
        visitId: 5,
        order: makeOrder({ id: 9, isMine: false }),
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Order 9' })).toBeTruthy();
    expect(screen.getByText(/Ordered by others at the table/)).toBeTruthy();
    act(() => FakeWebSocket.latest()?.send({ type: 'table.closed', cursor: 10, tableId: 1, visitId: 5 }));
    expect(await screen.findByText('This table has been closed')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Order 9' })).toBeNull();
    expect(localStorage.getItem(tableTokenKey('demo', 1))).toBeNull();
  });

  it('a close missed while asleep (4403 on reconnect) ends the visit on this phone too', async () => {
    localStorage.setItem(tableTokenKey('demo', 1), 'tok12345');
    const fake = useServer({ orders: orders() });
    renderApp('/table/demo/1/en');
    expect(await screen.findByRole('heading', { name: 'Order 3' })).toBeTruthy();
    await waitFor(() => expect(FakeWebSocket.latest()).toBeTruthy());
    fake.state.visitClosed = true;
    act(() => FakeWebSocket.latest()?.onclose?.({ code: 4403 }));
    expect(await screen.findByText('This table has been closed')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Order 3' })).toBeNull();
    expect(localStorage.getItem(tableTokenKey('demo', 1))).toBeNull();
  });

  it('Orders shows only my orders; the bottom navigation reaches Menu, Orders and My Table', async () => {
    localStorage.setItem(tableTokenKey('demo', 1), 'tok12345');
    useServer({ orders: orders() });
    server.use(handlers.restaurant());
    const { router } = renderApp('/order/demo/1/en?view=orders');
    expect(await screen.findByRole('heading', { name: 'Order 2' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Order 3' })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(nav).getByRole('link', { name: 'My Table' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/table/demo/1/en'));
    expect(await screen.findByRole('heading', { name: 'Order 3' })).toBeTruthy();
    fireEvent.click(within(nav).getByRole('link', { name: 'Menu' }));
    expect(await addButton('Goulash soup')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/order/demo/1/en');
  });
});
