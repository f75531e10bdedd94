import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';
import { fakeStaffLivePerTest } from '../testing/fake-staff-socket.ts';
import { staffServer } from '../testing/staff-handlers.ts';

fakeStaffLivePerTest();

function useStaff(options?: Parameters<typeof staffServer>[0]) {
  const fake = staffServer(options);
  server.use(...fake.handlers);
  return fake;
}

describe('kitchen view', () => {
  it('lists what is accepted and not served, item by item, in the member’s language, with Serve', async () => {
    const fake = useStaff({ role: 'KITCHEN' });
    renderApp('/staff/kitchen/hu');
    const order = await screen.findByRole('article', { name: '1. asztal · #6 rendelés' }, { timeout: 4000 });
    expect(within(order).getByText('Rántott hús')).toBeTruthy();
    expect(within(order).getByText('Megjegyzés: no lemon')).toBeTruthy();
    expect(screen.queryByRole('article', { name: /#5 rendelés/ })).toBeNull();
    fireEvent.click(within(order).getByRole('button', { name: '#6 rendelés felszolgálása' }));
    await waitFor(() => expect(screen.queryByRole('article')).toBeNull());
    expect(screen.getByText(/Nincs elkészítendő étel/)).toBeTruthy();
    expect(fake.state.writes[0]).toMatchObject({ path: '/api/staff/orders/6', body: { status: 'SERVED' } });
  });
});

describe('tables screen', () => {
  async function tableRow(table: number) {
    const header = await screen.findByRole('rowheader', { name: `Table ${table}` }, { timeout: 4000 });
    return header.closest('tr') as HTMLElement;
  }

  it('shows every table; closing a paid table asks first and ends the visit', async () => {
    const fake = useStaff();
    renderApp('/staff/tables/en');
    const one = await tableRow(1);
    expect(within(one).getByText('8,970 Ft')).toBeTruthy();
    expect(within(one).getByText('Orders: 2')).toBeTruthy();
    expect(within(one).getByText(/Bill requested/)).toBeTruthy();
    const row = await tableRow(2);
    const close = within(row).getByRole('button', { name: 'Close table 2' });
    close.focus();
    fireEvent.click(close);
    const dialog = await screen.findByRole('dialog', { name: 'Close table 2?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close table' }));
    await waitFor(() => expect(fake.state.writes).toHaveLength(1), { timeout: 1500 });
    expect(await within(row).findByText('Free', {}, { timeout: 3000 })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Close table 2' })).toBeNull();
    expect(fake.state.writes[0]).toEqual({
      method: 'POST',
      path: '/api/staff/tables/2/close',
      csrf: 'csrf-token-123',
      body: { force: false },
    });
  });

  it('a manager sees the unpaid amount first and may close anyway (force)', async () => {
    const fake = useStaff({ role: 'MANAGER' });
    renderApp('/staff/tables/en');
    const row = await tableRow(1);
    fireEvent.click(within(row).getByRole('button', { name: 'Close table 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close table 1?' });
    expect(within(dialog).getByText(/8,970 Ft is still unpaid or in pending payments/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Close table' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close anyway' }));
    expect(await within(row).findByText('Free', {}, { timeout: 3000 })).toBeTruthy();
    expect(fake.state.writes.map((w) => [w.path, w.body, w.csrf])).toEqual([
      ['/api/staff/tables/1/close', { force: true }, 'csrf-token-123'],
    ]);
  });

  it('a waiter is told that a manager must close a table with unpaid items, and sends nothing', async () => {
    const fake = useStaff({ role: 'WAITER' });
    renderApp('/staff/tables/hu');
    const header = await screen.findByRole('rowheader', { name: '1. asztal' }, { timeout: 4000 });
    const row = header.closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: /1\. asztal lezárása/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/még 8\s970\sFt kifizetetlen: csak vezető zárhatja le/)).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Rendben']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rendben' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fake.state.writes).toEqual([]);
  });

  it('a manager enables tables, rotates a token after confirming, and gets the QR code and sheets', async () => {
    const fake = useStaff();
    renderApp('/staff/tables/en');
    const row = (await screen.findByRole('rowheader', { name: 'Table 3' }, { timeout: 4000 })).closest(
      'tr',
    ) as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Enable ordering at table 3' }));
    expect(await within(row).findByText('Enabled')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'New QR code for table 3' }));
    const dialog = await screen.findByRole('dialog', { name: 'New QR code for table 3?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'New QR code' }));
    expect(await screen.findByText('Table 3 has a new QR code')).toBeTruthy();
    expect(fake.state.writes.map((w) => `${w.method} ${w.path} ${JSON.stringify(w.body)}`)).toEqual([
      'PATCH /api/staff/tables/3 {"isEnabled":true}',
      'POST /api/staff/tables/3/rotate-token {}',
    ]);
    expect(
      within(row)
        .getByRole('link', { name: /QR code of table 3/ })
        .getAttribute('href'),
    ).toBe('/api/staff/tables/3/qr.svg');
    expect(screen.getByRole('link', { name: 'QR sheet (PDF, Hungarian)' }).getAttribute('href')).toBe(
      '/api/staff/qr-sheet.pdf?lang=hu',
    );
  });

  it('a waiter closes tables but sees no table management', async () => {
    useStaff({ role: 'WAITER' });
    renderApp('/staff/tables/en');
    const row = (await screen.findByRole('rowheader', { name: 'Table 1' }, { timeout: 4000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Close table 1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New QR code/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /QR/ })).toBeNull();
  });

  it('the kitchen is told the screen is not for its role', async () => {
    useStaff({ role: 'KITCHEN' });
    renderApp('/staff/tables/en');
    expect(await screen.findByText('Your role cannot use this screen.', {}, { timeout: 4000 })).toBeTruthy();
  });
});

describe('menu availability', () => {
  it('marks a dish sold out and available again', async () => {
    const fake = useStaff({ role: 'WAITER' });
    renderApp('/staff/menu/en');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Mark sold out: Goulash soup' }, { timeout: 4000 }),
    );
    const again = await screen.findByRole('button', { name: 'Mark available: Goulash soup' });
    expect(screen.getByRole('button', { name: 'Mark available: Bean soup' })).toBeTruthy();
    fireEvent.click(again);
    expect(await screen.findByRole('button', { name: 'Mark sold out: Goulash soup' })).toBeTruthy();
    expect(fake.state.writes.map((w) => w.body)).toEqual([
      { availabilityType: 'SOLD_OUT' },
      { availabilityType: 'AVAILABLE' },
    ]);
    expect(fake.state.writes.every((w) => w.method === 'PUT' && w.csrf === 'csrf-token-123')).toBe(true);
  });
});
