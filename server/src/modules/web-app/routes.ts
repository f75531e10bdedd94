import { basename } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from '@tablo/contract/config';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../lib/app-type.ts';
import { isApiPath, pathOf } from '../../lib/request-path.ts';
import { sendError } from '../../plugins/error-handler.ts';
import { bootAssetsFor, readViteManifest, safeDecode } from './boot-assets.ts';
import { bootLoaderTags, heroPageTemplate } from './boot-loader.ts';
import { escapeHtmlAttribute, renderIndexHtml } from './index-html.ts';

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
export async function setupWebApp(
  app: App,
  options: { webDist: string; appConfig: AppConfig; heroImageOf?: HeroImageLookup },
): Promise<void> {
  const indexHtml = renderIndexHtml(options.webDist, options.appConfig);
  const heroPage = indexHtml === null ? null : heroPageTemplate(indexHtml);
  const manifest = readViteManifest(options.webDist);

  if (indexHtml !== null) {
    await app.register(fastifyStatic, {
      root: options.webDist,
      index: false,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      // index.html is only ever served with its config filled in, by the fallback below; the build manifest
      // is the server's own.
      allowedPath: (path) => basename(path) !== 'index.html' && !path.startsWith('/.vite/'),
      setHeaders(reply, path) {
        const immutable = path.includes('/assets/');
        reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
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
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (!isPage) return sendError(reply, 404, `Route ${request.method} ${pathOf(request.url)} not found`);
    return pageHtml(request.url).then((html) => sendIndex(reply, html));
  });
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
    `<img src="${escapeHtmlAttribute(image)}" alt="" fetchpriority="high"><div class="boot-hero-scrim"></div></div>`;
  // Also preloaded from the top of the head, so it is requested before the stylesheet and the scripts.
  const preload = `<link rel="preload" as="image" href="${escapeHtmlAttribute(image)}" fetchpriority="high">`;
  return html
    .replace(/<head[^>]*>/, (head) => `${head}${preload}`)
    .replace(/<body[^>]*>/, (body) => `${body}${hero}`);
}
