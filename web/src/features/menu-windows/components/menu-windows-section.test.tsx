import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { LanguageProvider } from '../../../providers/language.tsx';
import { renderRoute } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';
import { menuWindowsServer } from '../testing/menu-windows-handlers.ts';
import { MenuWindowsSection } from './menu-windows-section.tsx';

function renderSection(lang = 'en', options?: Parameters<typeof menuWindowsServer>[0]) {
  const fake = menuWindowsServer(options);
  server.use(...fake.handlers);
  let signedOut = 0;
  const view = renderRoute(
    '/staff/hours/:lang',
    `/staff/hours/${lang}`,
    <LanguageProvider>
      <Suspense fallback={null}>
        <MenuWindowsSection csrfToken="csrf-1" shortName="demo" onSignedOut={() => signedOut++} />
      </Suspense>
    </LanguageProvider>,
  );
  return { ...view, fake, signedOut: () => signedOut };
}

const OPTIONS = { timeout: 4000 };

describe('menu windows section', () => {
  it('gives breakfast a weekday window from 07:00 to 10:30 and saves it with the CSRF token', async () => {
    const { fake } = renderSection();
    const form = await screen.findByRole('form', { name: 'Menu times' }, OPTIONS);
    expect(within(form).getByText(/Europe\/Budapest/)).toBeTruthy();
    expect(within(form).getAllByText('Always offered').length).toBeGreaterThan(0);

    fireEvent.click(within(form).getByRole('button', { name: 'Add a time window: Breakfast' }));
    const window = within(form).getByRole('group', { name: 'Breakfast: time window 1' });
    // Every day is ticked by default: Saturday and Sunday off.
    fireEvent.click(within(window).getByRole('checkbox', { name: 'Saturday' }));
    fireEvent.click(within(window).getByRole('checkbox', { name: 'Sunday' }));
    expect((within(window).getByRole('checkbox', { name: 'Monday' }) as HTMLInputElement).checked).toBe(true);
    expect((within(window).getByLabelText('From') as HTMLInputElement).value).toBe('07:00');
    fireEvent.change(within(window).getByLabelText('Until'), { target: { value: '10:30' } });

    fireEvent.click(within(form).getByRole('button', { name: 'Save menu times' }));
    expect(await screen.findByText('Menu times saved. Open menus follow at once.', {}, OPTIONS)).toBeTruthy();
    expect(fake.state.saves).toEqual([
      {
        csrf: 'csrf-1',
        body: {
          categories: [
            { categoryId: 1, windows: [{ weekdays: [1, 2, 3, 4, 5], startMinute: 420, endMinute: 630 }] },
          ],
          items: [],
        },
      },
    ]);
    // The saved window is shown from the server's answer.
    const saved = await screen.findByRole('group', { name: 'Breakfast: time window 1' });
    expect((within(saved).getByLabelText('Until') as HTMLInputElement).value).toBe('10:30');
  });

  it('a dish of its own, over midnight; an empty window is refused before sending, and the server’s error is announced', async () => {
    const { fake } = renderSection();
    const form = await screen.findByRole('form', { name: 'Menu times' }, OPTIONS);
    fireEvent.click(within(form).getByText('Times of single dishes in Breakfast'));
    fireEvent.click(within(form).getByRole('button', { name: 'Add a time window: Pancakes' }));
    const window = within(form).getByRole('group', { name: 'Pancakes: time window 1' });
    fireEvent.change(within(window).getByLabelText('From'), { target: { value: '22:00' } });
    fireEvent.change(within(window).getByLabelText('Until'), { target: { value: '02:00' } });
    expect(within(window).getByText('Runs past midnight into the next day.')).toBeTruthy();

    // No day ticked: said at once, nothing sent.
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
      fireEvent.click(within(window).getByRole('checkbox', { name: day }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save menu times' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Pancakes: choose at least one day for each time window.',
    );
    expect(fake.state.saves).toEqual([]);

    fireEvent.click(within(window).getByRole('checkbox', { name: 'Friday' }));
    fake.state.refuse = { status: 422, message: "Menu item 12 is not on this restaurant's menu" };
    fireEvent.click(within(form).getByRole('button', { name: 'Save menu times' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        "Not saved: Menu item 12 is not on this restaurant's menu",
      ),
    );
    expect(fake.state.saves[0]?.body).toEqual({
      categories: [],
      items: [{ menuItemId: 12, windows: [{ weekdays: [5], startMinute: 1320, endMinute: 120 }] }],
    });
  });

  it('speaks Hungarian, and announces a failed load with a retry', async () => {
    renderSection('hu', { failRead: true });
    const alert = await screen.findByRole('alert', {}, OPTIONS);
    expect(within(alert).getByText('A menü időpontjait nem sikerült betölteni.')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Újra' })).toBeTruthy();
  });

  it('labels the days in the language shown', async () => {
    renderSection('hu');
    const form = await screen.findByRole('form', { name: 'Menü időpontjai' }, OPTIONS);
    fireEvent.click(within(form).getByRole('button', { name: 'Időablak hozzáadása: Reggeli' }));
    const window = within(form).getByRole('group', { name: 'Reggeli: 1. időablak' });
    expect(within(window).getByRole('checkbox', { name: 'hétfő' })).toBeTruthy();
  });
});
