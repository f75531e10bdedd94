import {
  CreateRefundRequestSchema,
  IDEMPOTENCY_HEADER,
  type StaffPayment,
  StaffPaymentSchema,
} from '@tablo/contract/refund';
import { CSRF_HEADER } from '@tablo/contract/staff';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';
import { fakeStaffLivePerTest } from '../testing/fake-staff-socket.ts';
import { CSRF, staffServer } from '../testing/staff-handlers.ts';

/** Issue 23 point 8: the console's refunds, for owners and managers, by keyboard and screen reader. */

fakeStaffLivePerTest();

const PAYMENT_ID = '7b0c4a52-52a4-4e8c-9f5e-0c4f3b7f2a11';

function cashPayment(): StaffPayment {
  return StaffPaymentSchema.parse({
    id: PAYMENT_ID,
    tableNumber: 3,
    method: 'CASH',
    status: 'SUCCEEDED',
    amount: 3480,
    tip: 520,
    currency: 'HUF',
    paidAt: '2026-11-27T18:30:00.000Z',
    refundedAmount: 0,
    refundableAmount: 4000,
    refunds: [],
  });
}

/** The staff payments API: refunds are kept, the first POST may fail with `failFirst`. */
function paymentsApi(options: { failFirst?: number } = {}) {
  const payment = cashPayment();
  const posts: { key: string | null; csrf: string | null; body: unknown }[] = [];
  let failures = options.failFirst === undefined ? 0 : 1;
  const handlers = [
    http.get('/api/staff/payments', () => HttpResponse.json({ payments: [payment] })),
    http.post('/api/staff/payments/:paymentId/refunds', async ({ request }) => {
      const body = CreateRefundRequestSchema.parse(await request.json());
      posts.push({
        key: request.headers.get(IDEMPOTENCY_HEADER),
        csrf: request.headers.get(CSRF_HEADER),
        body,
      });
      if (failures-- > 0) {
        const status = options.failFirst as number;
        return HttpResponse.json(
          { statusCode: status, error: 'Bad Gateway', message: 'The payment provider could not be reached' },
          { status },
        );
      }
      const refund = {
        id: crypto.randomUUID(),
        paymentId: PAYMENT_ID,
        ...body,
        method: 'CASH',
        status: 'SUCCEEDED',
        refundedBy: 'anna@demo.example',
        createdAt: '2026-11-27T19:00:00.000Z',
        refundedAt: '2026-11-27T19:00:00.000Z',
      };
      payment.refunds.push(refund as StaffPayment['refunds'][number]);
      payment.refundedAmount += body.amount;
      payment.refundableAmount -= body.amount;
      return HttpResponse.json(refund, { status: 201 });
    }),
  ];
  return { handlers, posts };
}

function useConsole(role: 'MANAGER' | 'WAITER', api = paymentsApi()) {
  server.use(...api.handlers, ...staffServer({ role }).handlers);
  return api;
}

describe('payments and refunds screen', () => {
  it('a manager refunds part of a cash payment with a reason; the form says what is wrong first', async () => {
    const api = useConsole('MANAGER');
    renderApp('/staff/payments/en');
    expect(await screen.findByRole('link', { name: 'Payments' }, { timeout: 4000 })).toBeTruthy();
    const row = (await screen.findByRole('rowheader', { name: 'Table 3' }, { timeout: 4000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText(/^including 520.Ft tip$/)).toBeTruthy();
    const open = within(row).getByRole('button', { name: /^Refund the Cash payment of table 3, 4,000.Ft$/ });
    open.focus();
    fireEvent.click(open);

    const dialog = await screen.findByRole('dialog', { name: /^Refund: table 3, Cash, 4,000.Ft$/ });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(document.activeElement).toBe(reason);
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to refund' }) as HTMLInputElement;
    expect(amount.value).toBe('4000');

    // Too much and no reason: both are announced and tied to their fields; nothing is sent.
    fireEvent.change(amount, { target: { value: '4001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    const alerts = await within(dialog).findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent?.replace(/\u00a0/g, ' '))).toEqual([
      'Enter a whole amount from 1 to 4,000 Ft',
      'Write the reason for the refund',
    ]);
    expect(reason.getAttribute('aria-describedby')).toContain(alerts[1]?.id);
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-describedby')).toContain(alerts[0]?.id);
    expect(document.activeElement).toBe(amount);
    fireEvent.change(amount, { target: { value: '1 000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Refund 1,000.Ft$/ }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Write the reason for the refund');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(api.posts).toEqual([]);

    fireEvent.change(reason, { target: { value: 'The soup was cold' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Refund 1,000.Ft$/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });
    expect(api.posts).toEqual([
      {
        key: expect.stringMatching(/^[\w-]{8,128}$/),
        csrf: CSRF,
        body: { amount: 1000, reason: 'The soup was cold' },
      },
    ]);
    expect(
      await within(row).findByText('The soup was cold', { exact: false }, { timeout: 3000 }),
    ).toBeTruthy();
    expect(within(row).getByText('refunded')).toBeTruthy();
  });

  it('sending again after a failed answer sends the same Idempotency-Key (never a second refund)', async () => {
    const api = useConsole('MANAGER', paymentsApi({ failFirst: 502 }));
    renderApp('/staff/payments/en');
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: /^Refund the Cash payment of table 3, 4,000.Ft$/ },
        { timeout: 4000 },
      ),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Amount to refund' }), {
      target: { value: '1000' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Wrong bill' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /^Refund 1,000.Ft$/ }));
    await waitFor(() => expect(api.posts).toHaveLength(1));
    // The dialog stays open with what was typed; the second try is the same refund.
    const again = await within(dialog).findByRole('button', { name: /^Refund 1,000.Ft$/ });
    await waitFor(() => expect((again as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(again);
    await waitFor(() => expect(api.posts).toHaveLength(2));
    expect(api.posts[1]?.key).toBe(api.posts[0]?.key);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 3000 });

    // The next refund of the payment is another one: a new key.
    fireEvent.click(
      await screen.findByRole('button', { name: /^Refund the Cash payment of table 3, 4,000.Ft$/ }),
    );
    const next = await screen.findByRole('dialog');
    fireEvent.change(within(next).getByRole('textbox', { name: 'Amount to refund' }), {
      target: { value: '10' },
    });
    fireEvent.change(within(next).getByRole('textbox', { name: 'Reason' }), {
      target: { value: 'Wrong bill' },
    });
    fireEvent.click(within(next).getByRole('button', { name: /^Refund 10.Ft$/ }));
    await waitFor(() => expect(api.posts).toHaveLength(3));
    expect(api.posts[2]?.key).not.toBe(api.posts[0]?.key);
  });

  it('a waiter has no Payments screen', async () => {
    useConsole('WAITER');
    renderApp('/staff/payments/en');
    expect(await screen.findByText('Your role cannot use this screen.', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Payments' })).toBeNull();
  });
});
