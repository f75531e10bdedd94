import type { IncomingMessage, ServerResponse } from 'node:http';
import { MenuSchema } from '@tablo/contract/menu';
import { SessionUuidResponseSchema } from '@tablo/contract/session';
import { afterEach, describe, expect, it } from 'vitest';
import { BISTRO, insertRestaurant } from '../../test/helpers/fixtures.ts';
import { createTestApp, type TestContext } from '../../test/helpers/test-app.ts';
import { testDatabaseKinds } from '../../test/helpers/test-database.ts';
import { AnswerCache } from './answer-cache.ts';
import { apiHotMatch, apiHotMatchWithSuffix, createHotPath, type HotPath } from './hot-answers.ts';

// Over a real socket: the hot path only runs in the Node server, not in app.inject.
describe.each(testDatabaseKinds())('cached answers served before Fastify (%s)', (kind) => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  async function listen(): Promise<string> {
    ctx = await createTestApp(kind);
    await insertRestaurant(ctx.database.db, BISTRO);
    return ctx.app.listen({ host: '127.0.0.1', port: 0 });
  }

  function comparable(response: Response): Record<string, string> {
    const headers = Object.fromEntries(response.headers);
    delete headers.date;
    delete headers['keep-alive'];
    return headers;
  }

  it('answers a built menu with the same status, headers and bytes as the route that built it', async () => {
    const base = await listen();
    for (const path of [
      '/api/menu/current/bistro',
      '/api/restaurant/one/bistro',
      '/api/menu/current/bistro/options',
    ]) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const init = { headers: { 'accept-encoding': encoding } };
        const built = await fetch(`${base}${path}`, init);
        const builtBody = Buffer.from(await built.arrayBuffer());
        const hot = await fetch(`${base}${path}`, init);
        expect(hot.status, `${path} ${encoding}`).toBe(200);
        expect(comparable(hot), `${path} ${encoding}`).toEqual(comparable(built));
        expect(Buffer.from(await hot.arrayBuffer())).toEqual(builtBody);
        const revalidated = await fetch(`${base}${path}`, {
          headers: { ...init.headers, 'if-none-match': String(hot.headers.get('etag')) },
        });
        expect(revalidated.status).toBe(304);
        expect(await revalidated.text()).toBe('');
      }
    }
  });

  it('never serves an answer the data has moved past, and leaves every miss to Fastify', async () => {
    const base = await listen();
    const likes = async () =>
      MenuSchema.parse(await (await fetch(`${base}/api/menu/current/bistro`)).json())[0]?.menuItems[0]
        ?.likeCount;
    expect(await likes()).toBe(10);
    expect(await likes()).toBe(10);
    const { uuid } = SessionUuidResponseSchema.parse(await (await fetch(`${base}/api/order/uuid`)).json());
    const bistroItems = await ctx?.database.db.query.menuItem.findMany();
    const goulash = bistroItems?.find((item) => item.ref === 'goulash');
    const rated = await fetch(`${base}/api/menu-item-ratings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: uuid, menuItemId: goulash?.id, rating: 'LIKE' }),
    });
    expect(rated.status).toBe(200);
    await expect.poll(likes).toBe(11);

    const unknown = await fetch(`${base}/api/menu/current/nowhere`);
    expect(unknown.status).toBe(404);
    expect((await fetch(`${base}/api/menu/current/Bistro`)).status).toBe(404);
  });
});

describe('the options answer on the hot path (issue 27)', () => {
  it('matches /api/menu/current/<name>/options only, with a valid short name', () => {
    const match = apiHotMatchWithSuffix('/api/menu/current/', '/options', 'menu-options');
    expect(match('/api/menu/current/bistro/options')).toEqual({ kind: 'menu-options', shortName: 'bistro' });
    expect(match('/api/menu/current/bistro')).toBeNull();
    expect(match('/api/menu/current/a/b/options')).toBeNull();
    expect(match('/api/menu/current//options')).toBeNull();
    expect(match('/api/menu/current/bistro/options?x=1')).toBeNull();
    // The menu's own matcher leaves the options URL alone.
    expect(apiHotMatch('/api/menu/current/', 'menu')('/api/menu/current/bistro/options')).toBeNull();
  });
});

describe('remembered URLs', () => {
  function send(
    hotPath: HotPath,
    url: string,
  ): { served: boolean; status?: number; body?: string; toFastify?: boolean } {
    const request = { method: 'GET', url, headers: { 'accept-encoding': 'identity' } };
    const sent: { status?: number; body?: string; toFastify?: boolean } = {};
    const response = {
      writeHead(status: number) {
        sent.status = status;
      },
      end(body?: Buffer) {
        sent.body = body?.toString();
      },
    };
    const served = hotPath(request as IncomingMessage, response as unknown as ServerResponse, () => {
      sent.toFastify = true;
    });
    // What was sent at once; a request left waiting for a build fills `sent` (the same object) later.
    return Object.assign(sent, { served });
  }

  it('serves the rebuilt answer, never the one remembered, once its restaurant changed', async () => {
    const cache = new AnswerCache({ coalesceMs: 10 });
    const hotPath = createHotPath(cache, [
      { match: apiHotMatch('/api/menu/current/', 'menu'), securityHeaders: {} },
    ]);
    const url = '/api/menu/current/a';
    expect(send(hotPath, url).served).toBe(false);
    await cache.get('menu', 'a', async () => ({ version: 1 }));
    expect(send(hotPath, url)).toEqual({ served: true, status: 200, body: '{"version":1}' });
    expect(send(hotPath, url).body).toBe('{"version":1}');
    cache.invalidate('a');
    expect(send(hotPath, url).served).toBe(false);
    await cache.get('menu', 'a', async () => ({ version: 2 }));
    expect(send(hotPath, url).body).toBe('{"version":2}');
    cache.clear();
    expect(send(hotPath, url).served).toBe(false);
    expect(send(hotPath, '/api/menu/current/b').served).toBe(false);
    cache.close();
  });

  it('answers the requests that arrive while the answer is being built from that build, not Fastify', async () => {
    const cache = new AnswerCache({ coalesceMs: 10 });
    const hotPath = createHotPath(cache, [
      { match: apiHotMatch('/api/menu/current/', 'menu'), securityHeaders: {} },
    ]);
    const url = '/api/menu/current/a';
    let finish: (value: unknown) => void = () => {};
    const built = cache.get('menu', 'a', () => new Promise((resolve) => (finish = resolve)));
    const waiting = [send(hotPath, url), send(hotPath, url), send(hotPath, url)];
    expect(waiting.map((sent) => sent.served)).toEqual([true, true, true]);
    expect(waiting.some((sent) => sent.status !== undefined)).toBe(false);
    finish({ version: 1 });
    await built;
    await Promise.resolve();
    expect(waiting).toEqual(
      Array.from({ length: 3 }, () => ({ served: true, status: 200, body: '{"version":1}' })),
    );
    expect(cache.buildCount).toBe(1);

    // A build that answers nothing (an unknown restaurant): its waiting requests go to Fastify's route.
    const none = cache.get('menu', 'b', async () => null);
    const unknown = send(hotPath, '/api/menu/current/b');
    expect(unknown.served).toBe(true);
    await none;
    await Promise.resolve();
    expect(unknown).toEqual({ served: true, toFastify: true });
    cache.close();
  });
});
