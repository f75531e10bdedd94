import { OrderChoiceSchema } from '@tablo/contract/menu-options';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';
import { fakeStaffLivePerTest } from '../testing/fake-staff-socket.ts';
import { demoBoard } from '../testing/staff-fixtures.ts';
import { staffServer } from '../testing/staff-handlers.ts';

fakeStaffLivePerTest();

function choice(optionId: number, en: string, hu: string, quantity: number, priceDelta: number) {
  return OrderChoiceSchema.parse({
    optionId,
    groupId: 1,
    groupTitles: [{ isoCode: 'en', title: 'Extras' }],
    titles: [
      { isoCode: 'en', title: en },
      { isoCode: 'hu', title: hu },
    ],
    quantity,
    freeQuantity: 0,
    priceDelta,
    allergens: [],
  });
}

/** The accepted schnitzel (order 6) with two lemons and without onions. */
function boardWithChoices() {
  const board = demoBoard();
  const item = board.visits[0]?.orders.find((order) => order.id === 6)?.items[0];
  if (!item) throw new Error('order 6 has no line');
  item.choices = [
    choice(701, 'Lemon wedge', 'Citromkarika', 2, 100),
    choice(702, 'Without onions', 'Hagyma nélkül', 1, 0),
  ];
  return board;
}

describe('staff see the choices under each line (issue 27)', () => {
  it('the kitchen view, in the member’s language, with the quantities', async () => {
    server.use(...staffServer({ role: 'KITCHEN', board: boardWithChoices() }).handlers);
    renderApp('/staff/kitchen/hu');
    const order = await screen.findByRole('article', { name: '1. asztal · #6 rendelés' }, { timeout: 4000 });
    const line = within(order).getByText('Rántott hús').closest('li') as HTMLElement;
    expect(line.textContent).toContain('2 × Citromkarika');
    expect(within(line).getByText('Hagyma nélkül')).toBeTruthy();
    // The kitchen reads what to make: no prices.
    expect(line.textContent).not.toContain('Ft');
  });

  it('the board', async () => {
    server.use(...staffServer({ board: boardWithChoices() }).handlers);
    renderApp('/staff/board/en');
    const heading = await screen.findByRole('heading', { name: 'Table 1', level: 2 }, { timeout: 4000 });
    const table = heading.closest('section') as HTMLElement;
    const line = within(table).getByText('Schnitzel').closest('li') as HTMLElement;
    expect(line.textContent).toContain('2 × Lemon wedge');
    expect(line.textContent).toContain('Without onions');
  });
});

describe('choices sold out from the menu screen (issue 27)', () => {
  it('marks an option sold out and available again, with the CSRF header', async () => {
    const fake = staffServer({ role: 'WAITER' });
    server.use(...fake.handlers);
    renderApp('/staff/menu/en');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Mark sold out: Oat milk (Milk)' }, { timeout: 4000 }),
    );
    const again = await screen.findByRole('button', { name: 'Mark available: Oat milk (Milk)' });
    fireEvent.click(again);
    await screen.findByRole('button', { name: 'Mark sold out: Oat milk (Milk)' });
    await waitFor(() => expect(fake.state.writes).toHaveLength(2));
    expect(fake.state.writes).toEqual([
      {
        method: 'PUT',
        path: '/api/staff/menu-options/202/availability',
        csrf: 'csrf-token-123',
        body: { availabilityType: 'SOLD_OUT' },
      },
      {
        method: 'PUT',
        path: '/api/staff/menu-options/202/availability',
        csrf: 'csrf-token-123',
        body: { availabilityType: 'AVAILABLE' },
      },
    ]);
  });
});
