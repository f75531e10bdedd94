import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../testing/server.ts';
import { DIETARY_STORAGE_KEY } from '../constants.ts';
import { buildMenuFixture } from '../testing/menu-fixture.ts';
import { menuHandlers } from '../testing/menu-handlers.ts';
import { renderMenuRoute } from '../testing/render-menu-route.tsx';

beforeEach(() => {
  server.use(...menuHandlers({ menu: buildMenuFixture() }));
});

describe('dietary filter', () => {
  it('marks the dishes with an avoided allergen, then hides them, and remembers the choice', async () => {
    const user = userEvent.setup();
    const { unmount } = renderMenuRoute({ language: 'hu' });
    await user.click(await screen.findByRole('button', { name: 'Étrendi szűrő' }));
    const dialog = screen.getByRole('dialog', { name: 'Étrendi szűrő' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tej' }));

    // Töltött káposzta, Rántott csirkemell and Somlói galuska contain milk.
    expect(screen.getByText('3 étel nem felel meg az étrendi szűrődnek.')).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'Töltött káposzta' })).getByText('Tartalmaz: Tej'),
    ).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Gulyásleves' })).queryByText(/Tartalmaz/)).toBeNull();

    await user.click(within(dialog).getByRole('checkbox', { name: /elrejtése/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Kész' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Az étrendi szűrőd 3 ételt elrejtett.')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Töltött káposzta' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Étrendi szűrő, 1 beállítás' })).toBeTruthy();

    unmount();
    expect(JSON.parse(localStorage.getItem(DIETARY_STORAGE_KEY) ?? '{}')).toMatchObject({ avoid: ['MILK'] });
    renderMenuRoute({ language: 'hu' });
    expect(await screen.findByRole('article', { name: 'Gulyásleves' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Somlói galuska' })).toBeNull();
  });

  it('keeps only vegan dishes suitable with "vegan only"', async () => {
    const user = userEvent.setup();
    renderMenuRoute({ language: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Dietary filter' }));
    await user.click(screen.getByRole('checkbox', { name: 'Vegan dishes only' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));

    expect(within(screen.getByRole('article', { name: 'Goulash soup' })).getByText('Not vegan')).toBeTruthy();
    expect(
      within(screen.getByRole('article', { name: 'Beetroot salad' })).queryByText('Not vegan'),
    ).toBeNull();
  });
});
