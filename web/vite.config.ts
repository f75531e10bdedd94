import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { firstScreenChecks } from './first-screen-checks-plugin.ts';
import { leanLucide } from './lean-lucide-plugin.ts';
import { pictureVariants } from './picture-variants-plugin.ts';
import { serviceWorker } from './service-worker-plugin.ts';

// Long-lived vendor chunks: they change far less often than the screens, so repeat visits hit the cache.
const VENDOR_GROUPS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
  // Apart from the query library: the menu page loads no zod (decision record 036).
  // With the module that sets it jitless (decision 064): one chunk, one file name in each preload list.
  { name: 'zod', test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-jitless\.ts$/ },
];

const ZOD_JITLESS = join(import.meta.dirname, 'src', 'lib', 'zod-jitless.ts');

/** Text files worth compressing; images and fonts are compressed already. index.html is rendered by the server. */
const COMPRESSIBLE = /\.(js|mjs|css|json|svg|txt|webmanifest)$/;
const MIN_BYTES = 512;

/**
 * Writes `.br` and `.gz` beside every compressible file of the build, once, at build time: the server's
 * @fastify/static (`preCompressed: true`) sends them to browsers that accept them (decision record 013).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tablo:precompress',
    apply: 'build',
    configResolved(config) {
      // The server renderer's build (web/dist/.server) is read from disk by the server, never sent.
      outDir = config.build.ssr ? '' : join(config.root, config.build.outDir);
    },
    closeBundle() {
      if (outDir === '') return;
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const source = readFileSync(file);
        if (source.length < MIN_BYTES) continue;
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
      }
    },
  };
}

function* walk(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

/**
 * A built CSS module class is its name and 5 hex digits of a hash of its file, relative to web/ so that
 * every checkout builds the same names: Vite's default `_<class>_<hash>_<line>` made every module's class
 * map, which is part of the JavaScript, longer (docs/decisions/055: the menu page's scripts −369 B gzip).
 * The browser and server builds name alike; the dev server and tests keep the default. Two files whose
 * hashes begin alike and share a class name would share a class: the build stops instead.
 */
const scopedNames = new Map<string, string>();
function shortClassName(name: string, filename: string): string {
  const file = relative(import.meta.dirname, filename.split('?')[0] ?? filename);
  const scoped = `${name}_${createHash('sha256').update(file).digest('hex').slice(0, 5)}`;
  const owner = scopedNames.get(scoped);
  if (owner !== undefined && owner !== file)
    throw new Error(`CSS class ${scoped} of ${file} is also ${owner}'s`);
  scopedNames.set(scoped, file);
  return scoped;
}

/**
 * Issue 27: the dish dialog's choices and the dietary filter's choice rule are chunks the menu loads on
 * demand. Vite preloads every chunk they import, listing each file's name in the menu's first-screen script
 * (19 names, ~0.3 KB gzip of the 140 KB budget) although nearly all of them (React, the query client, the
 * texts…) are loaded by then. Their own small chunks are kept; the rest arrive as already-loaded imports.
 */
const CHOICES_CHUNK = /\/(dialog-choices|dietary-choices)-/;
const CHOICES_OWN_DEPS = /\/(dialog-choices|dietary-choices|menu-options-query|choices|plus|minus)-/;

/**
 * The staff console's and the restaurant accounts' screens, and a closed restaurant's (the owner's preview):
 * no diner's phone opens them, yet the menu's first script listed every file they import, ~20 names (decision
 * 070). They are preloaded with their style sheets only, which must be in place before they draw; their
 * scripts arrive as the browser follows their imports, one step later on the restaurant's own devices.
 */
const STAFF_CHUNK = /\/(staff-routes|accounts-routes|closed-restaurant)-/;

/**
 * The scripts the entry imports (React, the query client, the texts, the providers…): loaded before any lazy
 * chunk can be asked for, so no lazy import lists them for preloading (decision 070). Filled per build by
 * `entryImports`, before Vite writes the preload lists.
 */
const loadedWithEntry = new Set<string>();

function entryImports(): Plugin {
  return {
    name: 'tablo:entry-imports',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        loadedWithEntry.clear();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || loadedWithEntry.has(fileName)) return;
          loadedWithEntry.add(fileName);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const [fileName, chunk] of Object.entries(bundle)) {
          if (chunk.type === 'chunk' && chunk.isEntry) visit(fileName);
        }
      },
    },
  };
}

function preloadedDependencies(filename: string, deps: string[]): string[] {
  if (CHOICES_CHUNK.test(`/${filename}`)) return deps.filter((dep) => CHOICES_OWN_DEPS.test(`/${dep}`));
  if (STAFF_CHUNK.test(`/${filename}`)) return deps.filter((dep) => dep.endsWith('.css'));
  return deps.filter((dep) => !loadedWithEntry.has(dep));
}

export default defineConfig(({ command, isSsrBuild }) => ({
  root: import.meta.dirname,
  // The server renderer needs no public files, and React's production build whatever the server's NODE_ENV.
  ...(isSsrBuild
    ? { publicDir: false as const, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : // The browser's zod is zod set jitless with its public `z.config` (src/lib/zod-jitless.ts, decision 064).
      { resolve: { alias: [{ find: /^zod$/, replacement: ZOD_JITLESS }] } }),
  plugins: [
    react(),
    firstScreenChecks(),
    leanLucide(),
    pictureVariants(),
    ...(isSsrBuild ? [] : [serviceWorker(), entryImports()]),
    precompress(),
  ],
  // No alias for React Router: since v8 its package exports its production files by default and its
  // development ones under the `development` condition, which Vite sets only outside production builds
  // (decision 057; until then decision 036 aliased the build into react-router/dist/production).
  ...(command === 'build' ? { css: { modules: { generateScopedName: shortClassName } } } : {}),
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: ['es2022', 'chrome111', 'edge111', 'firefox114', 'safari16.4'],
    cssCodeSplit: true,
    // The server reads it to start a menu page's lazy chunks with its scripts (server: web-app/boot-assets.ts).
    manifest: true,
    modulePreload: { resolveDependencies: preloadedDependencies },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: VENDOR_GROUPS },
      },
    },
  },
  // The server renderer (`vite build --ssr src/entry-server.tsx`, into dist/.server): one self-contained
  // module the server imports at start (docs/decisions/022-server-rendered-menu.md).
  ssr: { noExternal: true },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true },
    },
  },
}));
