import type { MenuOptions } from '@tablo/contract/menu-options';
import { SESSION_STORAGE_KEY } from '@tablo/contract/session-keys';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GUIDE_SEEN_STORAGE_KEY } from '../../../config/constants.ts';
import { DEMO_SESSION_ID } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';
import { setLiveSocketFactory } from '../hooks/use-table-live.ts';
import { tableTokenKey } from '../state/table-token.ts';
import { choiceOrderItem, choicesOptions, withChoiceDishes } from '../testing/choices-fixtures.ts';
import { FakeWebSocket, makeOrder, orderingMenu, orderingServer } from '../testing/ordering-fixtures.ts';

beforeEach(() => {
  localStorage.setItem(SESSION_STORAGE_KEY, DEMO_SESSION_ID);
  localStorage.setItem(GUIDE_SEEN_STORAGE_KEY, 'yes');
  FakeWebSocket.all = [];
  setLiveSocketFactory((url) => new FakeWebSocket(url));
});
afterEach(() => setLiveSocketFactory(undefined));

function useServer(options: Parameters<typeof orderingServer>[0] = {}) {
  const fake = orderingServer({ menuOptions: choicesOptions(), ...options });
  server.use(...fake.handlers);
  return fake;
}

async function openDish(title: string) {
  fireEvent.click(await screen.findByRole('button', { name: title }, { timeout: 4000 }));
  return screen.findByRole('dialog', { name: title });
}

async function addFromDialog(dialog: HTMLElement) {
  fireEvent.click(await within(dialog).findByRole('button', { name: /^Add .* to the cart, / }));
}

async function openCart() {
  fireEvent.click(await screen.findByRole('button', { name: /View cart/ }));
  return screen.findByRole('dialog', { name: 'Your cart' });
}

const price = (dialog: HTMLElement) =>
  dialog.querySelector('[data-dialog-price]')?.textContent?.replace(/\u00a0/g, ' ');
const text = (element: Element | null | undefined) => element?.textContent?.replace(/\u00a0/g, ' ') ?? '';

