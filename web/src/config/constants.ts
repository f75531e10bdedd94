/** spec §9: below this window width the mobile header is shown. */
export const MOBILE_BREAKPOINT = 850;

/** spec §9: header heights in px, at the top of the page → fully shrunk. */
export const HEADER_HEIGHT_MOBILE = { max: 156, min: 88 } as const;
export const HEADER_HEIGHT_DESKTOP = { max: 240, min: 136 } as const;
/** spec §9: header top padding in px, at the top of the page → fully shrunk. */
export const HEADER_TOP_PADDING = { max: 56, min: 8 } as const;

/** spec §2, §5, §9: the category search is shown when there are more than 4 categories. */
export const CATEGORY_SEARCH_MIN = 5;

/** spec §2, §9: the desktop header description is shown only while scrolled less than this (px). */
export const DESCRIPTION_HIDE_SCROLL = 150;

/** spec §2, §9: after a manual category click, scroll-based selection pauses this long. */
export const MANUAL_SCROLL_PAUSE_MS = 1000;

/** spec §2, §9: each desktop arrow click scrolls the tab strip by this many px. */
export const TAB_SCROLL_STEP = 200;

/** spec §8, §9: toasts auto-hide after this long. */
export const TOAST_AUTO_HIDE_MS = 6000;

/** spec §9: category drawer width — 80% of the window, at most 400 px. */
export const DRAWER_WIDTH_RATIO = 0.8;
export const DRAWER_MAX_WIDTH = 400;

/** spec §4, §9: a screen's code that has not loaded after this long raises a chunk load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** spec §9: text loading — 5 retries, 350 ms initial wait doubling each retry, 10 parallel reads. */
export const I18N_MAX_RETRIES = 5;
export const I18N_RETRY_TIMEOUT_MS = 350;
export const I18N_MAX_PARALLEL_READS = 10;

/** spec §2: the fallback spinner shown while screens load. */
export const SPINNER_SIZE = 60;

/**
 * How long the next screen's code may take before the spinner replaces the screen being left: a screen whose
 * code is at hand switches without a flash of spinner in between.
 */
export const SCREEN_SPINNER_DELAY_MS = 200;

/** spec §9: allergen icon default size. */
export const ALLERGEN_ICON_SIZE = 200;

/** spec §9: side panel at most 42 px wide. */
export const SIDE_PANEL_MAX_WIDTH = 42;

/** spec §2: the desktop hero falls back to this image when the restaurant's image fails to load. */
export const DEFAULT_MAIN_IMAGE = '/images/default-main.webp';

/** Decided here: the first-use guide is shown once per device (spec §2 names the guide only). */
export const GUIDE_SEEN_STORAGE_KEY = 'tablo.guideSeen';

/** Decided here: the landing page's social follow links (spec §1 names them; plain links, no widgets). */
export const SOCIAL_LINKS = [
  { name: 'Facebook', url: 'https://www.facebook.com/tablo.menu' },
  { name: 'Instagram', url: 'https://www.instagram.com/tablo.menu' },
  { name: 'LinkedIn', url: 'https://www.linkedin.com/company/tablo-menu' },
] as const;

/** Decided here (decision record 025): the service worker marks an answer it took from its cache with this header. */
export const FROM_CACHE_HEADER = 'x-tablo-from-cache';

/** Back online with the kept menu on screen, the real one is asked for again this often until it comes (025). */
export const KEPT_MENU_RETRY_MS = 3000;
