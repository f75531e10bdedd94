import { type ServerProcess, startServerProcess } from '../helpers/server-process.ts';

/**
 * The server the reliability suites start: the compiled bundle by default (call ensureServerBundle first),
 * started as a shell would (not with vitest's NODE_ENV=test), without the demo restaurant; SIGKILL when it
 * has not exited 15 s after stop()'s SIGTERM.
 */
export function startProductionServer(options: {
  env: Record<string, string>;
  entry?: 'bundle' | 'launcher' | 'npm-start';
}): Promise<ServerProcess> {
  return startServerProcess({
    entry: options.entry ?? 'bundle',
    readyTimeoutMs: 60_000,
    stopGraceMs: 15_000,
    env: { SEED_DEMO: 'false', ...options.env, NODE_ENV: undefined },
  });
}
