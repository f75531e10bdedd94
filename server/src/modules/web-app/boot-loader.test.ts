import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { BOOT_LOADER_SCRIPT, type BootAssets, PRELOADS_PER_TASK } from './boot-loader.ts';

type Added = {
  task: number;
  parent: 'head' | 'body';
  tag: string;
  rel?: string;
  href?: string;
  src?: string;
};

interface Hero {
  laidOut: boolean;
}

/**
 * Runs the loader as a browser would, one task at a time on a virtual clock (timers at their delay, frames
 * every 16 ms), in a page with the given heroes (none: it starts as soon as it has looked). `layoutReads`
 * lists the task in which each hero's layout was read.
 */
function runLoader(assets: BootAssets, heroes: Hero[] = []) {
  const added: Added[] = [];
  const queue: { at: number; order: number; run: () => void }[] = [];
  const layoutReads: number[] = [];
  const timeOfTask: number[] = [0];
  let task = 0;
  let now = 0;
  let order = 0;
  const schedule = (at: number, run: () => void) => queue.push({ at, order: order++, run });
  const parent = (name: 'head' | 'body') => ({
    appendChild: (element: Record<string, string>) => {
      added.push({ task, parent: name, tag: element.tag ?? '', ...element });
    },
  });
  const images = heroes.map((hero) => ({
    complete: false,
    naturalWidth: 0,
    addEventListener: () => {},
    getClientRects: () => {
      layoutReads.push(task);
      return hero.laidOut ? [{}] : [];
    },
  }));
  const document = {
    head: parent('head'),
    body: parent('body'),
    querySelectorAll: () => images,
    getElementById: (id: string) => (id === 'boot-assets' ? { textContent: JSON.stringify(assets) } : null),
    createElement: (tag: string) => ({ tag }),
  };
  const fetched: string[] = [];
  const window = {
    fetch: (path: string) => {
      fetched.push(path);
      return Promise.resolve();
    },
    // Reports nothing: the loader falls back to the picture's load event.
    PerformanceObserver: { supportedEntryTypes: [] },
  };
  runInNewContext(BOOT_LOADER_SCRIPT, {
    window,
    document,
    fetch: window.fetch,
    setTimeout: (run: () => void, delay = 0) => schedule(now + delay, run),
    requestAnimationFrame: (run: () => void) => schedule(Math.floor(now / 16) * 16 + 16, run),
  });
  for (; queue.length > 0 && task < 1000; ) {
    queue.sort((a, b) => a.at - b.at || a.order - b.order);
    const next = queue.shift();
    if (!next) break;
    task += 1;
    now = next.at;
    timeOfTask[task] = now;
    next.run();
  }
  const startedAt = (tag: string) => added.find((element) => element.tag === tag)?.task;
  return { added, fetched, layoutReads, startedAt, timeOfTask };
}

describe('the boot loader', () => {
  const preloads = Array.from({ length: 10 }, (_, index) => `/assets/chunk-${index}.js`);
  const assets: BootAssets = {
    modules: ['/assets/index.js'],
    preloads,
    styles: ['/assets/menu.css'],
    texts: ['/locales/hu/menu.json'],
    answers: ['/api/restaurants/demo'],
  };

  it('starts the entry first, then every module preload, a few per task', () => {
    const { added, fetched } = runLoader(assets);

    expect(fetched).toEqual(['/api/restaurants/demo']);
    const entry = added.findIndex((element) => element.tag === 'script');
    expect(added[entry]).toMatchObject({ parent: 'body', src: '/assets/index.js' });
    const links = added.filter((element) => element.rel === 'modulepreload');
    expect(links.map((link) => link.href)).toEqual(preloads);
    expect(added.indexOf(links[0] as Added)).toBeGreaterThan(entry);
    const perTask = new Map<number, number>();
    for (const link of links) perTask.set(link.task, (perTask.get(link.task) ?? 0) + 1);
    expect(Math.max(...perTask.values())).toBeLessThanOrEqual(PRELOADS_PER_TASK);
    expect(perTask.size).toBe(Math.ceil(preloads.length / PRELOADS_PER_TASK));
  });

  it('adds the texts and stylesheets as preloads at once', () => {
    const { added } = runLoader(assets);

    const entryTask = added.find((element) => element.tag === 'script')?.task;
    expect(added.filter((element) => element.task === entryTask && element.rel === 'preload')).toEqual([
      expect.objectContaining({ href: '/locales/hu/menu.json', as: 'fetch' }),
      expect.objectContaining({ href: '/assets/menu.css', as: 'style' }),
    ]);
  });

  it('reads no layout while the page is parsed: it looks for the laid-out hero after the first frame', () => {
    const { layoutReads, startedAt, timeOfTask } = runLoader(assets, [{ laidOut: false }, { laidOut: true }]);

    // Task 0 is the parser's own; the frame is the next one, the look after it.
    expect(layoutReads).toEqual([2, 2]);
    // The laid-out hero is not painted yet (this fake reports no paint): the scripts wait for the 1 s fallback.
    expect(timeOfTask[startedAt('script') ?? 0]).toBe(1000);
  });

  it('starts at once after that first look when no hero is laid out', () => {
    const { startedAt } = runLoader(assets, [{ laidOut: false }]);

    // The frame (task 1), the look (task 2) starts the entry; the 1 s fallback would be much later.
    expect(startedAt('script')).toBe(2);
  });
});
