import type { StaffServerMessage, StaffVisit } from '@tablo/contract/staff';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';
import { setStaffSocketFactory } from '../hooks/use-staff-live.ts';
import { setChimeContextFactory } from '../sound/chime.ts';
import { fakeAudioContext } from '../testing/fake-audio.ts';
import { FakeStaffSocket } from '../testing/fake-staff-socket.ts';
import { demoBoard, staffOrder, staffVisit } from '../testing/staff-fixtures.ts';
import { staffServer } from '../testing/staff-handlers.ts';

// Issue 24: what a waiter trips over on a board left open through a service.

beforeEach(() => {
  FakeStaffSocket.all = [];
  setStaffSocketFactory((url) => new FakeStaffSocket(url));
  setChimeContextFactory(() => fakeAudioContext('running').context);
});
afterEach(() => {
  setStaffSocketFactory(undefined);
  setChimeContextFactory(undefined);
});

function serveStaff(options?: Parameters<typeof staffServer>[0]) {
  const fake = staffServer(options);
  server.use(...fake.handlers);
  return fake;
}

async function tableCard(table: number) {
  const heading = await screen.findByRole('heading', { name: `Table ${table}`, level: 2 }, { timeout: 4000 });
  return heading.closest('section') as HTMLElement;
}

function send(message: StaffServerMessage) {
  act(() => FakeStaffSocket.latest().send(message));
}

async function liveBoard(options?: Parameters<typeof staffServer>[0]) {
  const fake = serveStaff(options);
  renderApp('/staff/board/en');
  await tableCard(1);
  await waitFor(() => expect(FakeStaffSocket.all).toHaveLength(1));
  send({ type: 'ready' });
  return fake;
}

function unpaidOf(card: HTMLElement): string {
  return (within(card).getByText(/^Unpaid/).textContent ?? '').replace(/\s/g, ' ');
}

describe('the unpaid amount follows the board’s own moves', () => {
  it('an order accepted here counts once its answer is in, whether the event comes after it or before', async () => {
    const fake = await liveBoard();
    const one = await tableCard(1);
    expect(unpaidOf(one)).toBe('Unpaid: 3,990 Ft');

    // Accept order 5 (2 × 2,490): the answer arrives first, the socket's event of the same move after it.
    fireEvent.click(within(one).getByRole('button', { name: 'Accept Order #5' }));
    await waitFor(() => expect(within(one).getByRole('button', { name: 'Serve Order #5' })).toBeTruthy());
    send({
      type: 'order.status_changed',
      cursor: 11,
      tableId: 1,
      visitId: 50,
      orderId: 5,
      status: 'ACCEPTED',
      rejectReason: null,
    });
    expect(unpaidOf(one)).toBe('Unpaid: 8,970 Ft');

    // Served from here too: still owed, not counted twice.
    fireEvent.click(within(one).getByRole('button', { name: 'Serve Order #5' }));
    await waitFor(() => expect(within(one).queryByRole('button', { name: 'Serve Order #5' })).toBeNull());
    send({
      type: 'order.status_changed',
      cursor: 12,
      tableId: 1,
      visitId: 50,
      orderId: 5,
      status: 'SERVED',
      rejectReason: null,
    });
    expect(unpaidOf(one)).toBe('Unpaid: 8,970 Ft');

    // The event first, then the answer: the same figure.
    send({
      type: 'order.status_changed',
      cursor: 13,
      tableId: 1,
      visitId: 50,
      orderId: 6,
      status: 'SERVED',
      rejectReason: null,
    });
    expect(unpaidOf(one)).toBe('Unpaid: 8,970 Ft');
    // Nothing was read again: the figure is the board's own arithmetic, as a reload would show it.
    expect(fake.state.boardReads).toBe(1);
  });
});

describe('one board, live or loaded', () => {
  it('an order that arrives live is listed first, as a reload lists it', async () => {
    await liveBoard();
    const one = await tableCard(1);
    send({ type: 'order.placed', cursor: 11, tableId: 1, visitId: 50, order: staffOrder({ id: 8 }) });
    await within(one).findByRole('article', { name: 'Order #8' });
    const names = within(one)
      .getAllByRole('article')
      .map((article) => article.getAttribute('aria-labelledby'))
      .map((id) => document.getElementById(id ?? '')?.textContent);
    // Newest first, as the server lists a visit's orders (by id, descending).
    expect(names).toEqual(['Order #8', 'Order #6', 'Order #5']);
  });

  it('a table only scanned (no order, call or payment) makes no card until something happens there', async () => {
    const board = demoBoard();
    board.visits.push(staffVisit({ visitId: 53, tableId: 3 }));
    await liveBoard({ board });
    await tableCard(2);
    expect(screen.queryByRole('heading', { name: 'Table 3' })).toBeNull();
    expect(screen.queryByText('No orders to show.')).toBeNull();
    // The diner calls the waiter: now the table has something to show.
    send({
      type: 'call.changed',
      cursor: 31,
      tableId: 3,
      visitId: 53,
      call: { kind: 'WAITER', requestedAt: '2025-05-01T12:06:00.000Z', acknowledgedAt: null },
    });
    const three = await tableCard(3);
    expect(three.getAttribute('data-alert')).toBe('true');
  });
});

