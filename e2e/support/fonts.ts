import type { Page } from 'playwright-core';

/** How many of the page's Rubik faces have loaded (two files: latin and latin-ext, decision record 040). */
export function loadedRubikFaces(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      [...document.fonts].filter(
        (face) => face.family.replaceAll('"', '') === 'Rubik Variable' && face.status === 'loaded',
      ).length,
  );
}
