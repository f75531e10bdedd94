import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

const run = promisify(execFile);
export const WRK = '/usr/bin/wrk';
export const AUTOCANNON_PIPELINING = Number(process.env.BENCH_PIPELINING ?? 1);

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  /** Requests answered during the run. */
  requests: number;
  p99LatencyMs: number;
  errors: number;
  non2xx: number;
}

export function loadTool(): 'wrk' | 'autocannon' {
  return existsSync(WRK) ? 'wrk' : 'autocannon';
}

function toMs(value: string, unit: string): number {
  const n = Number.parseFloat(value);
  return unit === 'us' ? n / 1000 : unit === 's' ? n * 1000 : n;
}

async function withWrk(options: LoadOptions): Promise<LoadResult> {
  const args = [
    '-t2',
    `-c${options.connections}`,
    `-d${options.durationSeconds}s`,
    '--latency',
    ...Object.entries(options.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    options.url,
  ];
  const { stdout } = await run(WRK, args, { maxBuffer: 1 << 20 });
  const rps = stdout.match(/Requests\/sec:\s+([\d.]+)/);
  const total = stdout.match(/(\d+) requests in/);
  const p99 = stdout.match(/\s99%\s+([\d.]+)(us|ms|s)/);
  const errors = stdout.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const non2xx = stdout.match(/Non-2xx or 3xx responses: (\d+)/);
  if (!rps || !p99) throw new Error(`cannot read wrk output:\n${stdout}`);
  return {
    requestsPerSecond: Number.parseFloat(rps[1] ?? '0'),
    requests: Number(total?.[1] ?? 0),
    p99LatencyMs: toMs(p99[1] ?? '0', p99[2] ?? 'ms'),
    errors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    non2xx: non2xx ? Number(non2xx[1]) : 0,
  };
}

async function withAutocannon(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    headers: options.headers,
    connections: options.connections,
    duration: options.durationSeconds,
    // Requests in flight per connection: on a small machine, >1 keeps autocannon's own CPU from being the limit.
    pipelining: AUTOCANNON_PIPELINING,
  });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p99LatencyMs: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function measure(options: LoadOptions): Promise<LoadResult> {
  return loadTool() === 'wrk' ? withWrk(options) : withAutocannon(options);
}
