// What each production build is made from, and whether the build on disk was made from exactly that
// (docs/decisions/031). A build writes a stamp — the hash of its inputs' paths and contents — beside its
// output; the build is current while the inputs still hash to the stamp. Plain JavaScript: it runs before
// anything is compiled (Node 20 cannot run TypeScript).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

// The pictures' resized copies are the web build's own output (web/picture-variants-plugin.ts).
const SKIPPED =
  /(^|\/)(node_modules|dist|testing|reliability)(\/|$)|\.test\.tsx?$|^web\/public\/images\/variants\//;

const SHARED_INPUTS = ['package-lock.json', 'contract/src', 'contract/package.json'];

export const BUILDS = {
  web: {
    output: join(REPO_ROOT, 'web/dist'),
    // Both halves of the web build: the browser app and its server renderer (dist/.server).
    products: ['index.html', '.server/entry-server.js'],
    inputs: [
      ...SHARED_INPUTS,
      'web/src',
      'web/public',
      'web/index.html',
      'web/package.json',
      'web/tsconfig.json',
      'web/vite.config.ts',
      'web/service-worker-plugin.ts',
      'web/first-screen-checks-plugin.ts',
      'web/picture-variants-plugin.ts',
      'web/lean-lucide-plugin.ts',
    ],
  },
  server: {
    output: join(REPO_ROOT, 'server/dist'),
    products: ['server.js'],
    inputs: [...SHARED_INPUTS, 'server/src', 'server/package.json', 'server/scripts/build.mjs'],
  },
};

const STAMP_FILE = '.build-stamp';

function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The hash of a build's inputs: every file's path (from the repository root) and contents. */
export function inputsHash(build) {
  const hash = createHash('sha256');
  const files = build.inputs
    .flatMap((input) => filesUnder(join(REPO_ROOT, input)))
    .map((file) => relative(REPO_ROOT, file))
    .filter((file) => !SKIPPED.test(file))
    .sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(REPO_ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** True when every product exists and the stamp matches the inputs as they are now. */
export function isCurrent(build) {
  const stamp = join(build.output, STAMP_FILE);
  if (!existsSync(stamp)) return false;
  if (!build.products.every((product) => existsSync(join(build.output, product)))) return false;
  return readFileSync(stamp, 'utf8').trim() === inputsHash(build);
}

/** Call right after a successful build, with the hash taken before it started. */
export function writeStamp(build, hash) {
  const stamp = join(build.output, STAMP_FILE);
  writeFileSync(`${stamp}.${process.pid}.tmp`, `${hash}\n`);
  renameSync(`${stamp}.${process.pid}.tmp`, stamp);
}
