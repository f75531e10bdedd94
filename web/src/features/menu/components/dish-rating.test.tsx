import { MyRatingsResponseSchema } from '@tablo/contract/rating';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../testing/server.ts';
import { buildMenuFixture } from '../testing/menu-fixture.ts';
import { menuHandlers } from '../testing/menu-handlers.ts';
import { renderMenuRoute } from '../testing/render-menu-route.tsx';

// Counts how often the dishes' allergen lists are drawn: a stand-in for "the card rendered again".
const drawn = vi.hoisted(() => ({ allergenLists: 0 }));
vi.mock('../../../components/allergen-badge/allergen-list.tsx', async (load) => {
  const actual = await load<typeof import('../../../components/allergen-badge/allergen-list.tsx')>();
  return {
    ...actual,
    AllergenList: (props: Parameters<typeof actual.AllergenList>[0]) => {
      drawn.allergenLists += 1;
      return actual.AllergenList(props);
    },
  };
});

describe('the rating controls', () => {
  it('take the diner’s earlier ratings when they arrive, without drawing the dishes again', async () => {
    let answer = () => {};
    const ratingsGate = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const menu = buildMenuFixture();
    server.use(
      // First: the earlier handler for the same address wins.
      http.get('/api/menu-item-ratings/:shortName', async () => {
        await ratingsGate;
        return HttpResponse.json(MyRatingsResponseSchema.parse([{ menuItemId: 11, rating: 'DISLIKE' }]));
      }),
      ...menuHandlers({ menu }),
    );
    renderMenuRoute({ language: 'en' });
    const dishes = menu.flatMap((category) => category.menuItems).length;
    const soup = await screen.findByRole('article', { name: 'Goulash soup' });
    await vi.waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(dishes));
    const dislike = () => within(soup).getByRole('button', { name: "I don't like it, 1 dislike" });
    expect(dislike().getAttribute('aria-pressed')).toBe('false');
    const before = drawn.allergenLists;

    answer();
    await vi.waitFor(() => expect(dislike().getAttribute('aria-pressed')).toBe('true'));
    expect(drawn.allergenLists).toBe(before);
  });
});
