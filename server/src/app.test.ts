import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { ErrorBodySchema } from '@tablo/contract/errors';
import { afterEach, describe, expect, it } from 'vitest';
import { createTempWebDist, createTestApp, type TestContext, testConfig } from '../test/helpers/test-app.ts';
import { createTestDatabase, testDatabaseKinds } from '../test/helpers/test-database.ts';
import { buildApp } from './app.ts';
import { dinerSession } from './db/schema.ts';
import { loggerOptions } from './lib/logger.ts';

function collect(lines: string[]): Writable {
  return new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
}

describe.each(testDatabaseKinds())('application plugins on %s', (kind) => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it('answers /api/health and /api/ready', async () => {
    ctx = await createTestApp(kind);
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect([health.statusCode, health.json()]).toEqual([200, { status: 'ok' }]);
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ok' }]);
  });

  it('answers /api/ready with 503 when the database does not answer', async () => {
    const database = await createTestDatabase(kind);
    const app = await buildApp({
      database: {
        ...database,
        ping: () => Promise.reject(new Error('connection refused')),
      },
      config: testConfig(),
      logger: false,
    });
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ErrorBodySchema.parse(ready.json()).message).toBe('Database not reachable');
    await app.close();
    await database.close();
  });

  it('sends security headers with a strict CSP on pages, API answers and errors', async () => {
    ctx = await createTestApp(kind);
    const page = await ctx.app.inject({ method: 'GET', url: '/menu/demo/hu' });
    const pageCsp = String(page.headers['content-security-policy']);
    expect(pageCsp).toContain("default-src 'self'");
    expect(pageCsp).toContain("script-src 'self'");
    // Pictures may come from the addresses a menu names (decision record 051); nothing else may.
    expect(pageCsp).toContain("img-src 'self' data: https: http:;");
    expect(pageCsp).toContain("frame-ancestors 'none'");
    expect(pageCsp).not.toMatch(/https?:\/\/(?!localhost)/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // JSON answers may load nothing and be framed by nobody.
    for (const url of ['/api/health', '/api/nope', '/api/order/uuid']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['strict-transport-security'], url).toContain('max-age=');
    }
  });

  it('answers a URL with broken percent-encoding in the error shape, with the security headers', async () => {
    ctx = await createTestApp(kind);
    for (const [url, csp] of [
      ['/%E0%A4%A', "frame-ancestors 'none'"],
      ['/api/orders/%E0%A4%A', "default-src 'none'; frame-ancestors 'none'"],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).message).toMatch(/^The URL is not valid/);
      expect(String(response.headers['content-security-policy'])).toContain(csp);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBeDefined();
    }
  });

  it('answers a missing built file with 404, not with the page', async () => {
    const web = createTempWebDist();
    try {
      ctx = await createTestApp(kind, { config: testConfig({ WEB_DIST: web.dir }) });
      for (const url of [
        '/assets/gone-123.js',
        '/assets/gone.css',
        '/locales/hu/nope.json',
        '/favicon-old.png',
      ]) {
        const response = await ctx.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toMatch(/^application\/json/);
        expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      }
      expect((await ctx.app.inject({ method: 'GET', url: '/assets/main-abc123.js' })).statusCode).toBe(200);
      const page = await ctx.app.inject({ method: 'GET', url: '/menu/demo/hu' });
      expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    } finally {
      web.remove();
    }
  });

  it('answers unknown API routes with a JSON 404 that does not echo the query', async () => {
    ctx = await createTestApp(kind);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await ctx.app.inject({ method, url: '/api/nothing-here?secret=1' });
      expect(response.statusCode).toBe(404);
      expect(ErrorBodySchema.parse(response.json())).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: `Route ${method} /api/nothing-here not found`,
      });
    }
  });

  it('masks internal errors as 500 "Internal Server Error" and logs them without session ids', async () => {
    const database = await createTestDatabase(kind);
    const lines: string[] = [];
    const secret = randomUUID();
    // A database whose transactions fail with a message quoting the session id, as driver errors do.
    const failing: typeof database.transaction = () =>
      Promise.reject(new Error(`Failed query: update diner_session params: ${secret}`));
    const app = await buildApp({
      database: { ...database, transaction: failing },
      config: testConfig(),
      logger: { ...loggerOptions('info'), stream: collect(lines) },
    });
    const response = await app.inject({
      method: 'POST',
      url: '/api/menu-item-ratings',
      payload: { sessionId: secret, menuItemId: 1, rating: 'LIKE' },
    });
    await app.close();
    await database.close();
    expect(response.statusCode).toBe(500);
    expect(ErrorBodySchema.parse(response.json())).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal Server Error',
    });
    const log = lines.join('');
    expect(log).toContain('Failed query: update diner_session');
    expect(log).not.toContain('params:');
    expect(log).not.toContain(secret);
  });

  it('limits session requests per client and answers 429 in the error shape, storing nothing more', async () => {
    ctx = await createTestApp(kind, { config: testConfig({ RATE_LIMIT_SESSIONS_PER_MINUTE: '2' }) });
    const codes: number[] = [];
    for (let i = 0; i < 3; i++)
      codes.push((await ctx.app.inject({ method: 'GET', url: '/api/order/uuid' })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    const limited = await ctx.app.inject({ method: 'GET', url: '/api/order/uuid' });
    expect(ErrorBodySchema.parse(limited.json()).statusCode).toBe(429);
    expect(await ctx.database.db.select().from(dinerSession)).toHaveLength(2);
  });

  it('serves the OpenAPI document and its browsable page at /api/docs', async () => {
    ctx = await createTestApp(kind);
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger-ui');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).not.toContain('validator.swagger.io');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    const spec = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const document = spec.json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/restaurant/one/{shortName}',
        '/api/menu/current/{shortName}',
        '/api/order/uuid',
        '/api/menu-item-ratings',
      ]),
    );
  });
});

describe('request logs', () => {
  it('never contain query strings, session headers or session ids', async () => {
    const lines: string[] = [];
    const stream = collect(lines);
    const database = await createTestDatabase('pglite');
    const app = await buildApp({
      database,
      config: testConfig(),
      logger: { ...loggerOptions('info'), stream },
    });
    const secret = '6f1c1f8e-8a9b-4c1d-9e3f-2a7b5c4d3e2f';
    await app.inject({ method: 'GET', url: `/api/ws?table_id=1&session_id=${secret}` });
    await app.inject({
      method: 'GET',
      url: '/api/menu-item-ratings/bistro',
      headers: { 'x-session-id': secret },
    });
    await app.inject({
      method: 'POST',
      url: '/api/menu-item-ratings',
      payload: { sessionId: secret, menuItemId: 1, rating: 'LIKE' },
    });
    await app.close();
    await database.close();
    const log = lines.join('');
    expect(log).toContain('"path":"/api/ws"');
    expect(log).toContain('"path":"/api/menu-item-ratings"');
    expect(log).not.toContain(secret);
    expect(log).not.toContain('session_id');
  });
});
