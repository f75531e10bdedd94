import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { BenchAppInfo } from './orders-app.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));

/** Starts support/orders-app.ts (the real app) in a child process and waits for its JSON line. */
export async function startBenchApp(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; info: BenchAppInfo }> {
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
  return { child, info };
}

export async function stopBenchApp(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}
