import { LANGUAGES } from '@tablo/contract/languages';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { escapeHtml } from '../../lib/html-escape.ts';
import { enabledShortNames } from './repository.ts';

/** Paths that belong to one table's visit, to staff or to the API: nothing there is for a search index. */
const DISALLOWED = ['/api/', '/staff', '/order/', '/table/', '/payment-success/', '/terms-and-conditions/'];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** One <url> per page and language, each naming the page in every language (and x-default, spec §2: hu). */
function urlEntries(pathIn: (language: string) => string): string[] {
  const alternates = [
    ...LANGUAGES.map(
      (l) => `<xhtml:link rel="alternate" hreflang="${l.bcp47}" href="${escapeHtml(pathIn(l.code))}"/>`,
    ),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(pathIn('hu'))}"/>`,
  ].join('');
  return LANGUAGES.map((l) => `<url><loc>${escapeHtml(pathIn(l.code))}</loc>${alternates}</url>`);
}

export function sitemapXml(publicUrl: string, shortNames: readonly string[]): string {
  const urls = [
    ...urlEntries((language) => `${publicUrl}/${language}`),
    ...shortNames.flatMap((shortName) =>
      urlEntries((language) => `${publicUrl}/menu/${encodeURIComponent(shortName)}/${language}`),
    ),
  ];
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    `${urls.join('\n')}\n</urlset>\n`
  );
}

/**
 * /robots.txt and /sitemap.xml: the landing page and every enabled restaurant's menu in the ten languages.
 * Exact routes, so the web app's static files and page fallback never answer these two paths.
 */
export const seoRoutes: FastifyPluginAsync<{ database: Database; publicUrl: string }> = async (
  app,
  { database, publicUrl },
) => {
  const robots = robotsTxt(publicUrl);
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').type('text/plain; charset=utf-8').send(robots),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const xml = sitemapXml(publicUrl, await enabledShortNames(database.db));
    return reply
      .header('cache-control', 'public, max-age=300')
      .type('application/xml; charset=utf-8')
      .send(xml);
  });
};
