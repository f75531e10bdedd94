import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { insertRestaurant } from '../../test/helpers/fixtures.ts';
import { newSession } from '../../test/helpers/ordering-kit.ts';
import {
  createTempWebDist,
  createTestApp,
  type TestContext,
  testConfig,
} from '../../test/helpers/test-app.ts';
import { testDatabaseKinds } from '../../test/helpers/test-database.ts';

/**
 * Issue 11 point 9: every kind of answer — API JSON (also from the hot path in front of Fastify), API
 * errors of every origin (validation, not found, too large, bad URL, staff log-in required), static
 * files, pages, the sitemap, robots.txt, the service worker, the API docs, the sandbox checkout — carries
 * a CSP that forbids inline script and framing, nosniff and a referrer policy; no answer ever allows a
 * foreign origin (CORS), preflight or not; and both websockets refuse a foreign Origin.
 */

const FOREIGN = 'https://evil.example';

interface Probe {
  what: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  status: number;
}

const PROBES: Probe[] = [
  { what: 'API JSON', path: '/api/health', status: 200 },
  { what: 'API JSON (hot path, first)', path: '/api/restaurant/one/bistro', status: 200 },
  { what: 'API JSON (hot path, cached)', path: '/api/restaurant/one/bistro', status: 200 },
  { what: 'menu (hot path)', path: '/api/menu/current/bistro', status: 200 },
  { what: 'menu (hot path, cached)', path: '/api/menu/current/bistro', status: 200 },
  { what: 'API 404', path: '/api/nope', status: 404 },
  { what: 'API 404 (unknown restaurant)', path: '/api/restaurant/one/nobody', status: 404 },
  { what: 'API 400 (validation)', path: '/api/tables/abc/orders', status: 400 },
  {
    what: 'API 400 (broken JSON)',
    method: 'POST',
    path: '/api/orders',
    headers: { 'content-type': 'application/json' },
    body: '{"a":',
    status: 400,
  },
  {
    what: 'API 413',
    method: 'POST',
    path: '/api/orders',
    headers: { 'content-type': 'application/json' },
    body: `{"note":"${'x'.repeat(100_000)}"}`,
    status: 413,
  },
  {
    what: 'API 415',
    method: 'POST',
    path: '/api/orders',
    headers: { 'content-type': 'text/xml' },
    body: '<a/>',
    status: 415,
  },
  { what: 'API 401 (staff)', path: '/api/staff/board', status: 401 },
  { what: 'API 400 (bad URL encoding)', path: '/api/orders/%E0%A4%A', status: 400 },
  { what: 'page 400 (bad URL encoding)', path: '/%E0%A4%A', status: 400 },
  { what: 'API docs page', path: '/api/docs/', status: 200 },
  { what: 'API docs JSON', path: '/api/docs/json', status: 200 },
  { what: 'landing page', path: '/', status: 200 },
  { what: 'language page', path: '/hu', status: 200 },
  { what: 'menu page', path: '/menu/bistro/hu', status: 200 },
  { what: 'menu page (cached)', path: '/menu/bistro/hu', status: 200 },
  { what: 'page HEAD', method: 'HEAD', path: '/menu/bistro/hu', status: 200 },
  { what: 'static asset', path: '/assets/main-abc123.js', status: 200 },
  { what: 'missing asset', path: '/assets/gone-123.js', status: 404 },
  { what: 'service worker', path: '/sw.js', status: 200 },
  { what: 'sitemap', path: '/sitemap.xml', status: 200 },
  { what: 'robots.txt', path: '/robots.txt', status: 200 },
  { what: 'sandbox checkout page (unknown)', path: '/sandbox-checkout/nope', status: 404 },
  { what: 'OPTIONS on the API', method: 'OPTIONS', path: '/api/orders', status: 404 },
];

