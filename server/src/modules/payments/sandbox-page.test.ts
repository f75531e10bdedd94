import { describe, expect, it } from 'vitest';
import { renderCheckoutPage } from './sandbox-page.ts';

const model = {
  paymentId: '00000000-0000-4000-8000-000000000001',
  merchant: 'Demo',
  tableNumber: 3,
  amount: 1005,
  tip: 0,
  currency: 'HUF',
  token: 'token',
  lang: 'hu',
  finished: null,
};

describe('sandbox checkout page', () => {
  // Issue 24 point 16: hu-HU's Intl leaves four digits ungrouped ("1005 Ft"); the app writes "1 005 Ft".
  it('groups four-digit amounts in threes, as the app shows them', () => {
    const page = renderCheckoutPage(model);
    expect(page).toContain('1\u00a0005 Ft');
    expect(page).not.toContain('1005 Ft');
    expect(renderCheckoutPage({ ...model, amount: 12_430, tip: 1_000 })).toContain('13\u00a0430 Ft');
  });
});
