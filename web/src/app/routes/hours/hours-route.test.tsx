import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hoursServer } from '../../../features/hours/testing/hours-handlers.ts';
import { menuWindowsServer } from '../../../features/menu-windows/testing/menu-windows-handlers.ts';
import { fakeStaffLivePerTest } from '../../../features/staff/testing/fake-staff-socket.ts';
import { CSRF, staffServer } from '../../../features/staff/testing/staff-handlers.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';

fakeStaffLivePerTest();
beforeEach(() => {
  // Issue 28: the menu's time windows are a section of this screen (decision 075).
  server.use(...menuWindowsServer().handlers);
  // Only the date is fixed (Monday 23 March 2026, 22:30 in Budapest); timers run as they do.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-23T22:30:00+01:00'));
});
afterEach(() => {
  vi.useRealTimers();
});

function day(name: string): HTMLElement {
  return screen.getByRole('group', { name });
}

describe('the hours screen', () => {
  it('a manager sets a week with a span past midnight, a closed day and the cut-off; the save carries the CSRF token', async () => {
    const hours = hoursServer();
    server.use(...hours.handlers, ...staffServer({ role: 'MANAGER' }).handlers);
    renderApp('/staff/hours/en');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Opening hours' }, { timeout: 4000 }),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Staff console' });
    expect(within(nav).getByRole('link', { name: 'Opening hours' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(await screen.findByText('No hours are set: guests can order at any time.')).toBeTruthy();
    expect(screen.getByText(/in the restaurant's time zone: Europe\/Budapest/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change it in Set-up' }).getAttribute('href')).toBe(
      '/staff/setup/en',
    );
    expect(within(day('Monday')).getByText('Closed')).toBeTruthy();

    // Adding a span moves the focus to its opening time.
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Monday' }));
    const mondayOpens = within(day('Monday')).getByLabelText('Opens');
    await waitFor(() => expect(document.activeElement).toBe(mondayOpens));
    fireEvent.change(mondayOpens, { target: { value: '11:00' } });
    fireEvent.change(within(day('Monday')).getByLabelText('Closes'), { target: { value: '22:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Friday' }));
    fireEvent.change(within(day('Friday')).getByLabelText('Opens'), { target: { value: '18:00' } });
    fireEvent.change(within(day('Friday')).getByLabelText('Closes'), { target: { value: '02:00' } });
    expect(within(day('Friday')).getByText('(next day)')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add a closed day' }));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-12-24' } });
    fireEvent.change(screen.getByLabelText('Note (for the staff)'), { target: { value: ' Christmas Eve ' } });
    fireEvent.change(screen.getByLabelText('Business day starts at'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the hours' }));

    expect(await screen.findByText('The opening hours are saved.')).toBeTruthy();
    expect(hours.state.writes).toEqual([
      {
        csrf: CSRF,
        body: {
          spans: [
            { weekday: 1, opens: 660, closes: 1320 },
            { weekday: 5, opens: 1080, closes: 120 },
          ],
          closedDays: [{ date: '2026-12-24', note: 'Christmas Eve' }],
          businessDayCutoffHour: 5,
          version: 0,
        },
      },
    ]);
    // Monday 22:30: what a diner's page says right now.
    expect(
      await screen.findByText(
        'Right now guests read: “Ordering is closed now. It opens on Friday at 18:00.”',
      ),
    ).toBeTruthy();

    // Removing a span gives the focus to its day's "Add" button.
    fireEvent.click(screen.getByRole('button', { name: 'Remove Monday 11:00–22:00' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add hours on Monday' })),
    );
    expect(within(day('Monday')).getByText('Closed')).toBeTruthy();
  });

  it('announces a refusal: overlapping spans (422) and a stale save (409) with a reload', async () => {
    const hours = hoursServer({ spans: [{ weekday: 5, opens: 1080, closes: 120 }], version: 3 });
    server.use(...hours.handlers, ...staffServer({ role: 'OWNER' }).handlers);
    renderApp('/staff/hours/en');
    await screen.findByRole('button', { name: 'Add hours on Saturday' }, { timeout: 4000 });
    fireEvent.click(screen.getByRole('button', { name: 'Add hours on Saturday' }));
    fireEvent.change(within(day('Saturday')).getByLabelText('Opens'), { target: { value: '01:00' } });
    fireEvent.change(within(day('Saturday')).getByLabelText('Closes'), { target: { value: '09:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the hours' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Not saved: spans.1: Saturday 01:00–09:00 overlaps Friday 18:00–02:00; join them or move one',
    );

    // Someone else saved meanwhile: the save is refused, and reloading shows their hours.
    hours.state.hours = {
      ...hours.state.hours,
      spans: [{ weekday: 7, opens: 720, closes: 1200 }],
      version: 4,
    };
    fireEvent.change(within(day('Saturday')).getByLabelText('Opens'), { target: { value: '10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the hours' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('saved by someone else since you opened them'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Reload the hours' }));
    await waitFor(() => expect(within(day('Sunday')).getByLabelText('Opens')).toBeTruthy());
    expect((within(day('Sunday')).getByLabelText('Opens') as HTMLInputElement).value).toBe('12:00');
    expect(within(day('Saturday')).getByText('Closed')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a waiter has no link to it and is told it is not theirs', async () => {
    server.use(...hoursServer().handlers, ...staffServer({ role: 'WAITER' }).handlers);
    renderApp('/staff/hours/en');
    expect(
      await screen.findByText('Only owners and managers set the opening hours.', undefined, {
        timeout: 4000,
      }),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Staff console' });
    expect(within(nav).queryByRole('link', { name: 'Opening hours' })).toBeNull();
  });

  it('holds the menu time windows as a section below the hours (issue 28)', async () => {
    const hours = hoursServer();
    server.use(...hours.handlers, ...staffServer({ role: 'MANAGER' }).handlers);
    renderApp('/staff/hours/en');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Menu times' }, { timeout: 4000 }),
    ).toBeTruthy();
    const form = await screen.findByRole('form', { name: 'Menu times' });
    expect(within(form).getByRole('button', { name: 'Add a time window: Breakfast' })).toBeTruthy();
  });
});
