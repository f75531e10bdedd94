// `npm run bench:menu`: requests per second of GET /api/menu/current/demo on the real server, against a
// static server (nginx when installed) answering the identical bytes, with the same load generator
// (wrk when installed, else autocannon), on loopback. Writes bench/results/menu.json. Target: ratio ≥ 0.5.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type LoadResult, loadTool, measure } from './support/load.ts';
import { freePort, startChild, waitForUrl } from './support/processes.ts';
import { type StaticBody, startStaticServer } from './support/static-servers.ts';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const PATH = '/api/menu/current/demo';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_SECONDS = 3;
const TARGET_RATIO = 0.5;
// What a browser sends; the app answers brotli to it, so the static server gets the same brotli bytes.
const REQUEST_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };
const COPIED_HEADERS = ['content-type', 'content-encoding', 'etag', 'cache-control', 'vary'];

function fetchRaw(url: string, headers: Record<string, string>): Promise<StaticBody> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode !== 200) return reject(new Error(`${url} answered ${response.statusCode}`));
        const copied: Record<string, string> = {};
        for (const name of COPIED_HEADERS) {
          const value = response.headers[name];
          if (typeof value === 'string') copied[name] = value;
        }
        resolve({ path: new URL(url).pathname, body: Buffer.concat(chunks), headers: copied });
      });
    }).once('error', reject);
  });
}

async function run(name: string, url: string): Promise<LoadResult> {
  await measure({ url, headers: REQUEST_HEADERS, connections: CONNECTIONS, durationSeconds: WARMUP_SECONDS });
  const result = await measure({
    url,
    headers: REQUEST_HEADERS,
    connections: CONNECTIONS,
    durationSeconds: DURATION_SECONDS,
  });
  console.log(
    `${name.padEnd(8)} ${result.requestsPerSecond.toFixed(0).padStart(8)} req/s   p99 ${result.p99LatencyMs.toFixed(2)} ms` +
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
        WEB_DIST: join(dir, 'no-web-build'),
        SEED_DEMO: 'true',
        NODE_ENV: 'production',
      },
    },
  );
  let staticStop: (() => Promise<void>) | undefined;
  try {
    await waitForUrl(`${base}/api/ready`, app);
    const answer = await fetchRaw(`${base}${PATH}`, REQUEST_HEADERS);
    const server = await startStaticServer(dir, answer);
    staticStop = server.stop;
    const check = await fetchRaw(server.url, REQUEST_HEADERS);
    if (!check.body.equals(answer.body)) throw new Error('the static server does not answer the same bytes');

    const tool = loadTool();
    console.log(
      `GET ${PATH}: ${answer.body.length} bytes (${answer.headers['content-encoding'] ?? 'identity'}); ` +
        `${tool}, ${CONNECTIONS} connections, ${DURATION_SECONDS} s after ${WARMUP_SECONDS} s warm-up; static: ${server.name}`,
    );
    const staticResult = await run(server.name, server.url);
    const menuResult = await run('tablo', `${base}${PATH}`);
    const ratio = menuResult.requestsPerSecond / staticResult.requestsPerSecond;
    const results = {
      date: new Date().toISOString(),
      path: PATH,
      bodyBytes: answer.body.length,
      contentEncoding: answer.headers['content-encoding'] ?? 'identity',
      menuRps: Math.round(menuResult.requestsPerSecond),
      staticRps: Math.round(staticResult.requestsPerSecond),
      ratio: Number(ratio.toFixed(3)),
      target: TARGET_RATIO,
      pass: ratio >= TARGET_RATIO,
      staticServer: server.name,
      tool,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      p99LatencyMs: { menu: menuResult.p99LatencyMs, static: staticResult.p99LatencyMs },
    };
    mkdirSync(join(REPO_ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(join(REPO_ROOT, 'bench', 'results', 'menu.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log(`ratio ${results.ratio} (target ≥ ${TARGET_RATIO}): ${results.pass ? 'PASS' : 'FAIL'}`);
    console.log('written bench/results/menu.json');
    if (!results.pass) process.exitCode = 1;
  } finally {
    await staticStop?.();
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
