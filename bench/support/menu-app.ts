import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { freePort, startChild, waitForUrl } from './processes.ts';
import { type StaticBody, type StaticServer, startNodeStatic } from './static-servers.ts';

/** Set by Node itself on every response, or by the transport: not part of what is compared. */
const TRANSPORT_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/** One answer as the server sent it: its bytes and every header that is not the transport's. */
export function fetchRaw(url: string, headers: Record<string, string>): Promise<StaticBody> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`${url} answered ${response.statusCode}`));
        const copied: Record<string, string> = {};
        for (const name of Object.keys(response.headers).filter((n) => !TRANSPORT_HEADERS.has(n))) {
          const value = response.headers[name];
          if (typeof value === 'string') copied[name] = value;
        }
        resolve({ path: new URL(url).pathname, body: Buffer.concat(chunks), headers: copied });
      });
    }).once('error', reject);
  });
}

/** The bare node:http limit for an answer, checked to send the identical bytes and headers. */
export async function startLimit(
  dir: string,
  answer: StaticBody,
  name: string,
  requestHeaders: Record<string, string>,
): Promise<StaticServer> {
  const limit = await startNodeStatic(dir, answer, name);
  const check = await fetchRaw(limit.url, requestHeaders);
  if (!check.body.equals(answer.body) || JSON.stringify(check.headers) !== JSON.stringify(answer.headers)) {
    await limit.stop();
    throw new Error(`the node:http limit for ${name} does not answer the same bytes and headers`);
  }
  return limit;
}

export interface MenuApp {
  base: string;
  port: number;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Checkouts whose server bundle this run has built. */
const bundled = new Set<string>();

/**
 * How a checkout's server starts: as `npm start` runs it — the compiled bundle (decision 031), built here when
 * its sources changed — or, in a checkout older than the bundle, from source through tsx. Diners get the
 * bundle; the tsx-run source answered the menu at 21–28 µs of CPU per request in quiet rounds, the bundle
 * at 20–26 µs in five of six starts (2026-11-25).
 */
function serverEntry(root: string): string[] {
  const build = join(root, 'server', 'scripts', 'build.mjs');
  if (!existsSync(build)) return ['--import', 'tsx', join(root, 'server', 'src', 'server.ts')];
  // Built once per checkout and run (every round restarts the server from the same bundle).
  if (!bundled.has(root)) {
    execFileSync(process.execPath, [build, 'server'], { cwd: root, stdio: 'pipe' });
    bundled.add(root);
  }
  return [join(root, 'server', 'dist', 'server.js')];
}

/**
 * The real server of a checkout (`root`: this one, or another commit's worktree for a side-by-side), in
 * production mode with the demo seeded into a fresh data directory (or the one of its previous start, on the
 * same port: the same bytes), serving that checkout's web build.
 */
export async function startMenuApp(root: string, dataDir: string, onPort?: number): Promise<MenuApp> {
  const port = onPort ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const app = startChild(process.execPath, [...nodeArgs, ...serverEntry(root)], {
    cwd: join(root, 'server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      WEB_DIST: join(root, 'web', 'dist'),
      SEED_DEMO: 'true',
      NODE_ENV: 'production',
    },
  });
  try {
    await waitForUrl(`${base}/api/ready`, app);
  } catch (error) {
    await app.stop();
    throw error;
  }
  return {
    base,
    port,
    pid: app.process.pid,
    stop: async () => {
      await app.stop();
    },
  };
}
