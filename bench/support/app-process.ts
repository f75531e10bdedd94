import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { BenchAppInfo } from './orders-app.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));

export interface BenchApp {
  child: ChildProcess;
  info: BenchAppInfo;
  /** http://127.0.0.1:<port> */
  base: string;
  /** SIGTERM, resolving once it exited. */
  stop(): Promise<void>;
}

/**
 * Starts support/orders-app.ts (the real app) in a child process and waits for its JSON line. `env` names
 * its database (BenchDatabase.env) and restaurant (BENCH_TABLES, BENCH_STAFF…).
 */
export async function startBenchApp(env: Record<string, string>): Promise<BenchApp> {
  // BENCH_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", to profile the server.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', join(HERE, 'orders-app.ts')], {
    cwd: join(HERE, '..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const info = await new Promise<BenchAppInfo>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the app exited (${code}) before listening`)));
    lines.once('line', (line) => resolve(JSON.parse(line) as BenchAppInfo));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    info,
    base: `http://127.0.0.1:${info.port}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
