/** Where the dietary filter is remembered on the device (decided here: the specification has no filter). */
export const DIETARY_STORAGE_KEY = 'tablo.dietaryPreferences';

/** Dishes whose images load eagerly with high priority: the first screenful, the page's LCP candidates. */
export const EAGER_IMAGE_COUNT = 4;
export const HIGH_PRIORITY_IMAGE_COUNT = 2;

/** px of slack when deciding whether a category's top has passed under the sticky header. */
export const SCROLL_SPY_TOLERANCE = 4;

/** id of a category's section, the target of the slider's links. */
export function categorySectionId(categoryId: number): string {
  return `category-${categoryId}`;
}
