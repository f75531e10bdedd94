import { freePort } from '../helpers/child-process.ts';
import { type ServerProcess, spawnServer } from '../helpers/server-process.ts';

/**
 * Tablo instances for the scale-out suites: `server/src/server.ts` as a child process (the one entry point
 * production runs), on PostgreSQL, each on its own port. Killed with SIGKILL or stopped with SIGTERM, and
 * started again on the same port.
 */

const READY_TIMEOUT_MS = 90_000;

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
  const spawn = () =>
    spawnServer({
      entry: 'source',
      port,
      name: `instance ${options.name}`,
      env: { DATABASE_URL: options.databaseUrl, ...options.env },
    });
  let server: ServerProcess = await spawn();
  const ready = () => server.ready(READY_TIMEOUT_MS);
  return {
    name: options.name,
    port,
    http: server.baseUrl,
    get pid() {
      return server.process.pid;
    },
    output: () => server.output(),
    ready,
    async kill() {
      await server.kill();
    },
    async stop() {
      return (await server.stop()).code;
    },
    async restart() {
      if (server.running) throw new Error('still running');
      server = await spawn();
      await ready();
    },
    get running() {
      return server.running;
    },
  };
}
