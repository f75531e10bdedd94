// Builds what production serves, skipping each part whose stamp says it is current (docs/decisions/031):
//   node server/scripts/build.mjs [--force] [web] [server]      (no part named: both)
// - web: the Vite build of the app and its server renderer (web/dist), through the web workspace's script;
// - server: server/src/server.ts and the workspace packages it imports (@tablo/contract, TypeScript
//   sources) bundled by esbuild into one ES module, server/dist/server.js. Installed packages stay
//   imports: Node loads them from node_modules as before (PGlite's WebAssembly, pdfkit's fonts, …).
import { spawnSync } from 'node:child_process';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILDS, inputsHash, isCurrent, REPO_ROOT, writeStamp } from './build-stamps.mjs';

/** Every import of an installed package stays an import; only `@tablo/*` workspace sources are bundled. */
const installedPackagesStayExternal = {
  name: 'installed-packages-stay-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tablo/') ? undefined : { path: args.path, external: true },
    );
  },
};

async function buildServer() {
  const { build } = await import('esbuild');
  const output = BUILDS.server.output;
  const result = await build({
    entryPoints: [join(REPO_ROOT, 'server/src/server.ts')],
    outfile: join(output, 'server.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    plugins: [installedPackagesStayExternal],
    logLevel: 'warning',
    write: false,
  });
  // Written aside and renamed: a server starting from the bundle, or another build running at the same time
  // (test workers), never sees half a file.
  mkdirSync(output, { recursive: true });
  for (const file of result.outputFiles) {
    const aside = `${file.path}.${process.pid}.tmp`;
    writeFileSync(aside, file.contents);
    renameSync(aside, file.path);
  }
}

function buildWeb() {
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@tablo/web'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) throw new Error(`the web build failed (exit ${result.status ?? result.signal})`);
}

const STEPS = { web: buildWeb, server: buildServer };

/** Builds the named parts (default: all) that are not current, or all named with `force`. */
export async function buildStale({ parts = Object.keys(STEPS), force = false } = {}) {
  for (const part of parts) {
    const spec = BUILDS[part];
    if (!force && isCurrent(spec)) continue;
    const hash = inputsHash(spec);
    const started = Date.now();
    console.log(`tablo: building ${part}…`);
    await STEPS[part]();
    writeStamp(spec, hash);
    console.log(`tablo: ${part} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const parts = args.filter((arg) => arg in STEPS);
  const unknown = args.filter((arg) => !(arg in STEPS) && arg !== '--force');
  if (unknown.length > 0) {
    console.error(
      `usage: node server/scripts/build.mjs [--force] [web] [server] (unknown: ${unknown.join(' ')})`,
    );
    process.exit(2);
  }
  try {
    await buildStale({ parts: parts.length > 0 ? parts : undefined, force: args.includes('--force') });
  } catch (error) {
    console.error(`tablo: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