describe('a cash or card request', () => {
  it('says which dishes of which order to collect for, not a count', async () => {
    const board = demoBoard();
    const visit = board.visits[0] as StaffVisit;
    visit.payments = [
      {
        id: '0b0e7a8e-2f6b-4c53-9a55-6f7c4e2b1a10',
        method: 'CASH',
        amount: 3990 + 2490,
        tip: 0,
        createdAt: '2025-05-01T12:03:00.000Z',
        itemCount: 2,
        items: [
          { orderId: 5, orderItemId: 500, quantity: 1 },
          { orderId: 6, orderItemId: 600, quantity: 1 },
        ],
        shareCount: 0,
      },
    ];
    await liveBoard({ board });
    const one = await tableCard(1);
    const payment = within(one).getByRole('list', { name: 'Payments waiting at table 1' });
    const lines = within(payment).getByRole('list', { name: 'What the Cash payment covers' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 × Goulash soup (Order #5)', '1 × Schnitzel (Order #6)']);
    expect(within(payment).queryByText(/Items: 2/)).toBeNull();
  });
});

describe('the banner of a new order or call', () => {
  const BANNER = 'New order at table 1';
  function banner() {
    return screen.queryByText(BANNER, { selector: '[data-banner] span' });
  }

  it('goes once the order is acted on, here or on another tablet', async () => {
    const fake = await liveBoard();
    const one = await tableCard(1);
    const order = staffOrder({ id: 8 });
    fake.state.board.visits[0]?.orders.push(order);
    send({ type: 'order.placed', cursor: 11, tableId: 1, visitId: 50, order });
    await waitFor(() => expect(banner()).not.toBeNull());
    fireEvent.click(within(one).getByRole('button', { name: 'Accept Order #8' }));
    await waitFor(() => expect(banner()).toBeNull());

    send({ type: 'order.placed', cursor: 12, tableId: 1, visitId: 50, order: staffOrder({ id: 9 }) });
    await waitFor(() => expect(banner()).not.toBeNull());
    // Rejected on the other tablet: the event is enough.
    send({
      type: 'order.status_changed',
      cursor: 13,
      tableId: 1,
      visitId: 50,
      orderId: 9,
      status: 'REJECTED',
      rejectReason: 'Kitchen closed',
    });
    await waitFor(() => expect(banner()).toBeNull());
  });

  it('a call’s banner goes once the call is acknowledged', async () => {
    const fake = await liveBoard();
    const one = await tableCard(1);
    const call = { kind: 'WAITER' as const, requestedAt: '2025-05-01T12:06:00.000Z', acknowledgedAt: null };
    fake.state.board.visits[0]?.calls.push({ ...call });
    send({ type: 'call.changed', cursor: 11, tableId: 1, visitId: 50, call });
    const text = () => screen.queryByText('Table 1 calls the waiter', { selector: '[data-banner] span' });
    await waitFor(() => expect(text()).not.toBeNull());
    fireEvent.click(within(one).getByRole('button', { name: 'Acknowledge: Waiter called, table 1' }));
    await waitFor(() => expect(text()).toBeNull());
  });

  it('“Show” from another screen opens the board on the order, which counts as seen', async () => {
    const fake = serveStaff();
    const { router } = renderApp('/staff/tables/en');
    await screen.findByRole('heading', { name: 'Tables', level: 1 }, { timeout: 4000 });
    await waitFor(() => expect(FakeStaffSocket.all).toHaveLength(1));
    send({ type: 'ready' });
    const order = staffOrder({ id: 8 });
    fake.state.board.visits[0]?.orders.push(order);
    send({ type: 'order.placed', cursor: 11, tableId: 1, visitId: 50, order });
    await waitFor(() => expect(banner()).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/board/en'));
    const heading = await screen.findByRole('heading', { name: 'Order #8' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(banner()).toBeNull();
  });
});
