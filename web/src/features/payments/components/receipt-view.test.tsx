import { SESSION_STORAGE_KEY } from '@tablo/contract/session-keys';
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GUIDE_SEEN_STORAGE_KEY } from '../../../config/constants.ts';
import { DEMO_SESSION_ID } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';
import { makeReceipt, orderChoice, PAYMENT_ID, paymentsServer } from '../testing/payment-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());
beforeEach(() => {
  localStorage.setItem(SESSION_STORAGE_KEY, DEMO_SESSION_ID);
  localStorage.setItem(GUIDE_SEEN_STORAGE_KEY, 'yes');
});

const RECEIPT = `/receipt/demo/1/en?payment=${PAYMENT_ID}`;

function rows(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent?.replace(/\u00a0/g, ' ')),
    );
}

describe('receipt', () => {
  it('prints the restaurant, items, VAT per rate, tip, total and method', async () => {
    const payments = paymentsServer();
    server.use(...payments.handlers);
    renderApp(RECEIPT);
    expect(await screen.findByText('Demo Bistro', { selector: 'p' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('Table 1', { selector: 'p' })).toBeTruthy();
    const [items, vat] = screen.getAllByRole('table') as [HTMLElement, HTMLElement];
    expect(rows(items)).toEqual([
      ['Goulash soup', '2', '2,490 Ft', '4,980 Ft'],
      ['Lángos', '1', '1,050 Ft', '1,050 Ft'],
    ]);
    expect(within(vat).getByText('VAT by rate')).toBeTruthy();
    expect(rows(vat)).toEqual([
      ['5 %', '1,000 Ft', '50 Ft', '1,050 Ft'],
      ['27 %', '3,921 Ft', '1,059 Ft', '4,980 Ft'],
    ]);
    expect(document.querySelector('[data-receipt]')?.textContent).toContain('Total6,630');
    expect(screen.getByText('Paid by card to the waiter')).toBeTruthy();
    expect(document.querySelector('[data-receipt-shares]')).toBeNull();
    expect(payments.state.sessions).toEqual(new Set([DEMO_SESSION_ID]));

    // happy-dom has no print dialog: the button's call is what is checked.
    const print = vi.fn();
    vi.stubGlobal('print', print);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  // Issue 24 §15: who issued it, its number, the time on the restaurant's clock, what kind of receipt it is.
  it('prints the address, tax number, receipt number and the time in the restaurant’s time zone', async () => {
    server.use(
      ...paymentsServer({
        receipt: makeReceipt({
          restaurantAddress: '1052 Budapest, Váci utca 1.',
          taxNumber: '12345678-2-41',
          // 18:31 UTC is 13:31 in New York, whatever the phone's own zone.
          timeZone: 'America/New_York',
          method: 'ONLINE',
        }),
      }).handlers,
    );
    renderApp(RECEIPT);
    expect(await screen.findByText('1052 Budapest, Váci utca 1.', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('Tax number: 12345678-2-41')).toBeTruthy();
    expect(screen.getByText('Receipt no. 20261123-0B5E4A52')).toBeTruthy();
    expect(screen.getByText(/Nov 23, 2026, 1:31\sPM/)).toBeTruthy();
    expect(screen.getByText('Paid online')).toBeTruthy();
    expect(screen.queryByText('Pay online')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Payment receipt' })).toBeTruthy();
    expect(
      screen.getByText(
        "This confirms your payment. It is not a fiscal receipt: the restaurant's till issues that.",
      ),
    ).toBeTruthy();
  });

  it('leaves out an address and a tax number the restaurant has not set', async () => {
    server.use(...paymentsServer().handlers);
    renderApp(RECEIPT);
    expect(await screen.findByText('Receipt no. 20261123-0B5E4A52', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.queryByText(/Tax number/)).toBeNull();
    // 18:31 UTC on the restaurant's Budapest clock.
    expect(screen.getByText(/Nov 23, 2026, 7:31\sPM/)).toBeTruthy();
  });

  it('names the shares a share payment covers', async () => {
    server.use(
      ...paymentsServer({
        receipt: makeReceipt({ shares: { count: 2, of: 4, splitAmount: 8000, splitItems: [] } }),
      }).handlers,
    );
    renderApp(RECEIPT);
    expect((await screen.findByText('Equal shares: 2 of 4', {}, { timeout: 4000 })).textContent).toBe(
      'Equal shares: 2 of 4',
    );
  });

  // Issue 27: the receipt lists each line's choices under the dish; the unit price already includes them.
  it('lists the choices under each line', async () => {
    const receipt = makeReceipt();
    const [goulash, langos] = receipt.items as [(typeof receipt.items)[0], (typeof receipt.items)[0]];
    const coffee = {
      ...goulash,
      orderItemId: 104,
      titles: [{ isoCode: 'en' as const, title: 'Coffee' }],
      unitPrice: 1100,
      quantity: 1,
      amount: 1100,
      choices: [orderChoice(51, 'Large', 'Groß', 300), orderChoice(52, 'Oat milk', 'Hafermilch', 200)],
    };
    server.use(...paymentsServer({ receipt: { ...receipt, items: [goulash, langos, coffee] } }).handlers);
    renderApp(RECEIPT);
    const row = (await screen.findByRole('rowheader', { name: /Coffee/ }, { timeout: 4000 })).closest('tr');
    expect(
      within(row as HTMLElement)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/\u00a0/g, ' ')),
    ).toEqual(['Large +300 Ft', 'Oat milk +200 Ft']);
    expect(within(screen.getAllByRole('table')[0] as HTMLElement).getAllByRole('listitem')).toHaveLength(2);
  });

  it('a payment that has not succeeded has no receipt', async () => {
    server.use(
      http.get('/api/payments/:paymentId/receipt', () =>
        HttpResponse.json(
          { statusCode: 409, error: 'Conflict', message: 'Only a succeeded payment has a receipt' },
          { status: 409 },
        ),
      ),
    );
    renderApp(RECEIPT);
    expect(
      await screen.findByText('A receipt is available once the payment has succeeded', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the payment result' }).getAttribute('href')).toBe(
      `/payment-success/demo/1/en?payment=${PAYMENT_ID}`,
    );
  });
});
