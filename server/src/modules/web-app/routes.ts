import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from '@tablo/contract/config';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerCache } from '../../lib/answer-cache.ts';
import type { App } from '../../lib/app-type.ts';
import { type CachedAnswer, createCachedBody, sendCachedAnswer } from '../../lib/cached-answer.ts';
import { isApiPath, pathOf } from '../../lib/request-path.ts';
import { hasOverlongPart, PATH_PART_TOO_LONG } from '../../lib/url-limits.ts';
import { sendError } from '../../plugins/error-handler.ts';
import { bootAssetsFor, readViteManifest, safeDecode } from './boot-assets.ts';
import { bootLoaderTags, heroPageTemplate } from './boot-loader.ts';
import { bootHeroImgTag, withHeroPreload } from './hero-picture.ts';
import { renderIndexHtml } from './index-html.ts';
import { createMenuPages, type MenuPages, type PageAnswers } from './menu-page.ts';
import { menuPageHotMatch } from './page-cache.ts';
import type { HeadLookup, PageTags } from './page-tags.ts';
import { loadServerRenderer, readPageTexts } from './server-renderer.ts';

/** The diner routes that carry a restaurant (spec §2): /menu/:shortName/…, /order/:shortName/…, … */
const RESTAURANT_PAGE = /^\/(?:menu|order|table|payment-success|terms-and-conditions)\/([^/?#]+)/;

/** The restaurant's hero image (the header's picture and the page's largest paint), or null. */
export type HeroImageLookup = (shortName: string) => Promise<string | null>;

const NOT_BUILT =
  'The Tablo web app is not built yet. Run `npm run build` (or `npm start`, which builds it) and reload.';

/**
 * The built web app: hashed files under /assets are immutable, other files revalidate after a short while,
 * and every other GET path answers index.html (with the runtime config) so the browser router takes over.
 * /api/* never falls back: an unknown API path is a JSON 404.
 */
export interface WebAppOptions {
  webDist: string;
  appConfig: AppConfig;
  heroImageOf?: HeroImageLookup;
  /** The page's own <head> tags (title, description, og:, hreflang, JSON-LD: modules/seo). */
  headOf?: HeadLookup;
  /** With both, menu pages are rendered on the server and cached beside the answers (decision record 022). */
  pageAnswers?: PageAnswers;
  /** Where menu pages are kept, built and compressed once; without it, rendered per request. */
  cache?: AnswerCache;
}

export async function setupWebApp(app: App, options: WebAppOptions): Promise<void> {
  const built = renderIndexHtml(options.webDist, options.appConfig);
  const indexHtml = built !== null && options.headOf ? withoutDefaultHead(built) : built;
  const heroPage = indexHtml === null ? null : heroPageTemplate(indexHtml);
  const manifest = readViteManifest(options.webDist);
  const menuPages = heroPage === null ? null : await setupMenuPages(options, heroPage, manifest);

  if (indexHtml !== null) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      // index.html is only ever served with its config filled in, by the fallback below; the build manifest
      // is the server's own.
      allowedPath: (path) =>
        basename(path) !== 'index.html' && !path.startsWith('/.vite/') && !path.startsWith('/.server/'),
      setHeaders(reply, path) {
        const immutable = path.includes('/assets/');
        reply.header(
          'cache-control',
          // The service worker is checked on every visit, so a deploy reaches phones at once (decision 025).
          immutable
            ? 'public, max-age=31536000, immutable'
            : path.endsWith('/sw.js')
              ? 'no-cache'
              : 'public, max-age=300',
        );
      },
    });
  }

  const sendIndex = (reply: FastifyReply, html = indexHtml) =>
    html === null
      ? reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT)
      : reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);

  // A restaurant's page paints its hero image from the HTML, instead of after the scripts have run and the
  // restaurant and session have answered (decision record 013); its scripts start once it is painted (014).
  async function pageHtml(url: string): Promise<string | null> {
    const html = await heroPageHtml(url);
    if (html === null || !options.headOf) return html;
    const tags = await options.headOf(pathOf(url)).catch((error: unknown): PageTags => {
      app.log.warn({ err: error }, 'page head failed');
      return { head: '<title>Tablo</title>', end: '' };
    });
    return html
      .replace('</head>', () => `${tags.head}</head>`)
      .replace(/<\/body>/, () => `${tags.end}</body>`);
  }

  async function heroPageHtml(url: string): Promise<string | null> {
    const path = pathOf(url);
    const segment = RESTAURANT_PAGE.exec(path)?.[1];
    if (heroPage === null || !segment || !options.heroImageOf) return indexHtml;
    const shortName = safeDecode(segment);
    const image = await options.heroImageOf(shortName).catch(() => null);
    if (!image) return indexHtml;
    const loader = bootLoaderTags(bootAssetsFor(heroPage, manifest, path, shortName));
    return withBootHero(heroPage.html, image).replace(/<\/body>/, () => `${loader}</body>`);
  }

  // `/` is a directory to the static plugin; the app answers it (spec §2 then redirects to /hu).
  app.get('/', { schema: { hide: true } }, (request, reply) =>
    pageHtml(request.url).then((html) => sendIndex(reply, html)),
  );

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (!isPage) {
      // A part longer than the router takes names no route: said as such, without echoing it back.
      if (hasOverlongPart(pathOf(request.url))) return sendError(reply, 414, PATH_PART_TOO_LONG);
      return sendError(reply, 404, `Route ${request.method} ${pathOf(request.url)} not found`);
    }
    // A missing script, stylesheet, text file or picture is a 404, never the page (which a browser would
    // try to run as a script or parse as the texts).
    if (isFilePath(pathOf(request.url)))
      return sendError(reply, 404, `File ${pathOf(request.url)} not found`);
    return sendPage(request, reply);
  });

  /**
   * A server-rendered menu page when the path has one (built once, then the cached bytes); without the
   * server renderer, the menu page with its hero and head, cached the same way; else the app's page.
   */
  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const path = pathOf(request.url);
    const page = menuPages
      ? (menuPages.peek(path) ?? (await renderedPage(menuPages, path)))
      : await cachedMenuPage(request.url);
    if (page) return sendCachedAnswer(request, reply, page);
    return sendIndex(reply, await pageHtml(request.url));
  }

  async function renderedPage(pages: MenuPages, path: string) {
    try {
      return await pages.pageFor(path);
    } catch (error) {
      // The page still works as the app's own (client-rendered) page; the failure is worth a look.
      app.log.error({ err: error, path }, 'server rendering failed');
      return null;
    }
  }

  // Only a shown restaurant's menu page is kept (guessed names must not fill memory); its bytes are those
  // the hot path then serves (lib/hot-answers.ts).
  function cachedMenuPage(url: string): Promise<CachedAnswer | null> {
    const key = menuPageHotMatch(url);
    const { cache, heroImageOf } = options;
    if (!key || !cache || !heroImageOf || indexHtml === null) return Promise.resolve(null);
    return cache.getPrepared(
      key.kind,
      key.shortName,
      async () => {
        if ((await heroImageOf(key.shortName).catch(() => null)) === null) return null;
        const html = await pageHtml(url);
        return html === null ? null : createCachedBody(html, html, 'text/html; charset=utf-8');
      },
      { keepWarm: true },
    );
  }
}

