import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';
import { fakeStaffLivePerTest } from '../testing/fake-staff-socket.ts';
import { staffServer } from '../testing/staff-handlers.ts';

fakeStaffLivePerTest();

const goulashRow = () => document.querySelector<HTMLElement>('[data-item="11"]') as HTMLElement;

// Issue 28 (docs/decisions/075): a waiter chooses "Sold out for today" (back at the day's cut-off by itself)
// or "Mark sold out" (until someone marks it available).
describe('sold out for today', () => {
  it('sells a dish out for today, says when it is back on the restaurant’s clock, and takes it back', async () => {
    const fake = staffServer({ role: 'WAITER' });
    server.use(...fake.handlers);
    renderApp('/staff/menu/en');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Sold out for today: Goulash soup' }, { timeout: 4000 }),
    );
    const back = await screen.findByRole('button', { name: 'Mark available: Goulash soup' });
    // 03:00 UTC is 04:00 in Budapest, whatever the tablet's own zone.
    expect(within(goulashRow()).getByText(/^Sold out for today, back at 0?4:00/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sold out for today: Goulash soup' })).toBeNull();

    fireEvent.click(back);
    expect(await screen.findByRole('button', { name: 'Sold out for today: Goulash soup' })).toBeTruthy();
    await waitFor(() => expect(within(goulashRow()).getByText('Available')).toBeTruthy());
    expect(fake.state.writes.map((w) => [w.path, w.body])).toEqual([
      ['/api/staff/menu-items/11/availability', { availabilityType: 'SOLD_OUT', soldOutFor: 'TODAY' }],
      ['/api/staff/menu-items/11/availability', { availabilityType: 'AVAILABLE' }],
    ]);
  });

  it('shows a dish already sold out for today as such when the screen opens; a plain sold out stays plain', async () => {
    const fake = staffServer({ role: 'WAITER' });
    fake.state.soldOutToday.push({ menuItemId: 11, soldOutUntil: '2026-11-28T03:00:00.000Z' });
    for (const category of fake.state.menu)
      for (const item of category.menuItems) if (item.id === 11) item.availabilityType = 'SOLD_OUT';
    server.use(...fake.handlers);
    renderApp('/staff/menu/hu');
    await waitFor(() => expect(goulashRow()).toBeTruthy(), { timeout: 4000 });
    expect(await within(goulashRow()).findByText('Mára elfogyott, 4:00-kor újra elérhető')).toBeTruthy();
    const bean = document.querySelector<HTMLElement>('[data-item="12"]') as HTMLElement;
    expect(within(bean).getByText('Elfogyott')).toBeTruthy();
  });
});
