/** Where the dietary filter is remembered on the device (decided here: the specification has no filter). */
export const DIETARY_STORAGE_KEY = 'tablo.dietaryPreferences';

/** Dishes whose images load eagerly: the first screenful on a phone. The rest load when scrolled near. */
export const EAGER_IMAGE_COUNT = 4;
/**
 * Dishes whose images also get fetchpriority="high". None: measured at 390×844 and 1366×768, the page's
 * largest paint is always the header's hero image (it falls back to a default image), and these thumbnails
 * would only compete with it for bandwidth. Raise this if the hero ever goes away.
 */
export const HIGH_PRIORITY_IMAGE_COUNT = 0;

/** px of slack when deciding whether a category's top has passed under the sticky header. */
export const SCROLL_SPY_TOLERANCE = 4;

/** id of a category's section, the target of the slider's links. */
export function categorySectionId(categoryId: number): string {
  return `category-${categoryId}`;
}

/**
 * Categories drawn in the first render; the rest follow in a transition, which React splits into short
 * tasks, so the page is painted and answers taps sooner on a slow phone (decision record 013).
 */
export const FIRST_RENDER_CATEGORIES = 2;
