import type { Order } from '@tablo/contract/order';
import type { StaffPendingPayment, StaffServerMessage, StaffVisit } from '@tablo/contract/staff';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';
import { SOUND_STORAGE_KEY } from '../hooks/use-sound.ts';
import { setStaffSocketFactory } from '../hooks/use-staff-live.ts';
import { setChimeContextFactory } from '../sound/chime.ts';
import { fakeAudioContext } from '../testing/fake-audio.ts';
import { FakeStaffSocket } from '../testing/fake-staff-socket.ts';
import { demoBoard, staffOrder, staffVisit } from '../testing/staff-fixtures.ts';
import { staffServer } from '../testing/staff-handlers.ts';

let audio: ReturnType<typeof fakeAudioContext>;

const CASH_ID = '0b0e7a8e-2f6b-4c53-9a55-6f7c4e2b1a10';
const CARD_ID = '0b0e7a8e-2f6b-4c53-9a55-6f7c4e2b1a11';
const PENDING: Omit<StaffPendingPayment, 'id'> = {
  method: 'CASH',
  amount: 3990,
  tip: 0,
  createdAt: '2025-05-01T12:03:00.000Z',
  itemCount: 1,
  items: [{ orderId: 6, orderItemId: 600, quantity: 1 }],
  shareCount: 0,
};

beforeEach(() => {
  FakeStaffSocket.all = [];
  setStaffSocketFactory((url) => new FakeStaffSocket(url));
  audio = fakeAudioContext('running');
  setChimeContextFactory(() => audio.context);
});
afterEach(() => {
  setStaffSocketFactory(undefined);
  setChimeContextFactory(undefined);
});

