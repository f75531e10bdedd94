// The dietary filter (marks, then hides dishes with an avoided allergen; remembered on the device) and rating a
// dish (like, take it back; saved on the server), at phone and desktop size.
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations, launchBrowser, screenshot } from './support/browser.ts';
import {
  eventually,
  finishJourney,
  startJourney,
  texts,
  VIEWPORT_NAMES,
  waitForHydration,
} from './support/journey.ts';

const baseUrl = inject('baseUrl');
const t = texts('en', 'menu');
const FISH_SOUP = /^Fisherman/;

/** The like button's state as the diner (and a screen reader) gets it: pressed, and the count it shows. */
async function likeState(card: Locator): Promise<{ pressed: boolean; count: number }> {
  const button = card.getByRole('button', { name: new RegExp(`^${t('like')}, `) });
  // One read of the whole button, so the label and the visible count come from the same render.
  const state = await button.evaluate((element) => ({
    label: element.getAttribute('aria-label') ?? '',
    shown: Number(element.textContent),
    pressed: element.getAttribute('aria-pressed') === 'true',
  }));
  const count = Number(/(\d+)/.exec(state.label.slice(t('like').length))?.[1]);
  expect(state.shown).toBe(count);
  return { pressed: state.pressed, count };
}

/** Waits until the like button shows `expected` (an optimistic change or a reload shows it after a render). */
async function expectLikeState(card: Locator, expected: { pressed: boolean; count: number }): Promise<void> {
  let last: unknown;
  try {
    await eventually(async () => {
      last = await likeState(card);
      return JSON.stringify(last) === JSON.stringify(expected);
    }, 'like state');
  } finally {
    expect(last).toEqual(expected);
  }
}

describe.each(VIEWPORT_NAMES)('dietary filter and ratings (%s)', (viewport) => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('marks, then hides the dishes with an avoided allergen, and remembers it after a reload', async () => {
    const journey = await startJourney(browser, viewport, baseUrl);
    const { page } = journey;
    await page.goto('/menu/demo/en');
    await waitForHydration(page);
    const fishSoup = page.getByRole('article', { name: FISH_SOUP });
    await fishSoup.waitFor();
    expect(await fishSoup.getByText(/^Contains:/).count()).toBe(0);

    await page.getByRole('button', { name: t('dietary_filter'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: t('dietary_filter') });
    await dialog.waitFor();
    await screenshot(page, `${viewport}-dietary-filter`);
    await expectNoAxeViolations(page);
    await dialog.getByRole('checkbox', { name: t('allergen.FISH'), exact: true }).check();
    await dialog.getByRole('button', { name: t('done') }).click();
    await dialog.waitFor({ state: 'detached' });

    // Marked: still listed, with the reason, and counted in the notice.
    await fishSoup.getByText(`Contains: ${t('allergen.FISH')}`).waitFor();
    await page.getByText(/dish(es)? do(es)? not suit your dietary filter/).waitFor();
    expect(
      await page
        .getByRole('article', { name: 'Goulash soup' })
        .getByText(/^Contains:/)
        .count(),
    ).toBe(0);
    await screenshot(page, `${viewport}-dietary-marked`);
    await expectNoAxeViolations(page);

    const filterButton = page.getByRole('button', { name: 'Dietary filter, 1 preference' });
    await filterButton.click();
    await dialog.getByRole('checkbox', { name: t('hide_unsuitable') }).check();
    await dialog.getByRole('button', { name: t('done') }).click();
    await dialog.waitFor({ state: 'detached' });
    await fishSoup.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: 'Goulash soup' }).waitFor();
    await page.getByText(/hidden by your dietary filter/).waitFor();

    await page.reload();
    await waitForHydration(page);
    await page.getByRole('article', { name: 'Goulash soup' }).waitFor();
    await filterButton.waitFor();
    // The server's page shows every dish; the filter this phone remembers applies once the app has taken over.
    await fishSoup.waitFor({ state: 'detached' });
    await screenshot(page, `${viewport}-dietary-hidden`);

    await page.getByRole('button', { name: t('show_hidden') }).click();
    await fishSoup.getByText(`Contains: ${t('allergen.FISH')}`).waitFor();
    await finishJourney(journey);
  });

  it('likes a dish and takes the like back; the server keeps both', async () => {
    const journey = await startJourney(browser, viewport, baseUrl);
    const { page } = journey;
    await page.goto('/menu/demo/en');
    await waitForHydration(page);
    const card = page.getByRole('article', { name: 'Goulash soup' });
    await card.waitFor();
    const before = await likeState(card);
    expect(before.pressed).toBe(false);

    const saved = page.waitForResponse((r) => r.url().includes('/api/menu-item-ratings') && r.ok());
    await card.getByRole('button', { name: new RegExp(`^${t('like')}, `) }).click();
    await expectLikeState(card, { pressed: true, count: before.count + 1 });
    await saved;
    // The thumb is the button's own picture (decisions 047, 050): a bitmap mask, no SVG document, painted in the
    // pressed button's text colour.
    const thumb = await card
      .getByRole('button', { name: new RegExp(`^${t('like')}, `) })
      .evaluate((button) => {
        const picture = getComputedStyle(button, '::before');
        return {
          image: picture.maskImage || picture.getPropertyValue('-webkit-mask-image'),
          width: picture.width,
          paint: picture.backgroundColor,
          text: getComputedStyle(button).color,
        };
      });
    expect(thumb.image).toMatch(/^url\("(data:image\/webp;|[^"]*\.webp")/);
    expect(thumb.width).toBe('16px');
    expect(thumb.paint).toBe(thumb.text);
    await screenshot(page, `${viewport}-rated`);

    await page.reload();
    await waitForHydration(page);
    await card.waitFor();
    await expectLikeState(card, { pressed: true, count: before.count + 1 });

    const undone = page.waitForResponse((r) => r.url().includes('/api/menu-item-ratings') && r.ok());
    await card.getByRole('button', { name: new RegExp(`^${t('like')}, `) }).click();
    await expectLikeState(card, { pressed: false, count: before.count });
    await undone;

    await page.reload();
    await waitForHydration(page);
    await card.waitFor();
    await page.waitForLoadState('networkidle');
    await expectLikeState(card, { pressed: false, count: before.count });
    await finishJourney(journey);
  });
});
