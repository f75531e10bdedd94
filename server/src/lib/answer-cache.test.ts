import { afterEach, describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.ts';
import { createCachedBody } from './cached-answer.ts';

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

  it('rebuilds an answer kept warm as soon as a change drops it, and only that one', async () => {
    cache = new AnswerCache({ coalesceMs: 40 });
    let version = 1;
    const built: string[] = [];
    const page = (language: string) => async () => {
      built.push(`${language}@${version}`);
      return createCachedBody(null, `<p>${language} ${version}</p>`, 'text/html');
    };
    await cache.getPrepared('page:en', 'a', page('en'), { keepWarm: true });
    await cache.getPrepared('page:hu', 'a', page('hu'), { keepWarm: true });
    await cache.getPrepared('page:en', 'b', page('b-en'), { keepWarm: true });
    await cache.get('menu', 'a', async () => ({ version }));
    version = 2;
    cache.invalidate('a');
    expect(cache.peek('page:en', 'a')).toBeUndefined();
    await cache.warmed();
    // Built again without a request, from the new data; the plain answer waits for its next request.
    expect(cache.peek('page:en', 'a')?.bodies.identity.toString()).toBe('<p>en 2</p>');
    expect(cache.peek('page:hu', 'a')?.bodies.identity.toString()).toBe('<p>hu 2</p>');
    expect(cache.peek('menu', 'a')).toBeUndefined();
    expect(built).toEqual(['en@1', 'hu@1', 'b-en@1', 'en@2', 'hu@2']);
    // Still kept warm after its rebuild; a request meanwhile shares the rebuilt answer.
    version = 3;
    await new Promise((resolve) => setTimeout(resolve, 60));
    cache.invalidate('a');
    const asked = cache.getPrepared('page:en', 'a', page('en'), { keepWarm: true });
    await cache.warmed();
    expect((await asked)?.bodies.identity.toString()).toBe('<p>en 3</p>');
    expect(built.slice(5)).toEqual(['en@3', 'hu@3']);
  });

  it('rebuilds nothing once closed', async () => {
    cache = new AnswerCache({ coalesceMs: 40 });
    let builds = 0;
    await cache.getPrepared(
      'page:en',
      'a',
      async () => {
        builds++;
        return createCachedBody(null, 'x', 'text/html');
      },
      { keepWarm: true },
    );
    cache.invalidate('a');
    cache.close();
    await cache.warmed();
    expect(builds).toBe(1);
  });
});