describe('the dialog of a dish with choices (issue 27)', () => {
  it('shows the groups, prices the choices as they change, says what is missing and adds nothing until it is chosen', async () => {
    useServer();
    renderApp('/order/demo/1/en?t=tok12345');
    const dialog = await openDish('Steak');
    const doneness = await within(dialog).findByRole('group', { name: /Doneness/ });
    expect(within(doneness).getByText('Required')).toBeTruthy();
    expect(
      within(doneness)
        .getAllByRole('radio')
        .every((r) => !(r as HTMLInputElement).checked),
    ).toBe(true);
    const sauces = within(dialog).getByRole('group', { name: /Sauces/ });
    expect(within(sauces).getByText('Optional')).toBeTruthy();
    expect(within(sauces).getByText('+600 Ft')).toBeTruthy();
    expect(price(dialog)).toBe('6,990 Ft');

    // Two pepper sauces: the first one is free.
    fireEvent.click(within(sauces).getByRole('button', { name: 'One more: Pepper sauce' }));
    expect(price(dialog)).toBe('6,990 Ft');
    fireEvent.click(within(sauces).getByRole('button', { name: 'One more: Pepper sauce' }));
    expect(price(dialog)).toBe('7,590 Ft');

    await addFromDialog(dialog);
    expect(within(dialog).getByText('Please choose: Doneness.')).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toContain('Your choices are not complete yet');
    const rare = within(doneness).getByRole('radio', { name: 'Rare' });
    expect(document.activeElement).toBe(rare);
    expect(rare.getAttribute('aria-invalid')).toBe('true');
    expect(doneness.getAttribute('aria-describedby')).toMatch(/ /);
    expect(screen.queryByRole('button', { name: /View cart/ })).toBeNull();

    fireEvent.click(within(doneness).getByRole('radio', { name: 'Medium rare' }));
    expect(within(dialog).queryByText('Please choose: Doneness.')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Increase the quantity of Steak' }));
    expect(within(dialog).getByRole('button', { name: /^Add Steak to the cart, 15,180\sFt/ })).toBeTruthy();
    await addFromDialog(dialog);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Steak' })).toBeNull());
    expect(screen.getByRole('button', { name: /View cart/ }).textContent).toContain('15,180\u00a0Ft');
  });

  it('preselects the defaults, marks a sold-out option and disables it; the card shows the defaults’ price', async () => {
    const options = choicesOptions();
    const fake = orderingServer({ menuOptions: options });
    // The size's default costs 300 Ft more here: the card's price includes it.
    const size = options.groups[0];
    if (size) size.options = size.options.map((o) => ({ ...o, isDefault: o.id === 102 }));
    const item = fake.menu.flatMap((c) => c.menuItems).find((i) => i.id === 31);
    if (item) item.defaultChoicesPrice = 300;
    server.use(...fake.handlers);
    renderApp('/order/demo/1/en?t=tok12345');
    const card = (await screen.findByRole('button', { name: 'Coffee' }, { timeout: 4000 })).closest(
      'article',
    );
    expect(text(card)).toContain('1,100 Ft');
    const dialog = await openDish('Coffee');
    const large = await within(dialog).findByRole('radio', { name: /Large/ });
    expect((large as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: /Cow's milk/ }).checked).toBe(true);
    const soy = within(dialog).getByRole<HTMLInputElement>('radio', { name: /Soy milk/ });
    expect(soy.disabled).toBe(true);
    expect(soy.closest('li')?.textContent).toContain('Sold out');
    expect(within(dialog).getByText('Contains: Milk')).toBeTruthy();
    expect(price(dialog)).toBe('1,100 Ft');
    fireEvent.click(within(dialog).getByRole('radio', { name: /Oat milk/ }));
    expect(price(dialog)).toBe('1,300 Ft');
  });
});

describe('cart lines with choices (issue 27)', () => {
  it('another choice is another line, the same choices add up, and the order carries them', async () => {
    const fake = useServer();
    renderApp('/order/demo/1/en?t=tok12345');
    let dialog = await openDish('Coffee');
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Large/ }));
    fireEvent.click(within(dialog).getByRole('radio', { name: /Oat milk/ }));
    await addFromDialog(dialog);
    dialog = await openDish('Coffee');
    await within(dialog).findByRole('radio', { name: /Large/ });
    await addFromDialog(dialog);
    dialog = await openDish('Coffee');
    // The same choices ticked in another order add up on the first line.
    fireEvent.click(await within(dialog).findByRole('radio', { name: /Oat milk/ }));
    fireEvent.click(within(dialog).getByRole('radio', { name: /Large/ }));
    await addFromDialog(dialog);

    const cart = await openCart();
    const lines = within(cart)
      .getAllByRole('listitem')
      .filter((li) => li.hasAttribute('data-cart-line'));
    expect(lines).toHaveLength(2);
    expect(text(lines[0])).toContain('Large +300 Ft');
    expect(text(lines[0])).toContain('Oat milk +200 Ft');
    expect(text(lines[0])).toContain('2,600 Ft');
    expect(within(lines[0] as HTMLElement).getByText('2')).toBeTruthy();
    expect(lines[1]?.textContent).toContain("Cow's milk");
    expect(lines[1]?.textContent).not.toContain('Large');
    expect(within(cart).getByText('3,400 Ft', { selector: '[data-cart-total]' })).toBeTruthy();

    fireEvent.click(within(cart).getByRole('button', { name: 'Continue' }));
    const summary = await within(cart).findByRole('list', { name: 'Confirm your order' });
    expect(text(summary)).toContain('Oat milk +200 Ft');
    fireEvent.click(within(cart).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(fake.state.orderRequests).toHaveLength(1));
    expect(fake.state.orderRequests[0]?.body.items).toEqual([
      {
        menuItemId: 31,
        quantity: 2,
        note: '',
        choices: expect.arrayContaining([
          { optionId: 102, quantity: 1 },
          { optionId: 202, quantity: 1 },
        ]),
      },
      {
        menuItemId: 31,
        quantity: 1,
        note: '',
        choices: [
          { optionId: 101, quantity: 1 },
          { optionId: 201, quantity: 1 },
        ],
      },
    ]);
  });
});

