// `npm run bench:live`: how many diner websockets one instance holds while events stream to them with a
// commit-to-receipt p99 ≤ 100 ms (issue 11 point 5; goal 10,000), and the memory each socket costs.
//
// One real instance (server/src/server.ts in a child process, on PostgreSQL) serves BENCH_LIVE_PER_TABLE
// (4) sockets per table — a party at a table, each with its own joined diner session. The load steps up
// through BENCH_LIVE_STEPS (1000,2000,5000,10000,15000 sockets); at each step the new sockets connect (in
// batches, each waiting for `ready`), the instance's resident memory is read, and BENCH_LIVE_RATE (100)
// events a second — orders accepted / served, cash payments pending / succeeded — are committed for
// BENCH_LIVE_SECONDS (5) by this process through the event log's writer (appendTableEvent, NOTIFY after the
// commit), each to a random table. Commit-to-receipt per delivered event: the writer's commit acknowledged
// → the socket's message (both clocks are this process's). Every step is run (a step that loses an event
// or a socket ends the ladder); the answer is the largest step within the target.
// Writes bench/results/live.json and prints the figures per step.
//
// Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL (an admin URL; a dedicated database is created
// and dropped; default postgres://postgres@127.0.0.1:5432/test). The sockets count against this process's
// and the instance's open-file limit (`ulimit -n`).
import { loadavg } from 'node:os';
import WebSocket from 'ws';
import { openPostgres } from '../server/src/db/postgres.ts';
import { cpuSeconds, residentBytes } from '../server/test/helpers/proc-stats.ts';
import { startInstances } from '../server/test/scale-out/cluster.ts';
import { type FanOutTable, percentile, seedFanOut, streamEvents } from '../server/test/scale-out/fan-out.ts';
import { ADMIN_URL } from './support/bench-database.ts';
import { round, runBench, writeResults } from './support/figures.ts';

const STEPS = (process.env.BENCH_LIVE_STEPS ?? '1000,2000,5000,10000,15000').split(',').map(Number);
const PER_TABLE = Number(process.env.BENCH_LIVE_PER_TABLE ?? 4);
const RATE = Number(process.env.BENCH_LIVE_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 5);
const CONNECT_BATCH = 250;
const TARGET = { p99Ms: 100, sockets: 10_000 };

/**
 * A socket as light as a phone's: it records when each event cursor first arrived, nothing else. A socket
 * the server closes before `ready` (1011 when its database work failed) connects again after 250–500 ms,
 * as the web client would; those retries are counted.
 */
class Socket {
  readonly receivedAt = new Map<number, number>();
  duplicates = 0;
  retries = 0;
  private socket: WebSocket | null = null;
  readonly ready: Promise<void>;
  private readonly url: string;

  constructor(base: string, table: FanOutTable, sessionId: string) {
    const params = new URLSearchParams({
      table_id: String(table.tableId),
      session_id: sessionId,
      since: '0',
    });
    this.url = `${base.replace(/^http/, 'ws')}/api/ws?${params}`;
    this.ready = new Promise((resolve, reject) => this.connect(resolve, reject));
  }

  private connect(resolve: () => void, reject: (error: Error) => void): void {
    const socket = new WebSocket(this.url);
    this.socket = socket;
    let ready = false;
    socket.on('message', (data) => {
      const at = performance.now();
      const message = JSON.parse(String(data)) as { type: string; cursor?: number };
      if (message.type === 'ready') {
        ready = true;
        resolve();
      } else if (message.type.includes('.') && typeof message.cursor === 'number') {
        if (this.receivedAt.has(message.cursor)) this.duplicates++;
        else this.receivedAt.set(message.cursor, at);
      }
    });
    socket.on('error', () => {});
    socket.once('close', (code) => {
      if (ready) return;
      if (this.retries >= 5) {
        reject(new Error(`socket closed (${code}) before ready, ${this.retries} retries`));
        return;
      }
      this.retries++;
      setTimeout(() => this.connect(resolve, reject), 250 + Math.random() * 250);
    });
  }

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  terminate(): void {
    this.socket?.terminate();
  }
}

