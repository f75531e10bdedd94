import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';

/** The worker's source: one classic script with no imports left (web/src/service-worker/). */
const ENTRY = 'src/service-worker/service-worker.ts';
/** The staff console's chunk: no diner needs it, so no diner's phone stores it ahead of time. */
const NOT_PRECACHED = /[\\/]app[\\/]routes[\\/]staff[\\/]/;

/**
 * The build's files every diner page may need: the entry and every chunk it can reach (lazy screens
 * included) except the staff console's, their stylesheets, and the fonts. A diner who has opened one page
 * has all the code of the others, offline too.
 */
export function precacheList(bundle: Rollup.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const reached = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = byName.get(fileName);
    if (!chunk || reached.has(fileName)) return;
    if (chunk.facadeModuleId && NOT_PRECACHED.test(chunk.facadeModuleId)) return;
    reached.add(fileName);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
  const files = new Set<string>();
  for (const fileName of reached) {
    files.add(fileName);
    for (const css of byName.get(fileName)?.viteMetadata?.importedCss ?? []) files.add(css);
  }
  for (const file of Object.values(bundle)) {
    if (file.type === 'asset' && /^assets\/.*\.woff2$/.test(file.fileName)) files.add(file.fileName);
  }
  return [...files].sort().map((file) => `/${file}`);
}

/**
 * Builds the service worker into /sw.js with the build's precache list and a version derived from it, so
 * every deploy that changes the code changes the worker's bytes, which makes browsers install it
 * (decision record 025).
 */
export function serviceWorker(): Plugin {
  let root = '';
  return {
    name: 'tablo:service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const precache = precacheList(bundle);
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      const result = await build({
        configFile: false,
        root,
        logLevel: 'warn',
        publicDir: false,
        define: {
          __TABLO_SW_VERSION__: JSON.stringify(version),
          __TABLO_PRECACHE__: JSON.stringify(precache),
        },
        build: {
          write: false,
          minify: true,
          target: 'es2022',
          lib: {
            entry: join(root, ENTRY),
            formats: ['iife'],
            name: 'tabloServiceWorker',
            fileName: () => 'sw.js',
          },
        },
      });
      const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
      const code = outputs
        .flatMap((output) => output.output)
        .find((file): file is Rollup.OutputChunk => file.type === 'chunk')?.code;
      if (!code) throw new Error('tablo:service-worker: the worker build produced no script');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
    },
  };
}
