import { BOOT_RESPONSES_GLOBAL } from '@tablo/contract/config-names';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { server } from '../testing/server.ts';
import { apiRequest, INVALID_RESPONSE_MESSAGE } from './api-client.ts';

const ThingSchema = z.object({ id: z.number() });

describe('apiRequest (spec §7, §8)', () => {
  it('sends JSON headers, includes credentials, disables caching and parses the answer', async () => {
    let seen: Request | undefined;
    server.use(
      http.get('/api/things/1', ({ request }) => {
        seen = request;
        return HttpResponse.json({ id: 1 });
      }),
    );
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const result = await apiRequest('/things/1', { schema: ThingSchema });
    expect(result).toEqual({ ok: true, status: 200, data: { id: 1 } });
    expect(seen?.headers.get('accept')).toBe('application/json');
    expect(seen?.headers.get('content-type')).toBe('application/json');
    expect(fetchSpy).toHaveBeenCalledWith(
      '/api/things/1',
      expect.objectContaining({ credentials: 'include', cache: 'no-store' }),
    );
    expect(fetchSpy.mock.calls[0]?.[1]?.body).toBeUndefined();
  });

  it('sends a JSON body for non-GET methods, with extra headers', async () => {
    let body: unknown;
    let key: string | null = null;
    server.use(
      http.post('/api/things', async ({ request }) => {
        body = await request.json();
        key = request.headers.get('idempotency-key');
        return HttpResponse.json({ id: 2 }, { status: 201 });
      }),
    );
    const result = await apiRequest('/things', {
      method: 'POST',
      body: { name: 'soup' },
      headers: { 'Idempotency-Key': 'k1' },
      schema: ThingSchema,
    });
    expect(result).toEqual({ ok: true, status: 201, data: { id: 2 } });
    expect(body).toEqual({ name: 'soup' });
    expect(key).toBe('k1');
  });

  it("takes a failure's message from the response", async () => {
    server.use(
      http.get('/api/things/1', () =>
        HttpResponse.json(
          { statusCode: 404, error: 'Not Found', message: 'Thing not found' },
          { status: 404 },
        ),
      ),
    );
    expect(await apiRequest('/things/1', { schema: ThingSchema })).toEqual({
      ok: false,
      status: 404,
      message: 'Thing not found',
    });
  });

  it('joins a list of messages with ", "', async () => {
    server.use(
      http.post('/api/things', () =>
        HttpResponse.json(
          { statusCode: 400, error: 'Bad Request', message: ['name is required', 'price must be positive'] },
          { status: 400 },
        ),
      ),
    );
    const result = await apiRequest('/things', { method: 'POST', body: {}, schema: ThingSchema });
    expect(result).toEqual({ ok: false, status: 400, message: 'name is required, price must be positive' });
  });

  it('falls back to "[status]: an unknown error occured :\'(" without a message', async () => {
    server.use(
      http.get('/api/things/1', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })),
    );
    expect(await apiRequest('/things/1', { schema: ThingSchema })).toEqual({
      ok: false,
      status: 502,
      message: "[502]: an unknown error occured :'(",
    });
  });

  it('uses the unknown-error text for a JSON error without a message', async () => {
    server.use(http.get('/api/things/1', () => HttpResponse.json({ oops: true }, { status: 500 })));
    const result = await apiRequest('/things/1', { schema: ThingSchema });
    expect(result).toEqual({ ok: false, status: 500, message: "[500]: an unknown error occured :'(" });
  });

  it('answers "Invalid response from server" when a success body is not JSON', async () => {
    server.use(http.get('/api/things/1', () => new HttpResponse('not json', { status: 200 })));
    expect(await apiRequest('/things/1', { schema: ThingSchema })).toEqual({
      ok: false,
      status: 200,
      message: INVALID_RESPONSE_MESSAGE,
    });
    expect(INVALID_RESPONSE_MESSAGE).toBe('Invalid response from server');
  });

  it('answers "Invalid response from server" when a success body does not match the schema', async () => {
    server.use(http.get('/api/things/1', () => HttpResponse.json({ id: 'one' })));
    const result = await apiRequest('/things/1', { schema: ThingSchema });
    expect(result).toEqual({ ok: false, status: 200, message: 'Invalid response from server' });
  });

  it('reports a network exception as status 0, not ok', async () => {
    server.use(http.get('/api/things/1', () => HttpResponse.error()));
    const result = await apiRequest('/things/1', { schema: ThingSchema });
    expect(result.ok).toBe(false);
    expect(result.status).toBe(0);
  });

  it("takes the boot loader's early answer once, for the first GET of its address, and parses it the same way", async () => {
    let served = 0;
    server.use(
      http.get('/api/things/7', () => {
        served += 1;
        return HttpResponse.json({ id: served });
      }),
    );
    const early = Promise.resolve(Response.json({ id: 'not a number' }));
    Object.assign(globalThis, { [BOOT_RESPONSES_GLOBAL]: { '/api/things/7': early } });
    try {
      // The early answer is checked against the schema like any other.
      expect(await apiRequest('/things/7', { schema: ThingSchema })).toEqual({
        ok: false,
        status: 200,
        message: INVALID_RESPONSE_MESSAGE,
      });
      expect(served).toBe(0);
      expect(await apiRequest('/things/7', { schema: ThingSchema })).toEqual({
        ok: true,
        status: 200,
        data: { id: 1 },
      });
      expect(served).toBe(1);
    } finally {
      Reflect.deleteProperty(globalThis, BOOT_RESPONSES_GLOBAL);
    }
  });

  it('reports an early answer that failed on the network as status 0, like its own fetch', async () => {
    const early = Promise.reject(new TypeError('Failed to fetch'));
    early.catch(() => {});
    Object.assign(globalThis, { [BOOT_RESPONSES_GLOBAL]: { '/api/things/8': early } });
    try {
      expect(await apiRequest('/things/8', { schema: ThingSchema })).toEqual({
        ok: false,
        status: 0,
        message: 'Failed to fetch',
      });
    } finally {
      Reflect.deleteProperty(globalThis, BOOT_RESPONSES_GLOBAL);
    }
  });
});
