// `npm run bench:menu`: requests per second of the menu answer (GET /api/menu/current/demo) and of the menu
// page (GET /menu/demo/hu, as a browser asks for it) on the real server, each against a bare node:http server
// answering the identical bytes with the identical headers (the limit for any Node server), and the answer
// against nginx too when it is installed; same load generator (wrk when installed, else autocannon), on
// loopback. Needs the web app built (`npm run build`). Writes bench/results/menu.json.
// Targets: ≥ 0.8× the node:http limit for both (issue 10); ≥ 0.5× nginx for the answer (decision 004).

import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTOCANNON_PIPELINING, type LoadResult, loadTool, measure } from './support/load.ts';
import { cpuSeconds, freePort, startChild, waitForUrl } from './support/processes.ts';
import { NGINX, type StaticBody, startNodeStatic, startStaticServer } from './support/static-servers.ts';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const PATH = '/api/menu/current/demo';
const PAGE_PATH = '/menu/demo/hu';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_SECONDS = 3;
const TARGET_RATIO = 0.5;
const TARGET_LIMIT_RATIO = 0.8;
// What a browser sends; the app answers brotli to it, so the static server gets the same brotli bytes.
const REQUEST_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };
const PAGE_HEADERS = {
  'accept-encoding': 'gzip, deflate, br, zstd',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'hu-HU,hu;q=0.9,en;q=0.8',
  'user-agent':
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Mobile Safari/537.36',
};
const COPIED_HEADERS = ['content-type', 'content-encoding', 'etag', 'cache-control', 'vary'];
/** Set by Node itself on every response, or by the transport. */
const TRANSPORT_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

function fetchRaw(url: string, headers: Record<string, string>, all = false): Promise<StaticBody> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`${url} answered ${response.statusCode}`));
        const copied: Record<string, string> = {};
        const names = all
          ? Object.keys(response.headers).filter((n) => !TRANSPORT_HEADERS.has(n))
          : COPIED_HEADERS;
        for (const name of names) {
          const value = response.headers[name];
          if (typeof value === 'string') copied[name] = value;
        }
        resolve({ path: new URL(url).pathname, body: Buffer.concat(chunks), headers: copied });
      });
    }).once('error', reject);
  });
}

type Run = LoadResult & { cpuUsPerRequest: number | null };

/**
 * Throughput, and the server's CPU time per answered request: on a shared machine the first swings with
 * everyone else's load, the second much less (it is what the server spends, whoever else runs).
 */