interface Step {
  sockets: number;
  connectSeconds: number;
  /** New sockets connected (upgrade, authorisation, replay, ready) per second during the step. */
  connectsPerSecond: number;
  /** The instance's CPU per new socket (upgrade, session and visit check, replay, ready). */
  instanceCpuMsPerConnect: number | null;
  rssMb: number | null;
  bytesPerSocket: number | null;
  events: number;
  deliveries: number;
  /** The instance's CPU time while the events streamed, per event (relay read + every socket's send). */
  instanceCpuMsPerEvent: number | null;
  /** The instance's CPU per second while idle with this many sockets (heartbeats, timers). */
  idleCpuMsPerSecond: number | null;
  missing: number;
  duplicates: number;
  closed: number;
  /** Sockets closed by the server before `ready` (and connected again), during this step's connects. */
  retriedConnects: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  loadAverage: number;
}

async function main(): Promise<void> {
  const most = Math.max(...STEPS);
  const tableCount = Math.ceil(most / PER_TABLE);
  console.log(
    `bench:live — one instance, up to ${most} sockets over ${tableCount} tables, ${RATE} events/s …`,
  );
  const started = await startInstances(ADMIN_URL, ['live'], { SEED_DEMO: 'false', LOG_LEVEL: 'error' });
  const instance = started.instances[0];
  if (!instance) throw new Error('no instance');
  const writer = await openPostgres({ url: started.databaseUrl, poolSize: 4 });
  const sockets: { socket: Socket; table: FanOutTable }[] = [];
  const steps: Step[] = [];
  let baseline: number | null = null;
  try {
    const { tables } = await seedFanOut(writer, tableCount, PER_TABLE);
    // Sockets fill the tables in order: each step adds whole parties at new tables.
    const slots = tables.flatMap((table) => table.sessions.map((sessionId) => ({ table, sessionId })));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    baseline = residentBytes(instance.pid);
    for (const target of STEPS) {
      const connectStarted = performance.now();
      const before = sockets.length;
      const connectCpuFrom = cpuSeconds(instance.pid);
      while (sockets.length < target) {
        const batch = slots.slice(sockets.length, Math.min(target, sockets.length + CONNECT_BATCH));
        const opened = batch.map(({ table, sessionId }) => ({
          socket: new Socket(instance.http, table, sessionId),
          table,
        }));
        await Promise.all(opened.map((entry) => entry.socket.ready));
        sockets.push(...opened);
      }
      const connectSeconds = (performance.now() - connectStarted) / 1000;
      const connectCpuTo = cpuSeconds(instance.pid);
      const idleFrom = cpuSeconds(instance.pid);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const idleTo = cpuSeconds(instance.pid);
      const rss = residentBytes(instance.pid);
      const watched = [...new Map(sockets.map((entry) => [entry.table.tableId, entry.table])).values()];
      for (const { socket } of sockets) socket.receivedAt.clear();
      const cpuFrom = cpuSeconds(instance.pid);
      const { commits } = await streamEvents(writer, watched, { perSecond: RATE, seconds: SECONDS });
      const expected = (table: FanOutTable) => commits.get(table.tableId) ?? new Map<number, number>();
      const deadline = performance.now() + 10_000;
      while (
        performance.now() < deadline &&
        sockets.some(({ socket, table }) => socket.receivedAt.size < expected(table).size)
      )
        await new Promise((resolve) => setTimeout(resolve, 50));
      const cpuTo = cpuSeconds(instance.pid);
      const latencies: number[] = [];
      let missing = 0;
      for (const { socket, table } of sockets)
        for (const [cursor, committedAt] of expected(table)) {
          const at = socket.receivedAt.get(cursor);
          if (at === undefined) missing++;
          else latencies.push(at - committedAt);
        }
      latencies.sort((x, y) => x - y);
      const step: Step = {
        sockets: sockets.length,
        connectSeconds: round(connectSeconds),
        connectsPerSecond: Math.round((sockets.length - before) / connectSeconds),
        instanceCpuMsPerConnect:
          connectCpuFrom === null || connectCpuTo === null
            ? null
            : round(((connectCpuTo - connectCpuFrom) * 1000) / (sockets.length - before), 2),
        rssMb: rss === null ? null : round(rss / 2 ** 20),
        bytesPerSocket:
          rss === null || baseline === null ? null : Math.round((rss - baseline) / sockets.length),
        events: [...commits.values()].reduce((sum, table) => sum + table.size, 0),
        deliveries: latencies.length,
        instanceCpuMsPerEvent:
          cpuFrom === null || cpuTo === null ? null : round(((cpuTo - cpuFrom) * 1000) / (RATE * SECONDS), 2),
        idleCpuMsPerSecond:
          idleFrom === null || idleTo === null ? null : round(((idleTo - idleFrom) * 1000) / 2),
        missing,
        duplicates: sockets.reduce((sum, { socket }) => sum + socket.duplicates, 0),
        retriedConnects: sockets.slice(before).reduce((sum, { socket }) => sum + socket.retries, 0),
        closed: sockets.filter(({ socket }) => !socket.isOpen).length,
        p50Ms: round(percentile(latencies, 50)),
        p95Ms: round(percentile(latencies, 95)),
        p99Ms: round(percentile(latencies, 99)),
        maxMs: round(latencies.at(-1) ?? Number.NaN),
        loadAverage: round(loadavg()[0] ?? 0, 2),
      };
      steps.push(step);
      console.log(
        `  ${step.sockets} sockets (${step.connectsPerSecond} connects/s, ${step.instanceCpuMsPerConnect} ms CPU each): commit → receipt p50 ${step.p50Ms} ms, ` +
          `p95 ${step.p95Ms}, p99 ${step.p99Ms}, max ${step.maxMs}; ${step.deliveries} deliveries of ${step.events} events, ` +
          `missing ${step.missing}, duplicates ${step.duplicates}, closed ${step.closed}, connects retried ${step.retriedConnects}; instance RSS ${step.rssMb} MB, ` +
          `${step.bytesPerSocket} bytes per socket; instance CPU ${step.instanceCpuMsPerEvent} ms per event, ` +
          `${step.idleCpuMsPerSecond} ms/s idle; load average ${step.loadAverage}`,
      );
      // Past the target the ladder goes on (the curve is the figure); a lost event or socket ends it.
      if (step.missing > 0 || step.closed > 0) break;
    }
  } catch (error) {
    console.error(`the instance said:\n${instance.output().slice(-3000)}`);
    throw error;
  } finally {
    for (const { socket } of sockets) socket.terminate();
    await writer.close();
    await started.stop();
  }
  const last = steps.at(-1);
  const bytesPerSocket = last?.bytesPerSocket ?? null;
  const held = steps.filter((s) => s.p99Ms <= TARGET.p99Ms && s.missing === 0 && s.closed === 0).at(-1);
  const mostHeld = held?.sockets ?? 0;
  console.log(
    `bench:live — one instance held ${mostHeld} sockets with commit → receipt p99 ≤ ${TARGET.p99Ms} ms ` +
      `(${mostHeld >= TARGET.sockets ? 'meets' : 'MISSES'} the goal of ${TARGET.sockets}); baseline RSS ` +
      `${baseline === null ? '?' : round(baseline / 2 ** 20)} MB, ${bytesPerSocket ?? '?'} bytes per socket at ` +
      `${last?.sockets ?? 0} sockets`,
  );
  writeResults('live', {
    target: TARGET,
    perTable: PER_TABLE,
    eventsPerSecond: RATE,
    seconds: SECONDS,
    baselineRssMb: baseline === null ? null : round(baseline / 2 ** 20),
    mostSocketsWithinTarget: mostHeld,
    bytesPerSocketAtLargestStep: bytesPerSocket,
    steps,
  });
}

runBench(main);
