import latinExtUrl from '@fontsource-variable/rubik/files/rubik-latin-ext-wght-normal.woff2?url';
import latinUrl from '@fontsource-variable/rubik/files/rubik-latin-wght-normal.woff2?url';

/** The family the stylesheet names first (global.css); fonts.css declares the same faces for pages without scripts. */
export const RUBIK_FAMILY = 'Rubik Variable';

/** Rubik's two subsets, with the ranges of fonts.css (a test keeps them the same). */
export const RUBIK_FACES = [
  {
    url: latinExtUrl,
    unicodeRange:
      'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, ' +
      'U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF',
  },
  {
    url: latinUrl,
    unicodeRange:
      'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, ' +
      'U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
  },
] as const;

/**
 * spec §1's Rubik, added to the page once both files have loaded (decision record 040). The stylesheet names
 * the family from the start but declares no face for it, so the page is styled once, in the metric-matched
 * fallback, and nothing of Rubik shares the slow link with the restaurant's picture; the faces are then added
 * loaded, which only swaps the glyphs — no second style pass over the whole menu, as switching the
 * stylesheet's family would be. A failed load leaves the fallback, which is a fine face to read a menu in.
 */
export function loadWebFonts(fonts: FontFaceSet = document.fonts): Promise<void> {
  const faces = RUBIK_FACES.map(
    ({ url, unicodeRange }) =>
      new FontFace(RUBIK_FAMILY, `url("${url}") format("woff2")`, {
        style: 'normal',
        weight: '300 900',
        display: 'swap',
        unicodeRange,
      }),
  );
  return Promise.all(faces.map((face) => face.load())).then(
    () => {
      for (const face of faces) fonts.add(face);
    },
    (error: unknown) => console.warn('Rubik did not load; the fallback face stays', error),
  );
}
