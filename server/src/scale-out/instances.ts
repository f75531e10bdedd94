import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * Tablo instances for the scale-out suites: `server/src/server.ts` as a child process (the one entry point
 * production runs), on PostgreSQL, each on its own port. Killed with SIGKILL or stopped with SIGTERM, and
 * started again on the same port.
 */

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const READY_TIMEOUT_MS = 90_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface Instance {
  readonly name: string;
  readonly port: number;
  readonly http: string;
  readonly pid: number | undefined;
  /** Everything it printed (start-up lines, warnings, errors) since it was (re)started. */
  output(): string;
  /** Resolves once `/api/ready` answers 200. */
  ready(): Promise<void>;
  /** SIGKILL: no shutdown at all, as a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM, resolving with the exit code. */
  stop(): Promise<number | null>;
  /** Starts the process again on the same port (after kill or stop). */
  restart(): Promise<void>;
  readonly running: boolean;
}

export interface InstanceOptions {
  name: string;
  databaseUrl: string;
  port?: number;
  env?: Record<string, string>;
}

/** Environment every instance of one test shares (they serve one restaurant together). */
export function sharedInstanceEnv(publicUrl: string): Record<string, string> {
  return {
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: 'true',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // One secret for every instance, as the README asks of several instances on one database.
    PAYMENT_SANDBOX_SECRET: 'scale-out-sandbox-secret-0123456789',
    // A test's diners and staff all come from 127.0.0.1 within a minute.
    RATE_LIMIT_STAFF_LOGINS_PER_MINUTE: '1000',
    RATE_LIMIT_SESSIONS_PER_MINUTE: '100000',
    RATE_LIMIT_ADDRESS_PER_MINUTE: '100000',
    RATE_LIMIT_ORDERS_PER_MINUTE: '1000',
  };
}

export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const port = options.port ?? (await freePort());
  const http = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  let output = '';
  let exited: Promise<number | null>;

  function spawnChild(): void {
    output = '';
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: options.databaseUrl,
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const append = (chunk: unknown) => {
      output += String(chunk);
    };
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);
    exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  async function ready(): Promise<void> {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`instance ${options.name} exited early:\n${output}`);
      const ok = await fetch(`${http}/api/ready`, { signal: AbortSignal.timeout(2000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`instance ${options.name} did not become ready:\n${output}`);
  }

  spawnChild();
  const instance: Instance = {
    name: options.name,
    port,
    http,
    get pid() {
      return child.pid;
    },
    output: () => output,
    ready,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    async restart() {
      if (child.exitCode === null && child.signalCode === null) throw new Error('still running');
      spawnChild();
      await ready();
    },
    get running() {
      return child.exitCode === null && child.signalCode === null;
    },
  };
  return instance;
}

/** Resident memory of a process in bytes, from /proc (Linux); null elsewhere. */
export function residentBytes(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}
