import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { REPO_ROOT } from '../paths.ts';

/**
 * The production server as a child process, for the reliability suites: the compiled bundle
 * (server/dist/server.js, docs/decisions/031) or the `npm start` launcher, on 127.0.0.1 and a free port.
 */

export const BUNDLE = join(REPO_ROOT, 'server', 'dist', 'server.js');
export const LAUNCHER = join(REPO_ROOT, 'server', 'scripts', 'start.mjs');

let bundled = false;

/** Every server this test process started: killed when it exits, even after a test timed out mid-start. */
const spawned = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of spawned)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Builds server/dist/server.js when its sources changed (a fraction of a second; nothing when current). */
export function ensureServerBundle(): void {
  if (bundled) return;
  const result = spawnSync(process.execPath, [join(REPO_ROOT, 'server', 'scripts', 'build.mjs'), 'server'], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`server bundle failed:\n${result.stdout}${result.stderr}`);
  bundled = true;
}

/** Ports handed out in this test process: a killed server's port is never given to the next one. */
const usedPorts = new Set<number>();

function probePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * A free port never used before by this process. fetch keeps connections per origin: a new server on the
 * port of one that was killed could meet a pooled connection of the dead one, reset — a test artefact.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await probePort();
    if (usedPorts.has(port)) continue;
    usedPorts.add(port);
    return port;
  }
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  baseUrl: string;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) and the time it exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** SIGKILL if still running (afterAll hooks). */
  kill(): void;
}

export interface StartOptions {
  env: Record<string, string>;
  /** The bundle (default), the launcher `npm start` runs, or `npm start` itself. */
  entry?: 'bundle' | 'launcher' | 'npm-start';
  readyTimeoutMs?: number;
}

/** Starts the server and resolves once GET /api/ready answers 200. */
export async function startServerProcess(options: StartOptions): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    ...options.env,
  };
  // As a shell would start it: not with vitest's NODE_ENV=test.
  delete env.NODE_ENV;
  const [command, args] =
    options.entry === 'npm-start'
      ? ['npm', ['start']]
      : [process.execPath, [options.entry === 'launcher' ? LAUNCHER : BUNDLE]];
  const child = spawn(command, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  spawned.add(child);
  child.once('exit', () => spawned.delete(child));
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const started: ServerProcess = {
    child,
    pid: child.pid ?? -1,
    baseUrl,
    output: () => output,
    exited,
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server exited early:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  started.kill();
  throw new Error(`server did not become ready:\n${output}`);
}

/** Sends SIGTERM and waits for the exit; SIGKILL after `timeoutMs`. */
export async function stopServerProcess(server: ServerProcess, timeoutMs = 15_000): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.kill(), timeoutMs);
  await server.exited;
  clearTimeout(timer);
}

export interface ProcessInfo {
  pid: number;
  ppid: number;
  command: string[];
  rssKb: number;
}

function processInfo(pid: number): ProcessInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return { pid, ppid: Number(fields[1]), command, rssKb: rss ? Number(rss[1]) : 0 };
  } catch {
    return null; // gone, or not Linux
  }
}

/** The process and all its descendants, from /proc (Linux). */
export function processTree(rootPid: number): ProcessInfo[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => processInfo(Number(name)))
    .filter((info): info is ProcessInfo => info !== null);
  const tree: ProcessInfo[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    const info = all.find((candidate) => candidate.pid === pid);
    if (!info) continue;
    tree.push(info);
    for (const child of all) if (child.ppid === pid) queue.push(child.pid);
  }
  return tree;
}
