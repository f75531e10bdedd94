import { afterEach, describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('AnswerCache', () => {
  let cache: AnswerCache;
  afterEach(() => cache.close());

  it('shares one build between concurrent misses and keeps the answer', async () => {
    cache = new AnswerCache({ coalesceMs: 50 });
    const gate = deferred<unknown>();
    let builds = 0;
    const build = () => {
      builds++;
      return gate.promise;
    };
    const waiting = Array.from({ length: 5 }, () => cache.get('menu', 'a', build));
    gate.resolve({ n: 1 });
    const answers = await Promise.all(waiting);
    expect(builds).toBe(1);
    expect(new Set(answers).size).toBe(1);
    await cache.get('menu', 'a', build);
    expect(builds).toBe(1);
  });

  it('does not keep null answers or failed builds', async () => {
    cache = new AnswerCache({ coalesceMs: 50 });
    let builds = 0;
    await cache.get('menu', 'x', async () => {
      builds++;
      return null;
    });
    await cache.get('menu', 'x', async () => {
      builds++;
      return null;
    });
    await expect(
      cache.get('menu', 'y', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const answer = await cache.get('menu', 'y', async () => ({ ok: true }));
    expect(builds).toBe(2);
    expect(JSON.parse(answer?.bodies.identity.toString() ?? '')).toEqual({ ok: true });
  });

  it('drops only the named restaurant, at once, then folds a burst into one more drop', async () => {
    cache = new AnswerCache({ coalesceMs: 40 });
    let version = 0;
    const builds: string[] = [];
    const build = (name: string) => async () => {
      builds.push(name);
      return { name, version };
    };
    await cache.get('menu', 'a', build('a'));
    await cache.get('restaurant', 'a', build('a'));
    await cache.get('menu', 'b', build('b'));
    builds.length = 0;

    version = 1;
    cache.invalidate('a');
    await cache.get('menu', 'a', build('a'));
    await cache.get('menu', 'b', build('b'));
    expect(builds).toEqual(['a']);

    // A burst inside the window: nothing is dropped until it closes, then exactly once.
    version = 2;
    for (let i = 0; i < 20; i++) cache.invalidate('a');
    const during = await cache.get('menu', 'a', build('a'));
    expect(JSON.parse(during?.bodies.identity.toString() ?? '')).toEqual({ name: 'a', version: 1 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    const after = await cache.get('menu', 'a', build('a'));
    expect(JSON.parse(after?.bodies.identity.toString() ?? '')).toEqual({ name: 'a', version: 2 });
    expect(builds).toEqual(['a', 'a']);
  });

  it('does not keep a build that was running when its restaurant changed', async () => {
    cache = new AnswerCache({ coalesceMs: 10 });
    const gate = deferred<unknown>();
    const stale = cache.get('menu', 'a', () => gate.promise);
    cache.invalidate('a');
    gate.resolve({ version: 'old' });
    await stale;
    const fresh = await cache.get('menu', 'a', async () => ({ version: 'new' }));
    expect(JSON.parse(fresh?.bodies.identity.toString() ?? '')).toEqual({ version: 'new' });
  });

  it('clear() forgets everything', async () => {
    cache = new AnswerCache({ coalesceMs: 10 });
    let builds = 0;
    const build = async () => ({ n: ++builds });
    await cache.get('menu', 'a', build);
    await cache.get('menu', 'b', build);
    cache.clear();
    await cache.get('menu', 'a', build);
    await cache.get('menu', 'b', build);
    expect(builds).toBe(4);
  });
});
