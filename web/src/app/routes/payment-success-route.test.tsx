import { SESSION_STORAGE_KEY } from '@tablo/contract/session-keys';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUIDE_SEEN_STORAGE_KEY } from '../../config/constants.ts';
import { setLiveSocketFactory } from '../../features/ordering/hooks/use-table-live.ts';
import { tableTokenKey } from '../../features/ordering/state/table-token.ts';
import { FakeWebSocket, orderingServer } from '../../features/ordering/testing/ordering-fixtures.ts';
import { PENDING_POLL_MS } from '../../features/payments/api/payment-result.ts';
import { makePayment, PAYMENT_ID, paymentsServer } from '../../features/payments/testing/payment-fixtures.ts';
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
afterEach(() => {
  setLiveSocketFactory(undefined);
  vi.useRealTimers();
});

function usePayments(options?: Parameters<typeof paymentsServer>[0]) {
  const payments = paymentsServer(options);
  server.use(...orderingServer().handlers, ...payments.handlers);
  return payments;
}

const RESULT = `/payment-success/demo/1/en?payment=${PAYMENT_ID}`;
const status = () => document.querySelector('[data-payment-status]')?.getAttribute('data-payment-status');

async function liveSocket() {
  return waitFor(() => {
    const socket = FakeWebSocket.latest();
    if (!socket) throw new Error('no socket yet');
    return socket;
  });
}

describe('payment result', () => {
  it('follows a pending cash payment live until it succeeds, then offers the receipt', async () => {
    const payments = usePayments();
    renderApp(RESULT);
    expect(await screen.findByText('Waiting for confirmation', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText(/A waiter will come to your table/)).toBeTruthy();
    expect(screen.getByText('Still to pay at the table: 2,700 Ft')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View the receipt' })).toBeNull();
    expect(payments.state.sessions).toEqual(new Set([DEMO_SESSION_ID]));

    payments.state.result = {
      payment: makePayment({ status: 'SUCCEEDED', expiresAt: null }),
      unpaidAmount: 2700,
    };
    const socket = await liveSocket();
    act(() =>
      socket.send({
        type: 'payment.changed',
        cursor: 9,
        tableId: 1,
        visitId: 5,
        paymentId: PAYMENT_ID,
        status: 'SUCCEEDED',
        method: 'CASH',
        amount: 4980,
      }),
    );
    expect(await screen.findByText('Payment successful')).toBeTruthy();
    expect(status()).toBe('SUCCEEDED');
    // The state is a status region: screen readers hear the change.
    expect(document.querySelector('[data-payment-status] [role="status"]')?.textContent).toContain(
      'Payment successful',
    );
    const receipt = screen.getByRole('link', { name: 'View the receipt' });
    expect(receipt.getAttribute('href')).toBe(`/receipt/demo/1/en?payment=${PAYMENT_ID}`);
    expect(screen.getByRole('link', { name: 'Go to payment' }).getAttribute('href')).toBe(
      '/payment/demo/1/en',
    );
  });

  it('polls a pending payment every few seconds when no event arrives', async () => {
    const payments = usePayments();
    renderApp(RESULT);
    await screen.findByText('Waiting for confirmation', {}, { timeout: 4000 });
    const reads = payments.state.resultReads;
    payments.state.result = { payment: makePayment({ status: 'SUCCEEDED' }), unpaidAmount: 0 };
    // The poll (not a live event) brings the news.
    expect(
      await screen.findByText('Payment successful', {}, { timeout: PENDING_POLL_MS + 2000 }),
    ).toBeTruthy();
    expect(payments.state.resultReads).toBe(reads + 1);
    expect(screen.getByText('Everything at the table is paid')).toBeTruthy();
  }, 15_000);

  it('a declined online payment says its items were released and offers to pay again', async () => {
    usePayments({
      result: {
        payment: makePayment({ status: 'FAILED', method: 'ONLINE', checkoutUrl: '/sandbox-checkout/x' }),
        unpaidAmount: 7680,
      },
    });
    renderApp(RESULT);
    expect(await screen.findByText('Payment failed', {}, { timeout: 4000 })).toBeTruthy();
    expect(
      screen.getByText('The payment was declined. Its items were released and can be paid again.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay again' }).getAttribute('href')).toBe('/payment/demo/1/en');
    expect(screen.queryByRole('link', { name: 'View the receipt' })).toBeNull();
    expect(screen.getByText('Pay online', { selector: 'dd' })).toBeTruthy();
  });

  it('an online payment whose money arrived after it had ended says it is refunded', async () => {
    usePayments({
      result: {
        payment: makePayment({
          status: 'CANCELLED',
          method: 'ONLINE',
          checkoutUrl: null,
          lateOutcome: 'REFUNDED',
        }),
        unpaidAmount: 0,
      },
    });
    renderApp(RESULT);
    expect(
      await screen.findByText(
        'Your payment reached us after it had ended, and the items had been paid otherwise: the money was refunded to you (your bank may take a few days to show it).',
        {},
        { timeout: 4000 },
      ),
    ).toBeTruthy();
  });

  it('a payment this session cannot see is "not found"; without ?payment= the empty state stays', async () => {
    usePayments();
    const first = renderApp('/payment-success/demo/1/en?payment=7d1c3a55-0000-4000-8000-000000000000');
    expect(
      await screen.findByText('There is no payment to show here yet', {}, { timeout: 4000 }),
    ).toBeTruthy();
    first.unmount();
    renderApp('/payment-success/demo/1/en');
    expect(await screen.findByText('There is no payment to show here yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to my table' })).toBeTruthy();
  });
});
