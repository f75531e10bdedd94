import pg from 'pg';
import { cpuSeconds, residentBytes } from '../../server/test/helpers/proc-stats.ts';

/** CPU and memory of the processes a benchmark measures, from /proc (Linux; NaN elsewhere). */

/** User + system CPU (ms) a process has used so far. */
export function processCpuMs(pid: number | undefined): number {
  return (cpuSeconds(pid) ?? Number.NaN) * 1000;
}

/** Resident memory of a process in MB. */
export function residentMb(pid: number | undefined): number {
  return (residentBytes(pid) ?? Number.NaN) / 2 ** 20;
}

/** User + system CPU (ms) of this process (the load generator). */
export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** CPU (ms) of every PostgreSQL backend serving `url`'s database right now, by pid. */
export async function databaseCpuMs(url: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return new Map(rows.map((row) => [row.pid, processCpuMs(row.pid)]));
  } finally {
    await client.end();
  }
}

/** CPU spent between two databaseCpuMs samples (a backend that started in between counts from 0). */
export function cpuSpent(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, ms] of after) if (Number.isFinite(ms)) spent += ms - (before.get(pid) ?? 0);
  return spent;
}
