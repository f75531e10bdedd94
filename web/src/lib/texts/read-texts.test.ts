import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18N_MAX_PARALLEL_READS, I18N_MAX_RETRIES, I18N_RETRY_TIMEOUT_MS } from '../../config/constants.ts';
import { server } from '../../testing/server.ts';
import { createTextReader } from './read-texts.ts';

type Answer = () => Response | Promise<Response>;

/** A fetch that answers each call with the next of `answers` (the last one repeats), recording the times. */
function scriptedFetch(...answers: Answer[]) {
  const calls: { url: string; at: number }[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL) => {
    calls.push({ url: String(input), at: Date.now() });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    return answer ? answer() : Response.json({});
  });
  return { fetchFn: fetchFn as unknown as typeof fetch, calls };
}

const status = (code: number) => () => new Response(null, { status: code });
const texts = () => Response.json({ menu: 'Menu du jour' });
const networkError = () => Promise.reject(new TypeError('Failed to fetch'));

describe('reading the text files (spec §9)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads /locales/<lang>/<ns>.json', async () => {
    server.use(http.get('/locales/de/common.json', () => HttpResponse.json({ menu: 'Speisekarte' })));
    expect(await createTextReader()('de', 'common')).toEqual({ menu: 'Speisekarte' });
  });

  it.each([
    ['a 503', status(503)],
    ['a 429', status(429)],
    ['a network error', networkError],
  ])('tries %s again 5 times, after 350 ms, doubling each time', async (_, failure) => {
    vi.useFakeTimers();
    const { fetchFn, calls } = scriptedFetch(...Array<Answer>(I18N_MAX_RETRIES).fill(failure), texts);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const start = Date.now();
    const read = createTextReader(fetchFn)('fr', 'common');
    await vi.runAllTimersAsync();
    expect(await read).toEqual({ menu: 'Menu du jour' });
    expect(calls).toHaveLength(I18N_MAX_RETRIES + 1);
    const waits = calls.map(({ at }) => at - start);
    expect(waits).toEqual([0, 350, 1050, 2450, 5250, 10850]);
    expect(I18N_RETRY_TIMEOUT_MS).toBe(350);
  });

  it('gives up after the fifth retry', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { fetchFn, calls } = scriptedFetch(status(500));
    const read = createTextReader(fetchFn)('pl', 'menu');
    await vi.runAllTimersAsync();
    expect(await read).toBeUndefined();
    expect(calls).toHaveLength(I18N_MAX_RETRIES + 1);
    expect(warn).toHaveBeenCalledWith('failed loading /locales/pl/menu.json');
  });

  it.each([
    ['a 404', status(404)],
    ['a 403', status(403)],
    ['a file that is not JSON', () => new Response('<html>', { status: 200 })],
  ])('does not try %s again', async (_, failure) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { fetchFn, calls } = scriptedFetch(failure);
    expect(await createTextReader(fetchFn)('pl', 'common')).toBeUndefined();
    expect(calls).toHaveLength(1);
  });

  it('reads at most 10 files at once; the others wait for a free place', async () => {
    const pending: ((response: Response) => void)[] = [];
    const fetchFn = vi.fn(() => new Promise<Response>((resolve) => pending.push(resolve)));
    const read = createTextReader(fetchFn as unknown as typeof fetch);
    const reads = Array.from({ length: 14 }, (_, i) => read('en', `ns${i}`));
    await vi.waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(I18N_MAX_PARALLEL_READS));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchFn).toHaveBeenCalledTimes(10);

    pending[0]?.(Response.json({ n: '0' }));
    await vi.waitFor(() => expect(fetchFn).toHaveBeenCalledTimes(11));
    for (let i = 1; i < 14; i++) {
      await vi.waitFor(() => expect(pending[i]).toBeDefined());
      pending[i]?.(Response.json({ n: String(i) }));
    }
    expect((await Promise.all(reads)).map((bundle) => bundle?.n)).toEqual(
      Array.from({ length: 14 }, (_, i) => String(i)),
    );
  });

  it('frees its place while waiting for a retry', async () => {
    vi.useFakeTimers();
    const answers = new Map<string, number>();
    const fetchFn = vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      const seen = (answers.get(url) ?? 0) + 1;
      answers.set(url, seen);
      // The first 10 fail once; the 11th must not wait for their retries.
      return url.endsWith('ns10.json') || seen > 1 ? Response.json({ ok: 'yes' }) : status(503)();
    });
    const read = createTextReader(fetchFn as unknown as typeof fetch);
    const reads = Array.from({ length: 11 }, (_, i) => read('en', `ns${i}`));
    const eleventh = await Promise.race([
      reads[10]?.then(() => 'read'),
      vi.advanceTimersByTimeAsync(I18N_RETRY_TIMEOUT_MS - 1).then(() => 'still waiting'),
    ]);
    expect(eleventh).toBe('read');
    await vi.runAllTimersAsync();
    expect(await Promise.all(reads)).toEqual(Array(11).fill({ ok: 'yes' }));
  });
});
