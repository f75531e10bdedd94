import { SESSION_STORAGE_KEY } from '@tablo/contract/session-keys';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GUIDE_SEEN_STORAGE_KEY } from '../../../config/constants.ts';
import { DEMO_SESSION_ID } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';
import { setLiveSocketFactory } from '../hooks/use-table-live.ts';
import { FakeWebSocket, orderingServer } from '../testing/ordering-fixtures.ts';

beforeEach(() => {
  localStorage.setItem(SESSION_STORAGE_KEY, DEMO_SESSION_ID);
  localStorage.setItem(GUIDE_SEEN_STORAGE_KEY, 'yes');
  FakeWebSocket.all = [];
  setLiveSocketFactory((url) => new FakeWebSocket(url));
});
afterEach(() => setLiveSocketFactory(undefined));

function useServer() {
  const fake = orderingServer();
  server.use(...fake.handlers);
  return fake;
}

async function addButton(title: string) {
  // The first render of a file also loads the lazy screens: allow for a slow, shared machine.
  return screen.findByRole('button', { name: `Add ${title} to the cart` }, { timeout: 4000 });
}

async function openCart() {
  fireEvent.click(await screen.findByRole('button', { name: /View cart/ }));
  return screen.findByRole('dialog', { name: 'Your cart' });
}

describe('cart lines (issue 24 §11)', () => {
  // Issue 24 §11: a line is a dish with its note; a different note is another line.
  it('a second goulash added after the first got "no onions" is a line of its own, and both are ordered', async () => {
    const fake = useServer();
    renderApp('/order/demo/1/en?t=tok12345');
    fireEvent.click(await addButton('Goulash soup'));
    let cart = await openCart();
    fireEvent.change(within(cart).getByLabelText('Note for Goulash soup'), {
      target: { value: 'no onions' },
    });
    fireEvent.click(within(cart).getByRole('button', { name: 'Close' }));
    fireEvent.click(await addButton('Goulash soup'));
    expect(screen.getByText('2 in the cart')).toBeTruthy();

    cart = await openCart();
    const notes = within(cart).getAllByLabelText<HTMLInputElement>('Note for Goulash soup');
    expect(notes.map((input) => input.value)).toEqual(['no onions', '']);
    fireEvent.click(within(cart).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your order' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(fake.state.orderRequests).toHaveLength(1), { timeout: 4000 });
    expect(fake.state.orderRequests[0]?.body.items).toEqual([
      { menuItemId: 11, quantity: 1, note: 'no onions', choices: [] },
      { menuItemId: 11, quantity: 1, note: '', choices: [] },
    ]);
  });

  it('gives one unit of a line its own note, and sends lines that ended up alike as one', async () => {
    const fake = useServer();
    renderApp('/order/demo/1/en?t=tok12345');
    for (let i = 0; i < 3; i += 1) fireEvent.click(await addButton('Goulash soup'));
    const cart = await openCart();
    fireEvent.click(within(cart).getByRole('button', { name: 'A different note for one: Goulash soup' }));
    const notes = within(cart).getAllByLabelText<HTMLInputElement>('Note for Goulash soup');
    expect(notes).toHaveLength(2);
    expect(document.activeElement).toBe(notes[1]);
    fireEvent.change(notes[1] as HTMLInputElement, { target: { value: 'no onions' } });
    expect(
      within(cart)
        .getAllByRole('status')
        .map((output) => output.textContent),
    ).toEqual(['2', '1']);
    // A second split leaves a line without a note beside the first: the same dish, the same note.
    fireEvent.click(within(cart).getByRole('button', { name: 'A different note for one: Goulash soup' }));
    fireEvent.click(within(cart).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm your order' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(fake.state.orderRequests).toHaveLength(1), { timeout: 4000 });
    expect(fake.state.orderRequests[0]?.body.items).toEqual([
      { menuItemId: 11, quantity: 2, note: '', choices: [] },
      { menuItemId: 11, quantity: 1, note: 'no onions', choices: [] },
    ]);
  });
});
