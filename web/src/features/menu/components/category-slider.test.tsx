import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/server.ts';
import { buildMenuFixture } from '../testing/menu-fixture.ts';
import { menuHandlers } from '../testing/menu-handlers.ts';
import { renderMenuRoute } from '../testing/render-menu-route.tsx';

describe('category slider', () => {
  it('lists the categories in the header and marks the one clicked', async () => {
    server.use(...menuHandlers({ menu: buildMenuFixture() }));
    const user = userEvent.setup();
    renderMenuRoute({ language: 'hu' });
    const nav = await screen.findByRole('navigation', { name: 'Kategóriák' }, { timeout: 5000 });
    const tabs = within(nav).getAllByRole('link', {
      name: /^(Levesek|Főételek|Saláták|Desszertek|Italok)$/,
    });
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Levesek',
      'Főételek',
      'Saláták',
      'Desszertek',
      'Italok',
    ]);

    // Clicked at once, maybe before its section is drawn: it is selected as soon as the section is there.
    await user.click(within(nav).getByRole('link', { name: 'Desszertek' }));
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Desszertek' }).getAttribute('aria-current')).toBe('true'),
    );
  });

  it('keeps every category while searching; choosing a hidden one clears the search', async () => {
    server.use(...menuHandlers({ menu: buildMenuFixture() }));
    const user = userEvent.setup();
    renderMenuRoute({ language: 'hu' });
    const search = await screen.findByRole('searchbox', { name: 'Keresés az étlapon' });
    await user.type(search, 'gulyas');
    const nav = screen.getByRole('navigation', { name: 'Kategóriák' });
    expect(within(nav).getByRole('link', { name: 'Desszertek' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Desszertek' })).toBeNull();

    await user.click(within(nav).getByRole('link', { name: 'Desszertek' }));
    expect((search as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('heading', { name: 'Desszertek' })).toBeTruthy();
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Desszertek' }).getAttribute('aria-current')).toBe('true'),
    );
  });

  it('is one tab stop, moved through with the arrow keys', async () => {
    server.use(...menuHandlers({ menu: buildMenuFixture() }));
    const user = userEvent.setup();
    renderMenuRoute({ language: 'hu' });
    const nav = await screen.findByRole('navigation', { name: 'Kategóriák' }, { timeout: 5000 });
    const focusable = [...within(nav).getAllByRole('button'), ...within(nav).getAllByRole('link')].filter(
      (control) => control.tabIndex === 0,
    );
    expect(focusable).toHaveLength(2); // the drawer button and one category
    const tab = focusable[1] as HTMLElement;
    tab.focus();
    await user.keyboard('{End}');
    expect(document.activeElement?.textContent).toBe('Italok');
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Levesek');
    await user.keyboard('{ArrowLeft}{Enter}');
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Italok' }).getAttribute('aria-current')).toBe('true'),
    );
  });

  it('searches the drawer by category and dish titles, without accents', async () => {
    server.use(...menuHandlers({ menu: buildMenuFixture() }));
    const user = userEvent.setup();
    renderMenuRoute({ language: 'hu' });
    const nav = await screen.findByRole('navigation', { name: 'Kategóriák' }, { timeout: 5000 });
    await user.click(within(nav).getByRole('button', { name: 'Összes kategória' }));

    const drawer = screen.getByRole('dialog', { name: 'Elérhető kategóriák' });
    const search = within(drawer).getByRole('searchbox', { name: 'Keresés az étlapon' });
    expect(within(drawer).getAllByRole('listitem')).toHaveLength(5);

    await user.type(search, 'limonade');
    expect(
      within(drawer)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Italok2']);

    await user.clear(search);
    await user.type(search, 'FOETEL');
    expect(within(drawer).getByRole('button', { name: /Főételek/ })).toBeTruthy();

    await user.clear(search);
    await user.type(search, 'sushi');
    expect(within(drawer).getByText('Nincs találat')).toBeTruthy();

    await user.clear(search);
    await user.click(within(drawer).getByRole('button', { name: /Italok/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: 'Italok' }).getAttribute('aria-current')).toBe('true'),
    );
  });

  it('has no drawer with four categories or fewer', async () => {
    server.use(...menuHandlers({ menu: buildMenuFixture().slice(0, 4) }));
    renderMenuRoute({ language: 'hu' });
    const nav = await screen.findByRole('navigation', { name: 'Kategóriák' }, { timeout: 5000 });
    expect(within(nav).queryByRole('button', { name: 'Összes kategória' })).toBeNull();
  });
});
