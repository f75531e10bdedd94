import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by another Tablo process (pid ${pid}). ` +
        'The embedded database allows one process per folder: stop that process, choose another DATA_DIR, ' +
        'or use PostgreSQL (DATABASE_URL) to run several instances.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Which incarnation of a pid a process is: on Linux the boot and the process's start time (clock ticks
 * after boot, /proc/<pid>/stat field 22), which a later process with the same pid never shares; null
 * where /proc cannot tell. A pid alone is not enough: in a container the server is pid 1 after every
 * restart, so the lock left by the killed one would otherwise look held by the new one (issue 11).
 */
export function processIdentity(pid: number): string | null {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return startTicks ? `${boot}/${startTicks}` : null;
  } catch {
    return null;
  }
}

/** Where /proc is missing, this process is told apart from an earlier one with its pid by its start time. */
const OWN_IDENTITY = processIdentity(process.pid) ?? `started-${Math.round(performance.timeOrigin)}`;

/** `<pid> <identity>`; a lock written before identities were recorded holds the pid alone. */
function parseLock(text: string): { pid: number; identity: string | null } {
  const [pid, identity] = text.trim().split(/\s+/);
  return { pid: Number.parseInt(pid ?? '', 10), identity: identity ?? null };
}

/** True while the process that wrote the lock still runs. */
function ownerRuns(owner: { pid: number; identity: string | null }): boolean {
  if (!Number.isInteger(owner.pid)) return false;
  if (owner.pid === process.pid) return owner.identity === null || owner.identity === OWN_IDENTITY;
  if (!isAlive(owner.pid)) return false;
  // Alive, but maybe another process that got the pid later.
  const current = processIdentity(owner.pid);
  return owner.identity === null || current === null || current === owner.identity;
}

/**
 * A lock file holding the owner's pid and identity. A lock left by a process that died (SIGKILL, a crash,
 * a container restart) is taken over; one held by a live process is refused with a clear message.
 */
export function acquireDataDirLock(dataDir: string): { release(): void } {
  const path = join(dataDir, 'tablo.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, `${process.pid} ${OWN_IDENTITY}\n`, { flag: 'wx' });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = parseLock(readFileSync(path, 'utf8'));
      if (ownerRuns(owner)) throw new DataDirLockedError(dataDir, owner.pid);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}
