import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function freePort(): Promise<number> {
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

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Spawns `server/src/server.ts` as `npm start` would run it, on a free port and a fresh data folder. */
export async function startServer(
  env: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
): Promise<RunningServer> {
  const webDist = join(REPO_ROOT, 'web', 'dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` first (npm run test:e2e does).');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tablo-e2e-'));
  await prepare?.(dataDir);
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'server', 'src', 'server.ts')], {
    cwd: join(REPO_ROOT, 'server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      WEB_DIST: webDist,
      LOG_LEVEL: 'warn',
      // Every journey logs the same staff account in within a minute or two: the per-address limit (5 a
      // minute in production) would refuse the sixth. Failures stay slowed down in the database.
      RATE_LIMIT_STAFF_LOGINS_PER_MINUTE: '100',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });

  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (Date.now() >= deadline) throw new Error(`server did not become ready:\n${output}`);

  return {
    baseUrl,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the management CLI (`npm run tablo -- …`) on a data folder; resolves to its standard output. */
export function runCli(args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'server', 'src', 'cli.ts'), ...args],
      {
        cwd: join(REPO_ROOT, 'server'),
        env: { ...process.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`tablo ${args.join(' ')} exited with ${code}:\n${stderr}${stdout}`));
    });
  });
}
