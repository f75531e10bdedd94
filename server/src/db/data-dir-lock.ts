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
 * A lock file holding the owner's pid. A lock left by a process that died is taken over;
 * one held by a live process is refused with a clear message.
 */
export function acquireDataDirLock(dataDir: string): { release(): void } {
  const path = join(dataDir, 'tablo.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx' });
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
      const owner = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(dataDir, owner);
      }
      if (owner === process.pid) throw new DataDirLockedError(dataDir, owner);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}`);
}