function menuItem(id: number) {
  const item = withChoiceDishes(orderingMenu())
    .flatMap((c) => c.menuItems)
    .find((i) => i.id === id);
  if (!item) throw new Error(`no dish ${id}`);
  return item;
}

describe('My Table with choices (issue 27)', () => {
  function earlierOrder(options: MenuOptions) {
    return makeOrder({
      id: 2,
      isMine: true,
      total: 0,
      items: [
        choiceOrderItem(200, menuItem(31), options, [
          { optionId: 102, quantity: 1 },
          { optionId: 203, quantity: 1 },
        ]),
        // Ordered when the steak cost 6,490 Ft.
        choiceOrderItem(
          201,
          menuItem(22),
          options,
          [
            { optionId: 302, quantity: 1 },
            { optionId: 401, quantity: 2 },
          ],
          { unitPrice: 7090, note: 'no salt' },
        ),
        choiceOrderItem(202, menuItem(31), options, [{ optionId: 101, quantity: 1 }]),
      ],
    });
  }

  it('shows each line’s choices with quantities and extra prices', async () => {
    localStorage.setItem(tableTokenKey('demo', 1), 'tok12345');
    useServer({ orders: [earlierOrder(choicesOptions())] });
    renderApp('/table/demo/1/en');
    const panel = await screen.findByRole('tabpanel');
    const order = await within(panel).findByRole('article', {}, { timeout: 4000 });
    expect(text(order)).toContain('2 × Pepper sauce +600 Ft');
    expect(text(order)).toContain('Medium rare');
    expect(text(order)).toContain('Large +300 Ft');
  });

  it('"Order again" says what is sold out or priced anew before anything goes in the cart', async () => {
    localStorage.setItem(tableTokenKey('demo', 1), 'tok12345');
    const fake = useServer({ orders: [earlierOrder(choicesOptions())] });
    renderApp('/table/demo/1/en');
    fireEvent.click(await screen.findByRole('button', { name: 'Order again' }, { timeout: 4000 }));
    const review = await screen.findByRole('alert');
    expect(text(review)).toContain('Coffee: Soy milk is sold out today: it stays out of the cart');
    expect(text(review)).toContain('Steak: now 7,590 Ft instead of 7,090 Ft');
    expect(text(review)).toContain('Coffee: as before');
    expect(localStorage.getItem('tablo.cart.demo.1') ?? '').not.toContain('"menuItemId":22');

    fireEvent.click(screen.getByRole('button', { name: 'Put in the cart' }));
    expect(
      await screen.findByText('Back in your cart: open the cart to place the order.', {
        selector: '[role=status]',
      }),
    ).toBeTruthy();
    const stored = JSON.parse(localStorage.getItem('tablo.cart.demo.1') ?? '{}');
    expect(stored.lines.map((l: { menuItemId: number; note: string }) => [l.menuItemId, l.note])).toEqual([
      [22, 'no salt'],
      [31, ''],
    ]);
    expect(stored.lines[0].choices).toEqual([
      { optionId: 302, quantity: 1 },
      { optionId: 401, quantity: 2 },
    ]);
    expect(fake.state.orderRequests).toHaveLength(0);
  });
});

describe('the dietary filter counts the choices (issue 27)', () => {
  it('keeps a dish whose choices may avoid the allergen, marks those choices, and marks a dish that cannot', async () => {
    localStorage.setItem(
      'tablo.dietaryPreferences',
      JSON.stringify({ avoid: ['MILK'], veganOnly: false, hideConflicting: true }),
    );
    useServer();
    renderApp('/order/demo/1/en?t=tok12345');
    await screen.findByRole('button', { name: 'Coffee' }, { timeout: 4000 });
    // The latte's milk is required and every milk holds MILK: it is hidden with the unsuitable dishes.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Latte' })).toBeNull());
    expect(screen.getByText('1 dish is hidden by your dietary filter.')).toBeTruthy();
    const dialog = await openDish('Coffee');
    const cows = await within(dialog).findByRole('radio', { name: /Cow's milk/ });
    expect(cows.closest('li')?.textContent).toContain('Contains Milk, which you avoid');
    const oat = within(dialog).getByRole('radio', { name: /Oat milk/ });
    expect(oat.closest('li')?.querySelector('[data-avoid]')).toBeNull();
  });
});
