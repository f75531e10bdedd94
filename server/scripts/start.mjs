// `npm start` (docs/decisions/031): builds what is stale (the web app unless WEB_DIST names a build of one's
// own, and the server bundle) in a child process, then runs the bundle in this very process — the serving
// process is this one `node`, with no npm, tsx or compiler behind it. In production, after
// `npm run build`, `node server/dist/server.js` does the same without the check.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BUILDS, isCurrent } from './build-stamps.mjs';

const parts = ['server'];
if (!process.env.WEB_DIST) parts.unshift('web');
const stale = parts.filter((part) => !isCurrent(BUILDS[part]));
if (stale.length > 0) {
  // A child: the bundler and Vite then leave nothing behind in the serving process.
  const build = fileURLToPath(new URL('build.mjs', import.meta.url));
  const result = spawnSync(process.execPath, [build, ...stale], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(join(BUILDS.server.output, 'server.js')).href);
