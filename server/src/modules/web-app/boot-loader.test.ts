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

/** Runs the loader in a page without a hero (it starts at once), one task at a time, as a browser would. */
function runLoader(assets: BootAssets) {
  const added: Added[] = [];
  const tasks: (() => void)[] = [];
  let task = 0;
  const parent = (name: 'head' | 'body') => ({
    appendChild: (element: Record<string, string>) => {
      added.push({ task, parent: name, tag: element.tag ?? '', ...element });
    },
  });
  const document = {
    head: parent('head'),
    body: parent('body'),
    querySelectorAll: () => [],
    getElementById: (id: string) => (id === 'boot-assets' ? { textContent: JSON.stringify(assets) } : null),
    createElement: (tag: string) => ({ tag }),
  };
  const fetched: string[] = [];
  const window = {
    fetch: (path: string) => {
      fetched.push(path);
      return Promise.resolve();
    },
  };
  runInNewContext(BOOT_LOADER_SCRIPT, {
    window,
    document,
    fetch: window.fetch,
    setTimeout: (run: () => void) => tasks.push(run),
    requestAnimationFrame: (run: () => void) => tasks.push(run),
  });
  for (; tasks.length > 0; ) {
    task += 1;
    tasks.shift()?.();
  }
  return { added, fetched };
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
    expect(added[entry]).toMatchObject({ parent: 'body', src: '/assets/index.js', task: 0 });
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

    expect(added.filter((element) => element.task === 0 && element.rel === 'preload')).toEqual([
      expect.objectContaining({ href: '/locales/hu/menu.json', as: 'fetch' }),
      expect.objectContaining({ href: '/assets/menu.css', as: 'style' }),
    ]);
  });
});
