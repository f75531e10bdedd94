import { SESSION_STORAGE_KEY } from '@tablo/contract/session-keys';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { GUIDE_SEEN_STORAGE_KEY } from '../../../config/constants.ts';
import { DEMO_SESSION_ID } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';
import { makeReceipt, PAYMENT_ID, paymentsServer } from '../testing/payment-fixtures.ts';

/** Issue 23 point 8: the diner's receipt shows what the restaurant refunded, and why. */

beforeEach(() => {
  localStorage.setItem(SESSION_STORAGE_KEY, DEMO_SESSION_ID);
  localStorage.setItem(GUIDE_SEEN_STORAGE_KEY, 'yes');
});

const RECEIPT = `/receipt/demo/1/en?payment=${PAYMENT_ID}`;

describe('the receipt’s refunds', () => {
  it('lists each refund with its reason and what the payment came to after them', async () => {
    const receipt = makeReceipt();
    server.use(
      ...paymentsServer({
        receipt: {
          ...receipt,
          refunds: [
            { amount: 1000, reason: 'The soup was cold', refundedAt: '2026-11-27T19:05:00.000Z' },
            { amount: 630, reason: 'Tip given back', refundedAt: '2026-11-27T19:10:00.000Z' },
          ],
        },
      }).handlers,
    );
    renderApp(RECEIPT);
    const block = await screen.findByRole('region', { name: 'Refunds' }, { timeout: 4000 });
    const rows = within(block)
      .getAllByRole('listitem')
      .map((row) => row.textContent?.replace(/\u00a0/g, ' '));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^Refund of .+: The soup was cold−1,000 Ft$/);
    expect(rows[1]).toMatch(/^Refund of .+: Tip given back−630 Ft$/);
    expect(block.textContent?.replace(/\u00a0/g, ' ')).toContain(
      `Paid after refunds${(receipt.total - 1630).toLocaleString('en')} Ft`,
    );
  });

  it('shows no refunds block for a payment nothing was refunded of', async () => {
    server.use(...paymentsServer().handlers);
    renderApp(RECEIPT);
    expect(await screen.findByText('Print', {}, { timeout: 4000 })).toBeTruthy();
    expect(document.querySelector('[data-receipt-refunds]')).toBeNull();
  });
});
