import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * Child processes for tests and benchmarks (servers, nginx, static servers): output captured, exit awaited,
 * SIGTERM or SIGKILL on request, and never left running when the test process exits.
 */

export interface Exit {
  /** The exit code; null when a signal ended the process. */
  code: number | null;
  signal: NodeJS.Signals | null;
  /** When it exited (Date.now()). */
  at: number;
}

export interface Child {
  process: ChildProcess;
  /** Everything it wrote to stdout and stderr, interleaved. */
  output(): string;
  exited: Promise<Exit>;
  readonly running: boolean;
  /** SIGKILL if still running: no shutdown at all, as a crash or an OOM kill. */
  kill(): Promise<Exit>;
  /** SIGTERM if still running; SIGKILL once the child's `stopGraceMs` has passed, when it has one. */
  stop(): Promise<Exit>;
}

export interface ChildOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** How long stop() waits after SIGTERM before SIGKILL; without it, stop() waits for the exit. */
  stopGraceMs?: number;
}

/** Every child this process started: killed when it exits, even after a test timed out mid-start. */
const spawned = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of spawned)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

export function startChild(command: string, args: string[], options: ChildOptions = {}): Child {
  const { stopGraceMs, ...spawnOptions } = options;
  const child = spawn(command, args, { ...spawnOptions, stdio: ['ignore', 'pipe', 'pipe'] });
  spawned.add(child);
  let output = '';
  const append = (chunk: unknown) => {
    output += String(chunk);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      spawned.delete(child);
      resolve({ code, signal, at: Date.now() });
    }),
  );
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    process: child,
    output: () => output,
    exited,
    get running() {
      return running();
    },
    kill() {
      if (running()) child.kill('SIGKILL');
      return exited;
    },
    async stop() {
      if (!running()) return exited;
      child.kill('SIGTERM');
      const timer =
        stopGraceMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), stopGraceMs);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    },
  };
}

/**
 * Resolves once `url` answers 2xx; fails at once if the child exits first, and after `timeoutMs`.
 * `what` names the child in the error, which carries its output.
 */
export async function waitForUrl(
  url: string,
  child: Child,
  timeoutMs: number,
  what = 'process',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!child.running) throw new Error(`${what} exited early:\n${child.output()}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: ${url} did not answer within ${timeoutMs} ms:\n${child.output()}`);
}

/** Ports handed out in this process: a killed server's port is never given to the next one. */
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
 * A free port on 127.0.0.1 never handed out before by this process. fetch keeps connections per origin: a
 * new server on the port of one that was killed could meet a pooled connection of the dead one, reset.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await probePort();
    if (usedPorts.has(port)) continue;
    usedPorts.add(port);
    return port;
  }
}