/** The template's own title and description, replaced on every page by its own (HeadLookup). */
export function withoutDefaultHead(html: string): string {
  return html.replace(/<title>[^<]*<\/title>/, '').replace(/<meta name="description"[^>]*>/, '');
}

/** Built files live under /assets and /locales; app routes never end in a file extension (short names have no dot). */
const FILE_PATH = /^\/(?:assets|locales)\/|\.[a-z0-9]{1,8}$/i;

export function isFilePath(path: string): boolean {
  return path !== '/index.html' && FILE_PATH.test(path);
}

/** The server renderer of the web build, when it is built and the app gives the answers to render from. */
async function setupMenuPages(
  options: WebAppOptions,
  template: ReturnType<typeof heroPageTemplate>,
  manifest: ReturnType<typeof readViteManifest>,
): Promise<MenuPages | null> {
  if (!options.pageAnswers || !options.cache) return null;
  const render = await loadServerRenderer(options.webDist);
  const texts = render ? readPageTexts(options.webDist) : null;
  if (!render || !texts) return null;
  return createMenuPages({
    template,
    manifest,
    render,
    texts,
    config: options.appConfig,
    answersOf: options.pageAnswers,
    cache: options.cache,
    stylesheet: stylesheetReader(options.webDist),
    ...(options.headOf ? { headOf: options.headOf } : {}),
  });
}

/** The build's stylesheets, read once each (they are immutable, hashed files). */
function stylesheetReader(webDist: string): (href: string) => string | null {
  const read = new Map<string, string | null>();
  return (href) => {
    if (!read.has(href)) {
      const file = join(webDist, href);
      const safe = /^\/assets\/[\w.-]+\.css$/.test(href) && existsSync(file);
      read.set(href, safe ? readFileSync(file, 'utf8') : null);
    }
    return read.get(href) ?? null;
  };
}

/**
 * Puts the restaurant's hero image into the page itself: a fixed box with the same size, picture and scrim
 * as the header the web app draws later (web/src/styles/global.css `.boot-hero`), which the app removes once
 * its own header (or its not-found screen) is on screen. A diner on a slow connection sees the restaurant at
 * once, and the page's largest paint no longer waits for the scripts.
 */
export function withBootHero(html: string, image: string): string {
  const hero =
    '<div id="boot-hero" class="boot-hero" aria-hidden="true">' +
    `${bootHeroImgTag(image)}<div class="boot-hero-scrim"></div></div>`;
  // Also preloaded from the top of the head, so it is requested before the stylesheet and the scripts.
  return withHeroPreload(html, image).replace(/<body[^>]*>/, (body) => `${body}${hero}`);
}