async function run(
  name: string,
  url: string,
  pid: number | undefined,
  headers = REQUEST_HEADERS,
): Promise<Run> {
  await measure({ url, headers, connections: CONNECTIONS, durationSeconds: WARMUP_SECONDS });
  const cpuBefore = cpuSeconds(pid);
  const measured = await measure({
    url,
    headers,
    connections: CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
  });
  const cpuAfter = cpuSeconds(pid);
  const cpuUsPerRequest =
    cpuBefore === null || cpuAfter === null || measured.requests === 0
      ? null
      : Number((((cpuAfter - cpuBefore) / measured.requests) * 1e6).toFixed(1));
  const result = { ...measured, cpuUsPerRequest };
  console.log(
    `${name.padEnd(16)} ${result.requestsPerSecond.toFixed(0).padStart(8)} req/s   p99 ${result.p99LatencyMs.toFixed(2)} ms` +
      `   CPU ${cpuUsPerRequest ?? '?'} µs/request` +
      (result.errors + result.non2xx > 0 ? `   errors ${result.errors}, non-2xx ${result.non2xx}` : ''),
  );
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: failed requests during the run`);
  return result;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tablo-bench-menu-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = startChild(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'server', 'src', 'server.ts')],
    {
      cwd: join(REPO_ROOT, 'server'),
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: join(dir, 'data'),
        WEB_DIST: join(REPO_ROOT, 'web', 'dist'),
        SEED_DEMO: 'true',
        NODE_ENV: 'production',
      },
    },
  );
  const stops: (() => Promise<void>)[] = [];
  try {
    await waitForUrl(`${base}/api/ready`, app);
    const answer = await fetchRaw(`${base}${PATH}`, REQUEST_HEADERS, true);
    const page = await fetchRaw(`${base}${PAGE_PATH}`, PAGE_HEADERS, true);
    if (!page.headers['content-type']?.startsWith('text/html')) throw new Error('the web app is not built');
    const answerLimit = await startNodeStatic(dir, answer, 'answer');
    const pageLimit = await startNodeStatic(dir, page, 'page');
    stops.push(answerLimit.stop, pageLimit.stop);
    for (const [limit, body, headers] of [
      [answerLimit, answer, REQUEST_HEADERS],
      [pageLimit, page, PAGE_HEADERS],
    ] as const) {
      const check = await fetchRaw(limit.url, headers, true);
      if (!check.body.equals(body.body))
        throw new Error('the node:http limit does not answer the same bytes');
      if (JSON.stringify(check.headers) !== JSON.stringify(body.headers))
        throw new Error('different headers');
    }
    const nginx = existsSync(NGINX) ? await startStaticServer(dir, answer) : null;
    if (nginx) stops.push(nginx.stop);

    const tool = loadTool();
    console.log(
      `GET ${PATH}: ${answer.body.length} bytes, GET ${PAGE_PATH}: ${page.body.length} bytes ` +
        `(${answer.headers['content-encoding'] ?? 'identity'}); ` +
        `${tool}, ${CONNECTIONS} connections, ${DURATION_SECONDS} s after ${WARMUP_SECONDS} s warm-up; load ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
    );
    const appPid = app.process.pid;
    const nginxResult = nginx ? await run('nginx', nginx.url, undefined) : null;
    const answerLimitResult = await run('node:http answer', answerLimit.url, answerLimit.pid);
    const answerResult = await run('tablo answer', `${base}${PATH}`, appPid);
    const pageLimitResult = await run('node:http page', pageLimit.url, pageLimit.pid, PAGE_HEADERS);
    const pageResult = await run('tablo page', `${base}${PAGE_PATH}`, appPid, PAGE_HEADERS);
    // The limit's CPU per request over ours: the share of the limit's throughput we reach at saturation.
    const cpuRatio = (ours: Run, limit: Run) =>
      ours.cpuUsPerRequest && limit.cpuUsPerRequest
        ? Number((limit.cpuUsPerRequest / ours.cpuUsPerRequest).toFixed(3))
        : null;
    const ratio = (a: LoadResult, b: LoadResult) =>
      Number((a.requestsPerSecond / b.requestsPerSecond).toFixed(3));
    const answerRatio = ratio(answerResult, answerLimitResult);
    const pageRatio = ratio(pageResult, pageLimitResult);
    const nginxRatio = nginxResult ? ratio(answerResult, nginxResult) : null;
    const results = {
      date: new Date().toISOString(),
      loadAverage: loadavg().map((n) => Number(n.toFixed(2))),
      path: PATH,
      pagePath: PAGE_PATH,
      bodyBytes: answer.body.length,
      pageBytes: page.body.length,
      contentEncoding: answer.headers['content-encoding'] ?? 'identity',
      menuRps: Math.round(answerResult.requestsPerSecond),
      answerLimitRps: Math.round(answerLimitResult.requestsPerSecond),
      pageRps: Math.round(pageResult.requestsPerSecond),
      pageLimitRps: Math.round(pageLimitResult.requestsPerSecond),
      answerToLimit: answerRatio,
      pageToLimit: pageRatio,
      cpuUsPerRequest: {
        answer: answerResult.cpuUsPerRequest,
        answerLimit: answerLimitResult.cpuUsPerRequest,
        page: pageResult.cpuUsPerRequest,
        pageLimit: pageLimitResult.cpuUsPerRequest,
      },
      answerToLimitByCpu: cpuRatio(answerResult, answerLimitResult),
      pageToLimitByCpu: cpuRatio(pageResult, pageLimitResult),
      pipelining: AUTOCANNON_PIPELINING,
      limitTarget: TARGET_LIMIT_RATIO,
      staticRps: nginxResult ? Math.round(nginxResult.requestsPerSecond) : null,
      ratio: nginxRatio,
      target: TARGET_RATIO,
      pass:
        answerRatio >= TARGET_LIMIT_RATIO &&
        pageRatio >= TARGET_LIMIT_RATIO &&
        (nginxRatio ?? 1) >= TARGET_RATIO,
      staticServer: nginx ? 'nginx' : null,
      tool,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      p99LatencyMs: {
        menu: answerResult.p99LatencyMs,
        answerLimit: answerLimitResult.p99LatencyMs,
        page: pageResult.p99LatencyMs,
        pageLimit: pageLimitResult.p99LatencyMs,
        static: nginxResult?.p99LatencyMs ?? null,
      },
    };
    mkdirSync(join(REPO_ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(join(REPO_ROOT, 'bench', 'results', 'menu.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log(
      `menu answer ${answerRatio}× node:http, menu page ${pageRatio}× node:http (target ≥ ${TARGET_LIMIT_RATIO})`,
    );
    if (nginxRatio !== null) console.log(`menu answer ${nginxRatio}× nginx (target ≥ ${TARGET_RATIO})`);
    console.log(results.pass ? 'PASS' : 'FAIL');
    console.log('written bench/results/menu.json');
    if (!results.pass) process.exitCode = 1;
  } finally {
    for (const stop of stops) await stop();
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
