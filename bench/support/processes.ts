import {
  type Child,
  type ChildOptions,
  startChild as startTestChild,
  waitForUrl as waitForTestUrl,
} from '../../server/test/helpers/child-process.ts';

export type { Child } from '../../server/test/helpers/child-process.ts';
export { freePort } from '../../server/test/helpers/child-process.ts';
export { cpuSeconds } from '../../server/test/helpers/proc-stats.ts';

/** A benchmark's helper process (nginx, a static server, the app): SIGKILL 10 s after a SIGTERM it ignores. */
export function startChild(
  command: string,
  args: string[],
  options: Omit<ChildOptions, 'stopGraceMs'>,
): Child {
  return startTestChild(command, args, { ...options, stopGraceMs: 10_000 });
}

export function waitForUrl(url: string, child: Child, timeoutMs = 90_000): Promise<void> {
  return waitForTestUrl(url, child, timeoutMs);
}
