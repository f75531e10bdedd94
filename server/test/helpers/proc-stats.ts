import { readdirSync, readFileSync } from 'node:fs';

/** What Linux's /proc tells of a process (tests and benchmarks); null or empty elsewhere. */

export interface ProcessInfo {
  pid: number;
  ppid: number;
  command: string[];
  rssKb: number;
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces), from the state on. */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

function rssKb(pid: number): number | null {
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : null;
}

function processInfo(pid: number): ProcessInfo | null {
  try {
    const fields = statFields(pid);
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return { pid, ppid: Number(fields[1]), command, rssKb: rssKb(pid) ?? 0 };
  } catch {
    return null; // gone, or not Linux
  }
}

/** The process and all its descendants. */
export function processTree(rootPid: number): ProcessInfo[] {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => processInfo(Number(name)))
    .filter((info): info is ProcessInfo => info !== null);
  const tree: ProcessInfo[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.shift() as number;
    const info = all.find((candidate) => candidate.pid === pid);
    if (!info) continue;
    tree.push(info);
    for (const child of all) if (child.ppid === pid) queue.push(child.pid);
  }
  return tree;
}

/** Resident memory of a process in bytes. */
export function residentBytes(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kb = rssKb(pid);
    return kb === null ? null : kb * 1024;
  } catch {
    return null;
  }
}

/** USER_HZ, 100 on every Linux build in use. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system, seconds) a process has used so far. */
export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const fields = statFields(pid);
    // utime and stime are the 12th and 13th fields after the command name.
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
