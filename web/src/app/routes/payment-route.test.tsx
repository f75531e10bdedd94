import { SESSION_STORAGE_KEY } from '@tablo/contract/session-keys';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUIDE_SEEN_STORAGE_KEY } from '../../config/constants.ts';
import { setLiveSocketFactory } from '../../features/ordering/hooks/use-table-live.ts';
import { tableTokenKey } from '../../features/ordering/state/table-token.ts';
import { FakeWebSocket, orderingServer } from '../../features/ordering/testing/ordering-fixtures.ts';
import {
  makePayable,
  orderChoice,
  PAYMENT_ID,
  payableLine,
  paymentsServer,
} from '../../features/payments/testing/payment-fixtures.ts';
import { DEMO_SESSION_ID } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { server } from '../../testing/server.ts';

beforeEach(() => {
  localStorage.setItem(SESSION_STORAGE_KEY, DEMO_SESSION_ID);
  localStorage.setItem(GUIDE_SEEN_STORAGE_KEY, 'yes');
  localStorage.setItem(tableTokenKey('demo', 1), 'table-token');
  FakeWebSocket.all = [];
  setLiveSocketFactory((url) => new FakeWebSocket(url));
});
afterEach(() => setLiveSocketFactory(undefined));

function usePayments(options?: Parameters<typeof paymentsServer>[0]) {
  const payments = paymentsServer(options);
  server.use(...orderingServer().handlers, ...payments.handlers);
  return payments;
}

async function openSummary(path = '/payment/demo/1/en') {
  const view = renderApp(path);
  // The first render of a file also loads the lazy screens: allow for a slow, shared machine.
  await screen.findByRole('list', { name: 'Items at the table' }, { timeout: 4000 });
  return view;
}

/** Prices carry a no-break space before Ft (format-price). */
const payButton = (amount: string) => screen.getByRole('button', { name: `Pay ${amount}\u00a0Ft` });
const total = () => document.querySelector('[data-payment-total]')?.textContent;
const line = (id: number) =>
  document.querySelector<HTMLElement>(`[data-payable-line="${id}"]`) as HTMLElement;

