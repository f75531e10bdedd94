// The app's own pictures (web/public/images) and their resized copies: the web build writes the copies
// (web/picture-variants-plugin.ts), the web app and the server name them in `srcset` with this one function.
// A plain module without zod: the menu page and the server's page composer import it (decision records 036,
// 039).

/** Where the copies live, under /images/ (web/public/images/variants, written by the build, git-ignored). */
export const PICTURE_VARIANTS_DIR = 'variants';

export interface PictureKind {
  readonly name: string;
  /** The picture's path under /images/, e.g. `menu/gulyasleves.webp`. */
  readonly pattern: RegExp;
  /** The copies' widths (px), narrowest first. */
  readonly widths: readonly number[];
  /** The width the pictures of this kind are made at: the original's `w` descriptor in the srcset. */
  readonly sourceWidth: number;
}

/** A file name of the app's own pictures: no dots (so no `..`), no slashes, no escapes. */
const NAME = '[A-Za-z0-9][A-Za-z0-9_-]*';

/**
 * Chromium takes the narrowest file at least as wide as the drawn width × the screen's density (a copy 0.2 %
 * short is passed over: measured), so the widths are those the common densities need, not round numbers.
 * Dish pictures (16:9, 800 w) are drawn as 96 px squares — a 171 px wide cover: 320 w serves densities up to
 * 1.87 (Lighthouse's phone: 1.75), 520 w up to 3.04 (every phone); the dish's details (up to 560 px wide)
 * take the original. Heroes (8:3) are drawn across the whole width: 750 w serves a 412 px phone at 1.75 (721)
 * and a 375 px one at 2, 828 w a 414 px one at 2, 480 w small windows; denser and wider screens take the
 * original — a 1080 w copy would weigh what the 1280 w original does (18.1 vs 19.4 KB)
 * (docs/decisions/039-picture-variants.md).
 */
export const PICTURE_KINDS: readonly PictureKind[] = [
  { name: 'dish', pattern: new RegExp(`^menu/${NAME}\\.webp$`), widths: [320, 520], sourceWidth: 800 },
  { name: 'hero', pattern: new RegExp(`^demo/${NAME}\\.webp$`), widths: [480, 750, 828], sourceWidth: 1280 },
  { name: 'default hero', pattern: /^default-main\.webp$/, widths: [480, 750, 828], sourceWidth: 1600 },
  // Pictures a restaurant uploads (server/src/modules/pictures, decision 061): made at the same sizes as the
  // app's own, and served by the server from the database under /images/uploads/ and its variants.
  {
    name: 'uploaded dish',
    pattern: new RegExp(`^uploads/dish/${NAME}\\.webp$`),
    widths: [320, 520],
    sourceWidth: 800,
  },
  {
    name: 'uploaded hero',
    pattern: new RegExp(`^uploads/hero/${NAME}\\.webp$`),
    widths: [480, 750, 828],
    sourceWidth: 1280,
  },
];

/** The kinds of picture a restaurant uploads, and their shapes (width : height of the stored original). */
export const UPLOAD_KINDS = ['dish', 'hero'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const UPLOAD_SHAPES: Readonly<Record<UploadKind, { width: number; height: number }>> = {
  dish: { width: 800, height: 450 },
  hero: { width: 1280, height: 480 },
};
/** The largest picture file accepted (bytes). */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;

/** The header's picture covers the whole width of the page at every size (header.module.css, .boot-hero). */
export const HERO_SIZES = '100vw';

const IMAGES = '/images/';

/** The kind of one of the app's own pictures, by its path under /images/; null for anything else. */
export function pictureKindOf(relativePath: string): PictureKind | null {
  return PICTURE_KINDS.find((kind) => kind.pattern.test(relativePath)) ?? null;
}

/** A copy's path under /images/: `menu/x.webp` at 320 w → `variants/menu/x-320w.webp`. */
export function variantPath(relativePath: string, width: number): string {
  return `${PICTURE_VARIANTS_DIR}/${relativePath.replace(/\.webp$/, '')}-${width}w.webp`;
}

/**
 * The `srcset` of a picture: its copies and the original, when the address is one of the app's own pictures
 * (`/images/…webp`, which the build makes copies of); undefined for any other address — a restaurant's
 * imported menu may point anywhere, and those pictures are shown from `src` alone.
 */
export function pictureSrcSet(url: string | null | undefined): string | undefined {
  if (!url?.startsWith(IMAGES)) return undefined;
  const relativePath = url.slice(IMAGES.length);
  const kind = pictureKindOf(relativePath);
  if (!kind) return undefined;
  const copies = kind.widths.map((width) => `${IMAGES}${variantPath(relativePath, width)} ${width}w`);
  return [...copies, `${url} ${kind.sourceWidth}w`].join(', ');
}
