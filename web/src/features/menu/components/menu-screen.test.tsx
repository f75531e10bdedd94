import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../testing/server.ts';
import { EAGER_IMAGE_COUNT } from '../constants.ts';
import { buildMenuFixture } from '../testing/menu-fixture.ts';
import { menuHandlers } from '../testing/menu-handlers.ts';
import { renderMenuRoute } from '../testing/render-menu-route.tsx';

beforeEach(() => {
  server.use(...menuHandlers({ menu: buildMenuFixture() }));
});

function card(title: string): HTMLElement {
  return screen.getByRole('article', { name: title });
}

describe('MenuScreen', () => {
  it('shows the categories and dishes in the current language, with prices in forints', async () => {
    renderMenuRoute({ language: 'hu' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Levesek' })).toBeTruthy();
    expect(within(card('Gulyásleves')).getByText('Marhahúsból, csipetkével')).toBeTruthy();
    expect(within(card('Gulyásleves')).getByText(/^2\s490\sFt$/)).toBeTruthy();
    expect(within(card('Rántott csirkemell')).getByText('Elfogyott')).toBeTruthy();
    expect(await screen.findAllByRole('article', { name: 'Névtelen' }, { timeout: 5000 })).toHaveLength(1);
  });

  it("loads the first screen's thumbnails at once but below the header's picture; the rest when near", async () => {
    renderMenuRoute({ language: 'en' });
    await screen.findByRole('heading', { level: 2, name: 'Soups' });
    const pictures = [...document.querySelectorAll('section img:not([data-allergen])')];
    expect(pictures.length).toBeGreaterThan(0);
    // Decision 043: eager thumbnails ask for low priority, so the browser does not raise them over the hero.
    for (const [index, img] of pictures.entries()) {
      const eager = index < EAGER_IMAGE_COUNT;
      expect(img.getAttribute('loading')).toBe(eager ? 'eager' : 'lazy');
      expect(img.getAttribute('fetchpriority')).toBe(eager ? 'low' : 'auto');
    }
  });

  it('shows the counts read-only when there is no ordering session', async () => {
    renderMenuRoute({ language: 'en', shortName: 'demo-menu' });
    const soup = await screen.findByRole('article', { name: 'Goulash soup' });
    expect(within(soup).getByText('12 likes')).toBeTruthy();
    expect(within(soup).queryByRole('button', { name: /I like it/ })).toBeNull();
  });

  it('falls back to English, then to the first translation, then to the placeholder', async () => {
    renderMenuRoute({ language: 'de' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Soups' })).toBeTruthy();
    expect(card('Újházi-Hühnersuppe')).toBeTruthy();
    expect(card('Goulash soup').querySelector('[lang]')?.getAttribute('lang')).toBe('en');
    expect(await screen.findAllByRole('article', { name: 'Ohne Titel' }, { timeout: 5000 })).toHaveLength(1);
  });

  // Issue 24 §14: where a restaurant's text falls back, the page says so once, in the diner's language.
  it('says once, in the diner’s language, that some texts are in another language, and still shows them', async () => {
    renderMenuRoute({ language: 'de' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Soups' })).toBeTruthy();
    const notices = screen.getAllByText(
      'Ein Teil dieser Speisekarte ist nicht auf Deutsch verfügbar: Diese Texte werden in einer anderen Sprache angezeigt.',
    );
    expect(notices).toHaveLength(1);
    expect(card('Goulash soup')).toBeTruthy();
  });

  it('says nothing of other languages when every text is in the diner’s language', async () => {
    const english = buildMenuFixture()
      .filter((category) => category.translations.some((t) => t.isoCode === 'en'))
      .map((category) => ({
        ...category,
        menuItems: category.menuItems.filter((item) => item.translations.some((t) => t.isoCode === 'en')),
      }));
    server.use(...menuHandlers({ menu: english }));
    renderMenuRoute({ language: 'en' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Soups' })).toBeTruthy();
    expect(screen.queryByText(/Part of this menu is not available in English/)).toBeNull();
  });

  it('shows each dish’s allergens in display order', async () => {
    renderMenuRoute({ language: 'en' });
    const allergens = within(await screen.findByRole('article', { name: 'Goulash soup' })).getByRole('list', {
      name: 'Allergens',
    });
    const names = within(allergens)
      .getAllByRole('img')
      .map((badge) => badge.getAttribute('alt'));
    expect(names).toEqual(['Gluten', 'Eggs', 'Celery']);
  });

  it('searches without accents and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderMenuRoute({ language: 'hu' });
    const search = await screen.findByRole('searchbox', { name: 'Keresés az étlapon' });

    await user.type(search, 'gulyas');
    expect(card('Gulyásleves')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Töltött káposzta' })).toBeNull();

    await user.clear(search);
    await user.type(search, 'toltott');
    expect(card('Töltött káposzta')).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Gulyásleves' })).toBeNull();

    await user.clear(search);
    await user.type(search, 'pizza');
    expect(screen.getByText('Nincs találat')).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
  });
});
