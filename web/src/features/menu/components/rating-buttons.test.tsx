import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/server.ts';
import { buildMenuFixture } from '../testing/menu-fixture.ts';
import { menuHandlers } from '../testing/menu-handlers.ts';
import { renderMenuRoute } from '../testing/render-menu-route.tsx';

async function soupCard() {
  return screen.findByRole('article', { name: 'Goulash soup' });
}

describe('rating a dish', () => {
  it("draws each dish's rating pictures without elements of their own", async () => {
    server.use(...menuHandlers({ menu: buildMenuFixture() }));
    renderMenuRoute({ language: 'en' });
    const soup = await soupCard();
    const like = await within(soup).findByRole('button', { name: /I like it/ });
    // The picture is the control's own ::before (rating.module.css): nothing drawn inside it but the count.
    expect(like.querySelector('svg, img')).toBeNull();
    expect(like.textContent).toBe('12');
  });

  it('likes, changes its mind and takes the rating back', async () => {
    server.use(...menuHandlers({ menu: buildMenuFixture() }));
    const user = userEvent.setup();
    renderMenuRoute({ language: 'en' });
    const soup = await soupCard();
    const like = within(soup).getByRole('button', { name: 'I like it, 12 likes' });
    expect(like.getAttribute('aria-pressed')).toBe('false');

    await user.click(like);
    expect(
      within(soup).getByRole('button', { name: 'I like it, 13 likes' }).getAttribute('aria-pressed'),
    ).toBe('true');

    await user.click(within(soup).getByRole('button', { name: "I don't like it, 1 dislike" }));
    await waitFor(() =>
      expect(
        within(soup)
          .getByRole('button', { name: "I don't like it, 2 dislikes" })
          .getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    expect(
      within(soup).getByRole('button', { name: 'I like it, 12 likes' }).getAttribute('aria-pressed'),
    ).toBe('false');

    await user.click(within(soup).getByRole('button', { name: "I don't like it, 2 dislikes" }));
    await waitFor(() =>
      expect(
        within(soup).getByRole('button', { name: "I don't like it, 1 dislike" }).getAttribute('aria-pressed'),
      ).toBe('false'),
    );
  });

  it('shows the diner’s earlier rating', async () => {
    server.use(
      ...menuHandlers({ menu: buildMenuFixture(), myRatings: [{ menuItemId: 11, rating: 'DISLIKE' }] }),
    );
    renderMenuRoute({ language: 'en' });
    const soup = await soupCard();
    await waitFor(() =>
      expect(
        within(soup).getByRole('button', { name: "I don't like it, 1 dislike" }).getAttribute('aria-pressed'),
      ).toBe('true'),
    );
  });

  it('changes at once, then rolls back and shows an error toast when the rating cannot be saved', async () => {
    let answer = () => {};
    const ratingGate = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      ...menuHandlers({
        menu: buildMenuFixture(),
        failRatings: { status: 429, message: 'Too many requests' },
        ratingGate,
      }),
    );
    const user = userEvent.setup();
    renderMenuRoute({ language: 'en' });
    const soup = await soupCard();
    await user.click(within(soup).getByRole('button', { name: 'I like it, 12 likes' }));

    const optimistic = await within(soup).findByRole('button', { name: 'I like it, 13 likes' });
    expect(optimistic.getAttribute('aria-pressed')).toBe('true');

    answer();
    // The rollback waits for the refused request and the toast's render: give a busy machine time.
    expect(await screen.findByText('Your rating could not be saved.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Too many requests')).toBeTruthy();
    const like = within(soup).getByRole('button', { name: 'I like it, 12 likes' });
    expect(like.getAttribute('aria-pressed')).toBe('false');
  });
});
