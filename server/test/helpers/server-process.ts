import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, SERVER_ROOT } from '../../src/paths.ts';
import { type Child, type Exit, freePort, startChild, waitForUrl } from './child-process.ts';

/**
 * The Tablo server as a child process, as production starts it, on 127.0.0.1 and a port of its own: for the
 * end-to-end journeys, the reliability and scale-out suites and the benchmarks.
 */

export const BUNDLE = join(REPO_ROOT, 'server', 'dist', 'server.js');
export const LAUNCHER = join(REPO_ROOT, 'server', 'scripts', 'start.mjs');

/**
 * `source`: server/src/server.ts through tsx (what `npm run dev` and the journeys run); `bundle`: the compiled
 * server/dist/server.js (docs/decisions/031, see ensureServerBundle); `launcher`: the script `npm start` runs;
 * `npm-start`: `npm start` itself.
 */
export type ServerEntry = 'source' | 'bundle' | 'launcher' | 'npm-start';

export interface ServerOptions {
  entry: ServerEntry;
  /**
   * Over the process's own environment and the defaults HOST, PORT, PUBLIC_URL (the server's own address)
   * and LOG_LEVEL=warn. `undefined` removes a variable (NODE_ENV: undefined, as a shell would start it).
   */
  env?: Record<string, string | undefined>;
  /** A port of the caller's (a restart on the same port); a fresh one otherwise. */
  port?: number;
  /** A fresh data folder (DATA_DIR) under the system's temp folder, prepared before the server starts
   * (the embedded database takes one process at a time) and removed once stop() or kill() saw the exit. */
  freshDataDir?: { prefix: string; prepare?: (dataDir: string) => Promise<void> };
  /** How long stop() waits after SIGTERM before SIGKILL; without it, stop() waits for the exit. */
  stopGraceMs?: number;
  /** Names the server in errors ("server", "instance A"). */
  name?: string;
}

export interface ServerProcess extends Child {
  pid: number;
  port: number;
  baseUrl: string;
  /** The fresh data folder, when one was asked for. */
  dataDir: string | null;
  /** Resolves once GET /api/ready answers 200; fails if the server exits first or after `timeoutMs`. */
  ready(timeoutMs: number): Promise<void>;
}

let bundled = false;

/** Builds server/dist/server.js when its sources changed (a fraction of a second; nothing when current). */
export function ensureServerBundle(): void {
  if (bundled) return;
  const result = spawnSync(process.execPath, [join(REPO_ROOT, 'server', 'scripts', 'build.mjs'), 'server'], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`server bundle failed:\n${result.stdout}${result.stderr}`);
  bundled = true;
}

function command(entry: ServerEntry): { file: string; args: string[]; cwd: string } {
  if (entry === 'source')
    return {
      file: process.execPath,
      args: [...nodeArgs(), '--import', 'tsx', 'src/server.ts'],
      cwd: SERVER_ROOT,
    };
  if (entry === 'npm-start') return { file: 'npm', args: ['start'], cwd: REPO_ROOT };
  return { file: process.execPath, args: [entry === 'launcher' ? LAUNCHER : BUNDLE], cwd: REPO_ROOT };
}

/**
 * Extra Node options for a server child, from SERVER_NODE_ARGS (space-separated): a bench's server profiled
 * with `SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` (Node refuses --cpu-prof in NODE_OPTIONS).
 */
function nodeArgs(): string[] {
  return (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
}

/** Starts the server without waiting for it (see ready()). */
export async function spawnServer(options: ServerOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = options.freshDataDir ? mkdtempSync(join(tmpdir(), options.freshDataDir.prefix)) : null;
  if (dataDir)
    await options.freshDataDir?.prepare?.(dataDir).catch((error: unknown) => {
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...options.env,
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  const { file, args, cwd } = command(options.entry);
  const child = startChild(file, args, { cwd, env, stopGraceMs: options.stopGraceMs });
  const removeDataDir = (exit: Exit) => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    return exit;
  };
  const name = options.name ?? 'server';
  return {
    ...child,
    get running() {
      return child.running;
    },
    pid: child.process.pid ?? -1,
    port,
    baseUrl,
    dataDir,
    kill: () => child.kill().then(removeDataDir),
    stop: () => child.stop().then(removeDataDir),
    ready: (timeoutMs) => waitForUrl(`${baseUrl}/api/ready`, child, timeoutMs, name),
  };
}

/** Starts the server and resolves once GET /api/ready answers 200; kills it if it does not in time. */
export async function startServerProcess(
  options: ServerOptions & { readyTimeoutMs: number },
): Promise<ServerProcess> {
  const server = await spawnServer(options);
  try {
    await server.ready(options.readyTimeoutMs);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}