function useStaff(options?: Parameters<typeof staffServer>[0]) {
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

describe('order board', () => {
  it('groups open visits by table with notes, unpaid amounts and the moves each order allows', async () => {
    useStaff();
    renderApp('/staff/board/en');
    const one = await tableCard(1);
    expect(within(one).getByText('Note: quickly please')).toBeTruthy();
    expect(within(one).getByText('Note: no lemon')).toBeTruthy();
    expect(within(one).getByText('3,990 Ft')).toBeTruthy();
    expect(within(one).getByRole('button', { name: 'Accept Order #5' })).toBeTruthy();
    expect(within(one).getByRole('button', { name: 'Serve Order #6' })).toBeTruthy();
    const two = await tableCard(2);
    expect(within(two).queryByRole('button')).toBeNull();
    // The socket starts from the board's cursors.
    await waitFor(() => expect(FakeStaffSocket.latest().since).toBe('1:10,2:20'));

    fireEvent.click(screen.getByRole('button', { name: 'New' }));
    expect(screen.getByRole('button', { name: 'New' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('heading', { name: 'Table 2' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Serve Order #6' })).toBeNull();
  });

  it('accepts with the CSRF header; a stale move shows the server’s message and reads the board again', async () => {
    const fake = useStaff({
      moveError: { status: 409, message: 'The order was changed meanwhile: reload and try again' },
    });
    renderApp('/staff/board/en');
    const one = await tableCard(1);
    within(one).getByRole<HTMLButtonElement>('button', { name: 'Accept Order #5' }).focus();
    fireEvent.click(within(one).getByRole('button', { name: 'Accept Order #5' }));
    expect(await screen.findByText('The order was changed meanwhile: reload and try again')).toBeTruthy();
    await waitFor(() => expect(fake.state.boardReads).toBe(2));
    within(one).getByRole<HTMLButtonElement>('button', { name: 'Accept Order #5' }).focus();
    fireEvent.click(within(one).getByRole('button', { name: 'Accept Order #5' }));
    await waitFor(() => expect(within(one).queryByRole('button', { name: 'Accept Order #5' })).toBeNull());
    expect(fake.state.writes.at(-1)).toEqual({
      method: 'PATCH',
      path: '/api/staff/orders/5',
      csrf: 'csrf-token-123',
      body: { status: 'ACCEPTED' },
    });
    // The keyboard goes on from the order's next move.
    const serve = within(one).getByRole('button', { name: 'Serve Order #5' });
    await waitFor(() => expect(document.activeElement).toBe(serve));
  });

  it('rejecting asks for the reason the diner sees, in a dialog that gives focus back', async () => {
    const fake = useStaff();
    renderApp('/staff/board/en');
    const one = await tableCard(1);
    const reject = within(one).getByRole('button', { name: 'Reject Order #5' });
    reject.focus();
    fireEvent.click(reject);
    const dialog = await screen.findByRole('dialog', { name: 'Reject Order #5' });
    const reason = within(dialog).getByLabelText('Reason');
    expect(document.activeElement).toBe(reason);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Give a reason for the guests.');
    expect(fake.state.writes).toEqual([]);
    fireEvent.change(reason, { target: { value: 'The soup is finished' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.state.writes[0]?.body).toEqual({ status: 'REJECTED', reason: 'The soup is finished' });
    expect(within(one).getByText('Rejected: The soup is finished')).toBeTruthy();
    expect(document.activeElement?.tagName).not.toBe('TEXTAREA');
  });

  it('a new order arrives live: highlighted, announced, with a chime; replays of known orders stay quiet', async () => {
    useStaff();
    renderApp('/staff/board/en');
    const one = await tableCard(1);
    await waitFor(() => expect(FakeStaffSocket.all).toHaveLength(1));
    send({ type: 'ready' });
    // A replay of an order the board holds.
    send({ type: 'order.placed', cursor: 10, tableId: 1, visitId: 50, order: staffOrder({ id: 5 }) });
    expect(audio.played).toEqual([]);
    send({
      type: 'order.placed',
      cursor: 11,
      tableId: 1,
      visitId: 50,
      order: staffOrder({ id: 8, note: 'birthday cake' }),
    });
    const fresh = await within(one).findByRole('article', { name: 'Order #8' });
    expect(fresh.getAttribute('data-fresh')).toBe('true');
    expect(within(fresh).getByText('Note: birthday cake')).toBeTruthy();
    expect(screen.getAllByText('New order at table 1').length).toBe(2);
    expect(document.querySelector('[aria-live="assertive"]')?.textContent).toBe('New order at table 1');
    expect(audio.played).toEqual([880, 1318.5]);
    // A new order is not owed before it is accepted.
    expect(within(one).getByText('3,990 Ft')).toBeTruthy();

    // Sound off: no chime; the choice is kept on the device.
    fireEvent.click(screen.getByRole('button', { name: 'Sound' }));
    expect(localStorage.getItem(SOUND_STORAGE_KEY)).toBe('off');
    send({ type: 'order.placed', cursor: 12, tableId: 1, visitId: 50, order: staffOrder({ id: 9 }) });
    expect(await within(one).findByRole('article', { name: 'Order #9' })).toBeTruthy();
    expect(audio.played).toHaveLength(2);
  });

  it('the first order of a new visit: the board is read again and the alert names the table', async () => {
    const fake = useStaff();
    renderApp('/staff/board/en');
    await tableCard(1);
    await waitFor(() => expect(FakeStaffSocket.all).toHaveLength(1));
    send({ type: 'ready' });
    // Table 7 sits down and orders: the event carries no table number, the board read again does.
    const order = staffOrder({ id: 70, visitId: 77, tableId: 7 });
    fake.state.board.visits.push(
      staffVisit({ visitId: 77, tableId: 7, orders: [order], unpaidAmount: order.total }),
    );
    send({ type: 'order.placed', cursor: 1, tableId: 7, visitId: 77, order });
    const seven = await tableCard(7);
    await waitFor(() =>
      expect(within(seven).getByRole('article', { name: 'Order #70' }).getAttribute('data-fresh')).toBe(
        'true',
      ),
    );
    expect(document.querySelector('[aria-live="assertive"]')?.textContent).toBe('New order at table 7');
    expect(screen.getAllByText('New order at table 7').length).toBe(2);
    expect(fake.state.boardReads).toBe(2);
  });

  it('money an online provider took after the payment ended is announced: accepted, then once per refund step', async () => {
    useStaff();
    renderApp('/staff/board/en');
    await tableCard(1);
    await waitFor(() => expect(FakeStaffSocket.all).toHaveLength(1));
    send({ type: 'ready' });
    const late = {
      type: 'payment.late_success' as const,
      tableId: 3,
      visitId: 99,
      paymentId: '00000000-0000-4000-8000-000000000123',
      tableNumber: 3,
      amount: 3480,
      tip: 300,
      currency: 'HUF',
    };
    send({ ...late, cursor: 21, outcome: 'ACCEPTED' });
    await waitFor(() =>
      expect(document.querySelector('[aria-live="assertive"]')?.textContent).toBe(
        'Table 3: an online payment of 3,780\u00a0Ft arrived after it had ended; its items were still unpaid, so it paid them',
      ),
    );
    send({ ...late, cursor: 22, outcome: 'REFUNDING' });
    await waitFor(() =>
      expect(document.querySelector('[aria-live="assertive"]')?.textContent).toBe(
        'Table 3: an online payment of 3,780\u00a0Ft arrived after it had ended, for items paid otherwise: it is being refunded',
      ),
    );
    send({ ...late, cursor: 23, outcome: 'REFUNDED' });
    await waitFor(() =>
      expect(document.querySelector('[aria-live="assertive"]')?.textContent).toBe(
        'Table 3: the late online payment of 3,780\u00a0Ft was refunded to the guest',
      ),
    );
  });

  it('a call stands out until acknowledged; a move made elsewhere shows up live', async () => {
    const fake = useStaff();
    renderApp('/staff/board/en');
    const one = await tableCard(1);
    await waitFor(() => expect(FakeStaffSocket.all).toHaveLength(1));
    const call = { kind: 'WAITER' as const, requestedAt: '2025-05-01T12:06:00.000Z', acknowledgedAt: null };
    fake.state.board.visits[0]?.calls.push(call);
    send({ type: 'call.changed', cursor: 11, tableId: 1, visitId: 50, call });
    await waitFor(() => expect(one.getAttribute('data-alert')).toBe('true'));
    expect(document.querySelector('[aria-live="assertive"]')?.textContent).toBe('Table 1 calls the waiter');
    fireEvent.click(within(one).getByRole('button', { name: 'Acknowledge: Waiter called, table 1' }));
    await waitFor(() => expect(one.getAttribute('data-alert')).toBe('false'));
    expect(fake.state.writes.at(-1)).toMatchObject({
      path: '/api/staff/tables/1/calls/WAITER/acknowledge',
      body: {},
      csrf: 'csrf-token-123',
    });

    send({
      type: 'order.status_changed',
      cursor: 12,
      tableId: 1,
      visitId: 50,
      orderId: 6,
      status: 'SERVED',
      rejectReason: null,
    });
    await waitFor(() => expect(within(one).queryByRole('button', { name: 'Serve Order #6' })).toBeNull());
    send({ type: 'table.closed', cursor: 13, tableId: 1, visitId: 50 });
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Table 1' })).toBeNull());
  });

  it('lists pending cash/card payments; confirming sends {} with the CSRF header and reads the board again', async () => {
    const board = demoBoard();
    const cash = { ...PENDING, id: CASH_ID };
    const card = {
      ...PENDING,
      id: CARD_ID,
      method: 'CARD' as const,
      amount: 1290,
      tip: 200,
      itemCount: 0,
      items: [],
      shareCount: 2,
    };
    board.visits[0] = { ...(board.visits[0] as StaffVisit), payments: [cash, card] };
    const fake = useStaff({ board });
    renderApp('/staff/board/en');
    const one = await tableCard(1);
    const list = within(one).getByRole('list', { name: 'Payments waiting at table 1' });
    expect(within(list).getByText('Cash · 3,990 Ft')).toBeTruthy();
    expect(within(list).getByText('Card · 1,290 Ft')).toBeTruthy();
    expect(within(list).getByText(/\+ 200 Ft tip · Equal shares: 2/)).toBeTruthy();
    expect(within(list).getByText('1 × Schnitzel (Order #6)')).toBeTruthy();

    fireEvent.click(within(list).getByRole('button', { name: /^Confirm payment: Cash, 3,990.Ft, table 1$/ }));
    expect(await screen.findByText('Payment confirmed at table 1')).toBeTruthy();
    await waitFor(() => expect(fake.state.boardReads).toBe(2));
    await waitFor(() => expect(within(one).queryByText('Cash · 3,990 Ft')).toBeNull());
    expect(within(one).getByText('0 Ft')).toBeTruthy();
    fireEvent.click(within(one).getByRole('button', { name: /^Cancel payment: Card, 1,290.Ft, table 1$/ }));
    await waitFor(() => expect(within(one).queryByRole('list', { name: /Payments waiting/ })).toBeNull());
    expect(fake.state.writes.map((w) => [w.method, w.path, w.body, w.csrf])).toEqual([
      ['POST', `/api/staff/payments/${CASH_ID}/confirm`, {}, 'csrf-token-123'],
      ['POST', `/api/staff/payments/${CARD_ID}/cancel`, {}, 'csrf-token-123'],
    ]);
  });

  it('the kitchen sees pending payments without the buttons', async () => {
    const board = demoBoard();
    board.visits[0] = { ...(board.visits[0] as StaffVisit), payments: [{ ...PENDING, id: CASH_ID }] };
    useStaff({ board, role: 'KITCHEN' });
    renderApp('/staff/board/en');
    const one = await tableCard(1);
    expect(within(one).getByText('Cash · 3,990 Ft')).toBeTruthy();
    expect(within(one).queryByRole('button', { name: /payment/ })).toBeNull();
  });

  it('a payment settled elsewhere: the board shows the order Paid and reads itself again', async () => {
    const board = demoBoard();
    board.visits[0] = { ...(board.visits[0] as StaffVisit), payments: [{ ...PENDING, id: CASH_ID }] };
    const fake = useStaff({ board });
    renderApp('/staff/board/en');
    const one = await tableCard(1);
    await waitFor(() => expect(FakeStaffSocket.all).toHaveLength(1));
    send({ type: 'ready' });
    // What the server holds now: the payment confirmed on another tablet, order 6 served and paid.
    const visit = fake.state.board.visits[0] as StaffVisit;
    visit.payments = [];
    visit.unpaidAmount = 0;
    const paidOrder = { ...(visit.orders[1] as Order), status: 'PAID' as const };
    paidOrder.items = paidOrder.items.map((item) => ({ ...item, paidQuantity: item.quantity }));
    visit.orders[1] = paidOrder;
    fake.state.board.cursors = [
      { tableId: 1, cursor: 14 },
      { tableId: 2, cursor: 20 },
    ];
    const at = { tableId: 1, visitId: 50 };
    send({
      type: 'payment.changed',
      cursor: 11,
      ...at,
      paymentId: CASH_ID,
      status: 'SUCCEEDED',
      method: 'CASH',
      amount: 3990,
    });
    send({
      type: 'order.items_paid',
      cursor: 12,
      ...at,
      orderId: 6,
      items: [{ orderItemId: 600, paidQuantity: 1 }],
    });
    send({
      type: 'order.status_changed',
      cursor: 13,
      ...at,
      orderId: 6,
      status: 'SERVED',
      rejectReason: null,
    });
    send({ type: 'order.status_changed', cursor: 14, ...at, orderId: 6, status: 'PAID', rejectReason: null });
    await waitFor(() => expect(within(one).queryByText('Cash · 3,990 Ft')).toBeNull());
    await waitFor(() => expect(fake.state.boardReads).toBeGreaterThanOrEqual(2));
    expect(await within(one).findByText('0 Ft')).toBeTruthy();
    const order = within(one).getByRole('article', { name: 'Order #6' });
    expect(within(order).getByText('Paid')).toBeTruthy();
  });

  it('4401 on the staff socket returns to the log-in screen', async () => {
    useStaff();
    const { router } = renderApp('/staff/board/en');
    await tableCard(1);
    await waitFor(() => expect(FakeStaffSocket.all).toHaveLength(1));
    act(() => FakeStaffSocket.latest().serverClose(4401));
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/login/en'));
  });
});