function expectSecurityHeaders(headers: Headers, where: string): void {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp, where).toContain("frame-ancestors 'none'");
  const scriptSources = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  if (scriptSources === '')
    expect(csp, `${where}: without script-src, default-src must be 'none'`).toMatch(/default-src 'none'/);
  expect(scriptSources, where).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*|data:|https?:/);
  expect(headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(headers.get('referrer-policy'), where).toMatch(
    /^(no-referrer|strict-origin-when-cross-origin|same-origin)$/,
  );
  expect(headers.get('x-frame-options'), where).toBe('DENY');
}

function expectNoCors(headers: Headers, where: string): void {
  for (const name of headers.keys()) expect(name, where).not.toMatch(/^access-control-allow-/);
}

describe.each(testDatabaseKinds())('browser security of every answer on %s', (kind) => {
  let ctx: TestContext;
  let web: ReturnType<typeof createTempWebDist>;
  let base: string;

  beforeAll(async () => {
    web = createTempWebDist();
    writeFileSync(join(web.dir, 'sw.js'), 'self.addEventListener("fetch", () => {});\n');
    ctx = await createTestApp(kind, {
      config: testConfig({ WEB_DIST: web.dir, PAYMENT_PROVIDER: 'sandbox' }),
    });
    await insertRestaurant(ctx.database.db, { shortName: 'bistro', tables: [1], categories: [] });
    base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await ctx?.close();
    web?.remove();
  });

  it('every kind of answer carries the security headers and allows no foreign origin', async () => {
    for (const probe of PROBES) {
      const where = `${probe.what}: ${probe.method ?? 'GET'} ${probe.path}`;
      const response = await fetch(`${base}${probe.path}`, {
        method: probe.method ?? 'GET',
        headers: { origin: FOREIGN, ...probe.headers },
        ...(probe.body === undefined ? {} : { body: probe.body }),
      });
      await response.arrayBuffer();
      expect(response.status, where).toBe(probe.status);
      expectSecurityHeaders(response.headers, where);
      expectNoCors(response.headers, where);
      if (response.status >= 400 && probe.method !== 'HEAD' && !probe.path.startsWith('/sandbox')) {
        expect(response.headers.get('content-type'), where).toMatch(/^application\/json/);
      }
    }
  });

  it('answers no CORS preflight of any API route with a foreign origin, and no simple request either', async () => {
    const document = (await (await fetch(`${base}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{[^}]+\}/g, '1'),
      })),
    );
    expect(routes.length).toBeGreaterThan(20);
    const sessionId = await newSession(ctx.app);
    for (const { method, path } of routes) {
      const preflight = await fetch(`${base}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: FOREIGN,
          'access-control-request-method': method,
          'access-control-request-headers': 'content-type, x-session-id, x-csrf-token, idempotency-key',
        },
      });
      await preflight.arrayBuffer();
      expectNoCors(preflight.headers, `preflight ${method} ${path}`);
      const simple = await fetch(`${base}${path}`, {
        method,
        headers: {
          origin: FOREIGN,
          'x-session-id': sessionId,
          ...(method === 'GET' || method === 'HEAD' ? {} : { 'content-type': 'text/plain' }),
        },
        ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{}' }),
      });
      await simple.arrayBuffer();
      expectNoCors(simple.headers, `${method} ${path}`);
      expectSecurityHeaders(simple.headers, `${method} ${path}`);
    }
  });

  it('both websockets refuse a foreign Origin before the upgrade', async () => {
    const sessionId = await newSession(ctx.app);
    const ws = base.replace(/^http/, 'ws');
    for (const url of [`${ws}/api/ws?table_id=1&session_id=${sessionId}`, `${ws}/api/staff/ws`]) {
      for (const origin of [FOREIGN, 'null', `http://localhost.evil.example`]) {
        const refused = await new Promise<number>((resolve, reject) => {
          const socket = new WebSocket(url, { origin });
          socket.on('unexpected-response', (_request, response) => {
            resolve(response.statusCode ?? 0);
            socket.terminate();
          });
          socket.on('open', () => reject(new Error(`${url} opened for ${origin}`)));
          socket.on('error', () => {});
        });
        expect(refused, `${url} from ${origin}`).toBe(403);
      }
    }
  });
});
