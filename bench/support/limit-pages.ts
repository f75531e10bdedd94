// Issue 27's two limits for the menu page, served beside it on the same link (`bench:web`):
// - the same server-rendered document with every script removed (what the page costs without its scripts:
//   Lighthouse's blocking time of this page is the floor the scripts add to);
// - a page holding only the first dish's title (what the first dish could cost at best on this link).
// Every other address (style sheets, pictures, fonts) is passed on to the app, so both pages load the same
// files from the same origin as the menu page does.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync } from 'node:zlib';

export const NO_SCRIPTS_PATH = '/limit/no-scripts';
export const TITLE_ONLY_PATH = '/limit/title-only';

export interface LimitPages {
  /** The origin serving both pages (and passing everything else on to the app). */
  baseUrl: string;
  /** The first dish's title, as the menu page renders it. */
  firstDishTitle: string;
  stop(): Promise<void>;
}

/** The document without its scripts: no `<script>` (inline or not), no module preloads. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel="?modulepreload"?[^>]*>/gi, '');
}

/** The text of the element the app marks as the first dish's title (Element Timing). */
export function firstDishTitleOf(html: string): string {
  const match = /elementtiming="first-dish-title"[^>]*>([^<]+)</.exec(html);
  if (!match?.[1])
    throw new Error('the menu page marks no first dish title (elementtiming="first-dish-title")');
  return match[1];
}

/** A page holding only that title, marked as the menu page marks it, in the document's language. */
export function titleOnlyPage(title: string, lang: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><h3 elementtiming="first-dish-title">${title}</h3></body></html>`;
}

export async function startLimitPages(appUrl: string, menuPath: string): Promise<LimitPages> {
  const response = await fetch(`${appUrl}${menuPath}`);
  if (!response.ok) throw new Error(`${menuPath} answered ${response.status}`);
  const html = await response.text();
  const lang = /<html[^>]*\blang="([^"]+)"/.exec(html)?.[1] ?? 'hu';
  const firstDishTitle = firstDishTitleOf(html);
  const pages = new Map([
    [NO_SCRIPTS_PATH, brotliCompressSync(withoutScripts(html))],
    [TITLE_ONLY_PATH, brotliCompressSync(titleOnlyPage(firstDishTitle, lang))],
  ]);
  const app = new URL(appUrl);
  const server = createServer((req, res) => {
    const page = pages.get(req.url ?? '');
    if (page) {
      // Brotli, as the app sends its own document (every browser of the benchmark accepts it).
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'br',
        'cache-control': 'no-store',
      });
      res.end(page);
      return;
    }
    const upstream = request(
      { host: app.hostname, port: app.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    firstDishTitle,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
