// `npm run bench:start [-- --repo <checkout>]`: what `npm start` costs (docs/decisions/031). For each database
// (PGlite; PostgreSQL with TEST_DATABASE_URL) it runs `npm start` in the checkout with the web build current,
// and records the time to /api/ready, the resident memory of the whole process tree and of the serving
// process after start and after a load of orders and menu reads, and the time SIGTERM takes to exit.
// `--repo` measures another checkout (an older commit, node_modules linked) the same way.
// Writes bench/results/start[-<label>].json.

import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startChild, waitForUrl } from '../server/test/helpers/child-process.ts';
import { processTree } from '../server/test/helpers/proc-stats.ts';
import type { TestDatabaseKind } from '../server/test/helpers/test-database.ts';
import {
  call,
  type Diner,
  joinedDiner,
  type Outcome,
  orderRequest,
  placeOrder,
} from '../server/test/reliability/diner-client.ts';
import { prepareDatabase } from '../server/test/reliability/prepared-database.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const args = process.argv.slice(2);
const repoArg = args.indexOf('--repo');
const REPO = repoArg >= 0 ? (args[repoArg + 1] as string) : join(HERE, '..');
const label = args.includes('--label') ? (args[args.indexOf('--label') + 1] as string) : 'current';
const ORDERS = 600;
const MENU_READS = 1500;
const CONCURRENCY = 20;

async function pool(count: number, work: (index: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

function memory(rootPid: number) {
  const tree = processTree(rootPid);
  const serving = tree.filter((p) => p.command.some((part) => /node/.test(part))).at(-1);
  return {
    treeRssMb: Math.round(tree.reduce((sum, p) => sum + p.rssKb, 0) / 1024),
    servingRssMb: Math.round((serving?.rssKb ?? 0) / 1024),
    processes: tree.map((p) => p.command.join(' ').slice(0, 100)),
  };
}

async function measure(kind: TestDatabaseKind) {
  const db = await prepareDatabase(kind, 20);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const child = startChild('npm', ['start'], {
    cwd: REPO,
    env: {
      ...process.env,
      ...db.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      RATE_LIMIT_ORDERS_PER_MINUTE: '100000',
      RATE_LIMIT_SESSIONS_PER_MINUTE: '100000',
    },
  });
  await waitForUrl(`${baseUrl}/api/ready`, child, 180_000, '`npm start`');
  const readyMs = Date.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const afterStart = memory(child.process.pid as number);

  const tableIds = Object.values(db.restaurant.tables);
  const diners: Diner[] = [];
  for (let index = 0; index < 40; index++)
    diners.push(await joinedDiner(baseUrl, db, tableIds[index % tableIds.length] as number));
  const loadStarted = Date.now();
  const failures: string[] = [];
  const failed = (result: Outcome) =>
    failures.push(
      result.answered ? `${result.status} ${JSON.stringify(result.body).slice(0, 120)}` : result.error,
    );
  await pool(ORDERS, async (index) => {
    const result = await placeOrder(baseUrl, orderRequest(db, diners[index % diners.length] as Diner, index));
    if (!result.answered || result.status !== 201) failed(result);
  });
  await pool(MENU_READS, async () => {
    const result = await call(baseUrl, 'GET', '/api/menu/current/rush');
    if (!result.answered || result.status !== 200) failed(result);
  });
  const loadSeconds = (Date.now() - loadStarted) / 1000;
  const afterLoad = memory(child.process.pid as number);

  // SIGTERM to `npm start`, as a process manager sends it; the serving process must exit too.
  const servingPid = processTree(child.process.pid as number).at(-1)?.pid;
  const signalled = Date.now();
  await child.stop();
  while (servingPid !== undefined && processTree(servingPid).length > 0 && Date.now() - signalled < 15_000)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const servingLeftRunning = servingPid !== undefined && processTree(servingPid).length > 0;
  if (servingLeftRunning) process.kill(servingPid as number, 'SIGTERM');
  const exitMs = servingLeftRunning ? null : Date.now() - signalled;
  await db.remove();
  return {
    kind,
    readyMs,
    afterStart,
    load: { orders: ORDERS, menuReads: MENU_READS, failures, loadSeconds },
    afterLoad,
    exitMs,
    servingLeftRunning,
  };
}

// The web build made current first (untimed): `npm start` then only checks it.
spawnSync('npm', ['run', 'build'], { cwd: REPO, stdio: 'ignore' });
const kinds: TestDatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const results = [];
for (const kind of kinds) {
  const result = await measure(kind);
  console.log(JSON.stringify(result));
  results.push(result);
}
mkdirSync(join(HERE, 'results'), { recursive: true });
writeFileSync(
  join(HERE, 'results', label === 'current' ? 'start.json' : `start-${label}.json`),
  `${JSON.stringify({ label, date: new Date().toISOString(), node: process.version, results }, null, 2)}\n`,
);
