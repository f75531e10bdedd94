import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../server/src/paths.ts';
import { type ServerProcess, startServerProcess } from '../../server/test/helpers/server-process.ts';

export { REPO_ROOT };

export interface RunningServer extends ServerProcess {
  dataDir: string;
}

/** Starts `server/src/server.ts` as `npm run dev` would run it, on a free port and a fresh data folder. */
export async function startServer(
  env: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
): Promise<RunningServer> {
  const webDist = join(REPO_ROOT, 'web', 'dist');
  if (!existsSync(join(webDist, 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build` first (npm run test:e2e does).');
  }
  const server = await startServerProcess({
    entry: 'source',
    freshDataDir: { prefix: 'tablo-e2e-', prepare },
    readyTimeoutMs: 60_000,
    env: {
      WEB_DIST: webDist,
      // Every journey logs the same staff account in within a minute or two: the per-address limit (5 a
      // minute in production) would refuse the sixth. Failures stay slowed down in the database.
      RATE_LIMIT_STAFF_LOGINS_PER_MINUTE: '100',
      ...env,
    },
  });
  // freshDataDir: the server has its data folder.
  return server as RunningServer;
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
