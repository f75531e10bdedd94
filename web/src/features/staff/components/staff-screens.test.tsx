import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';
import { setStaffSocketFactory } from '../hooks/use-staff-live.ts';
import { setChimeContextFactory } from '../sound/chime.ts';
import { FakeStaffSocket } from '../testing/fake-staff-socket.ts';
import { staffServer } from '../testing/staff-handlers.ts';

beforeEach(() => {
  FakeStaffSocket.all = [];
  setStaffSocketFactory((url) => new FakeStaffSocket(url));
  setChimeContextFactory(() => null);
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
  it('shows every table; closing asks first and ends the visit', async () => {
    const fake = useStaff();
    renderApp('/staff/tables/en');
    const row = (await screen.findByRole('rowheader', { name: 'Table 1' }, { timeout: 4000 })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('8,970 Ft')).toBeTruthy();
    expect(within(row).getByText('Orders: 2')).toBeTruthy();
    expect(within(row).getByText(/Bill requested/)).toBeTruthy();
    const close = within(row).getByRole('button', { name: 'Close table 1' });
    close.focus();
    fireEvent.click(close);
    const dialog = await screen.findByRole('dialog', { name: 'Close table 1?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close table' }));
    await waitFor(() => expect(fake.state.writes).toHaveLength(1), { timeout: 1500 });
    expect(await within(row).findByText('Free', {}, { timeout: 3000 })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Close table 1' })).toBeNull();
    expect(fake.state.writes[0]).toEqual({
      method: 'POST',
      path: '/api/staff/tables/1/close',
      csrf: 'csrf-token-123',
      body: {},
    });
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
      await screen.findByRole('button', { name: 'Mark Goulash soup sold out' }, { timeout: 4000 }),
    );
    const again = await screen.findByRole('button', { name: 'Mark Goulash soup available' });
    expect(screen.getByRole('button', { name: 'Mark Bean soup available' })).toBeTruthy();
    fireEvent.click(again);
    expect(await screen.findByRole('button', { name: 'Mark Goulash soup sold out' })).toBeTruthy();
    expect(fake.state.writes.map((w) => w.body)).toEqual([
      { availabilityType: 'SOLD_OUT' },
      { availabilityType: 'AVAILABLE' },
    ]);
    expect(fake.state.writes.every((w) => w.method === 'PUT' && w.csrf === 'csrf-token-123')).toBe(true);
  });
});