describe('payment summary', () => {
  // Issue 27: a line with choices is paid per unit at its full price; the line says what was chosen.
  it('shows a line’s choices under it, paid per piece at the price with its choices', async () => {
    usePayments({
      payable: makePayable({
        lines: [
          payableLine({
            orderItemId: 301,
            en: 'Coffee',
            hu: 'Kávé',
            unitPrice: 1100,
            quantity: 2,
            choices: [orderChoice(51, 'Large', 'Groß', 300), orderChoice(52, 'Oat milk', 'Hafermilch', 200)],
          }),
        ],
      }),
    });
    await openSummary();
    const coffee = line(301);
    expect(
      within(coffee)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/\u00a0/g, ' ')),
    ).toEqual(['Large +300 Ft', 'Oat milk +200 Ft']);
    expect(within(coffee).getByText(/1,100 Ft \/ piece/)).toBeTruthy();
  });

  // Issue 24 §12: "Still to pay" and "Pay what is left" differ by what is being paid right now; say so.
  it('says how much of what is still to pay is being paid right now, beside "Pay what is left"', async () => {
    usePayments();
    await openSummary();
    // 2 goulash (4 980) + 3 free beers (2 700) are left; the fourth beer (900) is in a payment under way.
    expect(screen.getByText(/Still to pay at the table/).textContent).toBe(
      'Still to pay at the table: 8,580\u00a0Ft. Of this, 900\u00a0Ft is being paid right now (payments waiting for confirmation).',
    );
    expect(screen.getByRole('radio', { name: 'Pay what is left (7,680\u00a0Ft)' })).toBeTruthy();
  });

  it('says nothing of payments under way when there are none', async () => {
    usePayments({
      payable: makePayable({
        lines: [payableLine({ orderItemId: 101, en: 'Goulash soup', hu: 'Gulyásleves' })],
      }),
    });
    await openSummary();
    expect(screen.getByText(/Still to pay at the table/).textContent).toBe(
      'Still to pay at the table: 1,000\u00a0Ft',
    );
  });

  it('lists the payable lines with the price per piece; "pay separately" pays my items by cash', async () => {
    const payments = usePayments();
    const { router } = await openSummary();
    expect(within(line(101)).getByText(/2,490 Ft \/ piece/)).toBeTruthy();
    expect(within(line(201)).getByText(/Someone else is paying: 1/)).toBeTruthy();
    expect(within(line(102)).getByText('Paid')).toBeTruthy();
    expect(within(line(102)).queryByRole('button')).toBeNull();
    expect(screen.getByText('No items are marked for payment')).toBeTruthy();
    const pay = screen.getByRole<HTMLButtonElement>('button', { name: /^Pay \d/ });
    expect(pay.disabled).toBe(true);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Payment' }).getAttribute('aria-current')).toBe('page');

    fireEvent.click(screen.getByRole('button', { name: 'Pay separately' }));
    expect(total()).toBe('4,980\u00a0Ft');
    fireEvent.click(screen.getByRole('radio', { name: 'Cash to the waiter' }));
    fireEvent.click(payButton('4,980'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/payment-success/demo/1/en'));
    expect(router.state.location.search).toBe(`?payment=${PAYMENT_ID}`);
    expect(payments.state.requests).toHaveLength(1);
    const [request] = payments.state.requests;
    expect(request?.session).toBe(DEMO_SESSION_ID);
    expect(request?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(request?.body).toEqual({
      tableId: 1,
      method: 'CASH',
      selection: { kind: 'items', items: [{ orderItemId: 101, quantity: 2 }] },
      tip: 0,
      expectedAmount: 4980,
      lang: 'en',
    });
    expect(await screen.findByText('Waiting for confirmation')).toBeTruthy();
  });

  it('pays 2 of the 4 beers online with a 10 % tip and goes to the provider', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const payments = usePayments({ created: { checkoutUrl: `/sandbox-checkout/${PAYMENT_ID}` } });
    await openSummary();
    const more = within(line(201)).getByRole('button', { name: 'Pay one more Draught beer' });
    fireEvent.click(more);
    fireEvent.click(more);
    fireEvent.click(more);
    // Only 3 are free: the stepper stops there.
    expect((more as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(line(201)).getByRole('button', { name: 'Pay one less Draught beer' }));
    expect(
      within(line(201)).getByRole('group', { name: 'Quantity of Draught beer to pay' }).textContent,
    ).toContain('2 / 3');
    fireEvent.click(screen.getByRole('radio', { name: /^10 %/ }));
    expect(total()).toBe('1,980\u00a0Ft');
    fireEvent.click(screen.getByRole('radio', { name: 'Pay online' }));
    fireEvent.click(payButton('1,980'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/sandbox-checkout/${PAYMENT_ID}`));
    expect(payments.state.requests[0]?.body).toMatchObject({
      method: 'ONLINE',
      selection: { kind: 'items', items: [{ orderItemId: 201, quantity: 2 }] },
      tip: 180,
      expectedAmount: 1800,
    });
  });

  it('after the provider failed (502), Pay again is a new attempt with a new key that reaches the provider', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const payments = usePayments({
      createError: {
        status: 502,
        message: 'The payment provider could not be reached: try again or pay the waiter',
      },
      created: { checkoutUrl: `/sandbox-checkout/${PAYMENT_ID}` },
    });
    await openSummary();
    fireEvent.click(screen.getByRole('button', { name: 'Pay together' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Pay online' }));
    fireEvent.click(payButton('7,680'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The payment provider could not be reached',
    );
    fireEvent.click(payButton('7,680'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/sandbox-checkout/${PAYMENT_ID}`));
    const [first, second] = payments.state.requests;
    expect(second?.body).toEqual(first?.body);
    expect(second?.key).not.toBe(first?.key);
  });

  it('divides equally, pays what is left, and validates a custom tip', async () => {
    const payments = usePayments();
    await openSummary();
    fireEvent.click(screen.getByRole('radio', { name: 'Divide equally' }));
    fireEvent.click(screen.getByRole('button', { name: 'More shares' }));
    // 7 680 Ft in 3 shares of 2 560 Ft.
    expect(screen.getByText('One share: 2,560 Ft')).toBeTruthy();
    expect(total()).toBe('2,560\u00a0Ft');
    fireEvent.click(screen.getByRole('button', { name: 'Pay one share more' }));
    expect(total()).toBe('5,120\u00a0Ft');

    fireEvent.click(screen.getByRole('radio', { name: 'Another amount' }));
    const tip = screen.getByLabelText('Tip in forints');
    fireEvent.change(tip, { target: { value: '12.5' } });
    expect(screen.getByText('Enter a whole number of forints')).toBeTruthy();
    expect(tip.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /^Pay \d/ }).disabled).toBe(true);
    fireEvent.change(tip, { target: { value: '500' } });
    expect(total()).toBe('5,620\u00a0Ft');

    fireEvent.click(screen.getByRole('radio', { name: 'Pay what is left (7,680\u00a0Ft)' }));
    expect(total()).toBe('8,180\u00a0Ft');
    fireEvent.click(payButton('8,180'));
    await waitFor(() => expect(payments.state.requests).toHaveLength(1));
    expect(payments.state.requests[0]?.body).toMatchObject({
      method: 'CASH',
      selection: { kind: 'rest' },
      tip: 500,
      expectedAmount: 7680,
    });
  });

  it('an open split offers only its next shares', async () => {
    usePayments({
      payable: makePayable({
        split: { id: 3, shares: 3, amount: 10_000, paidShares: 1, reservedShares: 1, nextShareAmount: 3333 },
      }),
    });
    await openSummary();
    fireEvent.click(screen.getByRole('radio', { name: 'Divide equally' }));
    expect(screen.getByText('Paid: 1 · being paid: 1 · open: 1')).toBeTruthy();
    expect(screen.getByText('Next share: 3,333 Ft')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More shares' })).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Pay one share more' }).disabled).toBe(true);
    expect(total()).toBe('3,333\u00a0Ft');
  });

  it('a 409 shows the server message and reads the list again; a line taken meanwhile drops out live', async () => {
    const payments = usePayments({
      createError: { status: 409, message: 'Some of these items are already being paid' },
    });
    await openSummary();
    fireEvent.click(screen.getByRole('button', { name: 'Pay together' }));
    expect(total()).toBe('7,680\u00a0Ft');
    const reads = payments.state.payableReads;
    payments.state.payable = makePayable({
      lines: [
        payableLine({
          orderItemId: 101,
          en: 'Goulash soup',
          hu: 'Gulyásleves',
          unitPrice: 2490,
          quantity: 2,
        }),
        payableLine({
          orderItemId: 201,
          en: 'Draught beer',
          hu: 'Csapolt sör',
          unitPrice: 900,
          quantity: 4,
          reservedQuantity: 4,
          isMine: false,
        }),
      ],
    });
    fireEvent.click(payButton('7,680'));
    expect((await screen.findByRole('alert')).textContent).toBe('Some of these items are already being paid');
    await waitFor(() => expect(payments.state.payableReads).toBeGreaterThan(reads));
    await waitFor(() => expect(total()).toBe('4,980\u00a0Ft'));
    expect(within(line(201)).getByText('Someone else is paying for this')).toBeTruthy();

    // Someone else's payment of the goulash starts: the live event makes the list read again.
    payments.state.payable = makePayable({
      lines: [
        payableLine({
          orderItemId: 101,
          en: 'Goulash soup',
          hu: 'Gulyásleves',
          quantity: 2,
          reservedQuantity: 2,
        }),
      ],
    });
    const socket = await waitFor(() => {
      const latest = FakeWebSocket.latest();
      if (!latest) throw new Error('no socket yet');
      return latest;
    });
    act(() =>
      socket.send({
        type: 'payment.changed',
        cursor: 8,
        tableId: 1,
        visitId: 5,
        paymentId: PAYMENT_ID,
        status: 'PENDING',
        method: 'CARD',
        amount: 4980,
      }),
    );
    await waitFor(() => expect(within(line(101)).getByText('Someone else is paying for this')).toBeTruthy());
    expect(screen.getByText('No items are marked for payment')).toBeTruthy();
    expect(FakeWebSocket.all.filter((s) => !s.closed)).toHaveLength(1);
  });

  it('says so when nothing is payable', async () => {
    usePayments({ payable: makePayable({ lines: [], unpaidAmount: 0, leftAmount: 0 }) });
    renderApp('/payment/demo/1/en');
    expect(await screen.findByText('There are no orders to pay', {}, { timeout: 4000 })).toBeTruthy();
  });
});
