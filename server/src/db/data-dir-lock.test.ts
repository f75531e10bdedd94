import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, processIdentity } from './data-dir-lock.ts';

describe('the data folder lock', () => {
  const folders: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'tablo-lock-'));
    folders.push(dir);
    return dir;
  };
  const lockFile = (dir: string) => join(dir, 'tablo.lock');
  afterEach(() => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second holder in the same process, and frees the folder on release', () => {
    const dir = folder();
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    acquireDataDirLock(dir).release();
  });

  it('refuses the folder while the process that locked it runs', async () => {
    const dir = folder();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      const pid = holder.pid as number;
      writeFileSync(lockFile(dir), `${pid} ${processIdentity(pid)}\n`);
      expect(() => acquireDataDirLock(dir)).toThrow(`in use by another Tablo process (pid ${pid})`);
    } finally {
      holder.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a killed process', () => {
    const dir = folder();
    writeFileSync(lockFile(dir), '2147483646 gone/1\n');
    acquireDataDirLock(dir).release();
  });

  // In a container the server is pid 1 after every restart: the lock the killed one left names our pid.
  it('takes over a lock left by an earlier process that had this pid', () => {
    const dir = folder();
    writeFileSync(lockFile(dir), `${process.pid} earlier-boot/12345\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(lockFile(dir), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another, later process', () => {
    const dir = folder();
    writeFileSync(lockFile(dir), `${process.ppid} earlier-boot/12345\n`);
    acquireDataDirLock(dir).release();
  });
});
