import type { AppConfig } from '@tablo/contract/config';
import { FALLBACK_LANGUAGE, LANGUAGE_CODES, type LanguageCode, toBcp47 } from '@tablo/contract/languages';
import type { AnswerCache } from '../../lib/answer-cache.ts';
import { type CachedAnswer, createCachedBody } from '../../lib/cached-answer.ts';
import { escapeHtml } from '../../lib/html-escape.ts';
import { bootAssetsFor, type ViteManifest } from './boot-assets.ts';
import { bootLoaderTags, type HeroPageTemplate } from './boot-loader.ts';
import { withHeroPreload } from './hero-picture.ts';
import type { HeadLookup } from './page-tags.ts';
import type { PageTexts, RenderPage } from './server-renderer.ts';

/** The restaurant and menu answers a page is rendered from (the API's cached answers), or null. */
export type PageAnswers = (shortName: string) => Promise<{ restaurant: unknown; menu: unknown } | null>;

/**
 * The pages rendered on the server: /menu/:shortName and /menu/:shortName/:lang with a supported language,
 * exactly (any other spelling gets the app's plain page). Short names as the API's hot path accepts them.
 */
const MENU_PAGE = /^\/menu\/([a-z0-9-]{1,64})(?:\/([a-z]{2}))?$/;
const LANGUAGES = new Set<string>(LANGUAGE_CODES);

/** The id of the data block main.tsx hydrates from (web/src/app/boot-data.ts BOOT_DATA_ID). */
export const BOOT_DATA_ID = 'tablo-boot-data';

export interface MenuPagesOptions {
  template: HeroPageTemplate;
  manifest: ViteManifest | null;
  render: RenderPage;
  texts: PageTexts;
  config: AppConfig;
  answersOf: PageAnswers;
  /** A built stylesheet's text by its address (/assets/…css), or null. */
  stylesheet: (href: string) => string | null;
  /** The API's answer cache: a page is one more answer of its restaurant, dropped with the others. */
  cache: AnswerCache;
  /** The page's own tags (modules/seo): its head before </head>, its JSON-LD before </body>. */
  headOf?: HeadLookup;
}

export interface MenuPages {
  /** The cached page for this path, or null when the path is not a server-rendered page (or not renderable). */
  pageFor(path: string): Promise<CachedAnswer | null>;
  /** The page when it is built already, synchronously (null: ask pageFor). */
  peek(path: string): CachedAnswer | undefined;
}

/**
 * A restaurant's menu page as a document: the app's own components rendered on the server into #root, the
 * answers and texts they were rendered from as a JSON data block for the hydration, and the boot loader
 * (decision record 014) to start the scripts. Built once per restaurant, language and path, compressed once
 * (brotli, gzip) and kept in the answer cache, so the NOTIFY that rebuilds the menu answer rebuilds the page
 * too (docs/decisions/022-server-rendered-menu.md).
 */
export function createMenuPages(options: MenuPagesOptions): MenuPages {
  const kindOf = (language: string | undefined) => `page:menu:${language ?? ''}`;
  const match = (path: string) => {
    const found = MENU_PAGE.exec(path);
    if (!found?.[1] || (found[2] !== undefined && !LANGUAGES.has(found[2]))) return null;
    return { shortName: found[1], lang: found[2] as LanguageCode | undefined };
  };

  async function build(path: string, shortName: string, lang: LanguageCode | undefined) {
    const answers = await options.answersOf(shortName);
    if (!answers) return null;
    const language = lang ?? 'hu';
    const languages = language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE];
    const resources = Object.fromEntries(languages.map((code) => [code, options.texts.get(code) ?? {}]));
    const rendered = await options.render({
      url: path,
      language,
      restaurant: answers.restaurant,
      menu: answers.menu,
      resources,
      config: options.config,
    });
    if (!rendered) return null;
    const tags = options.headOf ? await options.headOf(path) : { head: '', end: '' };
    const html = composePage(options, path, shortName, language, rendered.html, rendered.data)
      .replace('</head>', () => `${tags.head}</head>`)
      .replace(/<\/body>/, () => `${tags.end}</body>`);
    return createCachedBody(null, html, 'text/html; charset=utf-8');
  }

  return {
    pageFor(path) {
      const found = match(path);
      if (!found) return Promise.resolve(null);
      // Kept warm: a NOTIFY that drops the page rebuilds it at once, so no diner waits for the rendering.
      return options.cache.getPrepared(
        kindOf(found.lang),
        found.shortName,
        () => build(path, found.shortName, found.lang),
        { keepWarm: true },
      );
    },
    peek(path) {
      const found = match(path);
      return found ? options.cache.peek(kindOf(found.lang), found.shortName) : undefined;
    },
  };
}

/**
 * React's renderToString puts preload links for the eager images in front of the markup; inside #root they
 * would not match the browser's first render (a hydration error). They are dropped: the hero is preloaded
 * from the top of the head, and the dishes' eager images are in the markup anyway.
 */
const LEADING_IMAGE_PRELOADS = /^(?:<link rel="preload" as="image"[^>]*>)+/;
const ROOT_CONTENT = /<div id="root">(?:<!--app-html-->[\s\S]*?<!--\/app-html-->)?<\/div>/;
const APP_NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>\s*/;

const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * A stylesheet the markup needs, in the page itself: no round trip before the first paint (on slow 4G one
 * costs ~0.6 s). The link stays, disabled (never fetched), so the app's code-splitting helper, which looks
 * for `link[rel=stylesheet][href=…]` before adding a screen's styles, knows it is there.
 */
function inlineStylesheet(options: MenuPagesOptions, href: string, link: string): string {
  const css = options.stylesheet(href);
  if (css === null) return link;
  const disabled = `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}" disabled>`;
  return `<style>${css.replaceAll('</style', '<\\/style')}</style>${disabled}`;
}

function composePage(
  options: MenuPagesOptions,
  path: string,
  shortName: string,
  language: LanguageCode,
  appHtml: string,
  data: unknown,
): string {
  const assets = bootAssetsFor(options.template, options.manifest, path, shortName);
  // The answers and texts are in the page: the loader starts only the code (014's early fetches would be
  // the second request for the menu this page exists to avoid). The screen's stylesheets are real links:
  // the server's markup needs them before any script runs.
  const loader = bootLoaderTags({ ...assets, styles: [], texts: [], answers: [] });
  const stylesheets = assets.styles
    .filter((href) => !options.template.html.includes(`href="${href}"`))
    .map((href) =>
      inlineStylesheet(options, href, `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
    )
    .join('');
  const restaurant = (data as { restaurant?: { image?: string | null } }).restaurant;
  // A data block, not a script: `<` is escaped so no text in the menu can end it.
  const dataBlock = `<script type="application/json" id="${BOOT_DATA_ID}">${JSON.stringify(data).replaceAll('<', '\\u003c')}</script>`;
  const html = restaurant?.image
    ? withHeroPreload(options.template.html, restaurant.image)
    : options.template.html;
  return html
    .replace(STYLESHEET_LINK, (link, href: string) => inlineStylesheet(options, href, link))
    .replace(/<html[^>]*>/, () => `<html lang="${toBcp47(language)}">`)
    .replace(/<\/head>/, () => `${stylesheets}</head>`)
    .replace(APP_NOSCRIPT, '')
    .replace(ROOT_CONTENT, () => `<div id="root">${appHtml.replace(LEADING_IMAGE_PRELOADS, '')}</div>`)
    .replace(/<\/body>/, () => `${dataBlock}${loader}</body>`);
}
