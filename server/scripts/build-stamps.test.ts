import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// `npm run build` skips the web build when none of its inputs changed (server/scripts/build-stamps.mjs,
// decision record 031). A plugin the Vite config imports but the stamp does not list would change the
// build without rebuilding it: the lean icon plugin was such a file until decision 043.
describe('the web build stamp', () => {
  it('lists every local module the Vite config imports among its inputs', async () => {
    const { BUILDS, REPO_ROOT } = (await import(
      pathToFileURL(join(import.meta.dirname, 'build-stamps.mjs')).href
    )) as { BUILDS: { web: { inputs: string[] } }; REPO_ROOT: string };
    const config = readFileSync(join(REPO_ROOT, 'web', 'vite.config.ts'), 'utf8');
    const local = [...config.matchAll(/from '\.\/([^']+)'/g)].map((match) => `web/${match[1]}`);
    expect(local.length).toBeGreaterThan(3);
    for (const path of local) expect(BUILDS.web.inputs, path).toContain(path);
  });
});
