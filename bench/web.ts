// `npm run bench:web`: Lighthouse (mobile, simulated throttling) on the demo menu, served by the real
// server from the production build, and the same page under applied slow-4G throttling. Writes
// bench/results/web.json and prints the figures against the targets of issue 10.
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  launchChromium,
  withDisabledFeatures,
} from '../e2e/support/chromium.ts';
import { startServer } from '../e2e/support/server-process.ts';
import { type AppliedRun, measureApplied } from './support/applied-throttling.ts';

const PATH = process.env.BENCH_WEB_PATH ?? '/menu/demo/hu';
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const APPLIED_RUNS = Number(process.env.BENCH_WEB_APPLIED_RUNS ?? 5);
/** Issue 10's targets (issue 3's were 95, 2000 ms, 0.05 and 170 KB). */
const TARGETS = { performance: 98, lcpMs: 1200, cls: 0.01, tbtMs: 150, jsGzipKb: 140 };
/** Issue 10: the first dish's title painted within 1.5 s, its picture within 2.5 s (applied slow 4G). */
const APPLIED_TARGETS = { firstDishMs: 1500, firstDishPictureMs: 2500 };

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/** Median of the runs that produced the figure (a run whose trace lacks it reports NaN, and says why). */
function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function gzipSizeOf(url: string): Promise<number> {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  return gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
}

async function main(): Promise<void> {
  mkdirSync(new URL('./results', import.meta.url), { recursive: true });
  const server = await startServer();
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    // chrome-launcher's own switches, with the features this machine's runs go without merged into them.
    ignoreDefaultFlags: true,
    chromeFlags: withDisabledFeatures([
      ...chromeLauncher.Launcher.defaultFlags(),
      '--headless=new',
      ...CHROMIUM_FLAGS,
    ]),
  });
  try {
    const url = `${server.baseUrl}${PATH}`;
    const runs: {
      performance: number;
      lcpMs: number;
      cls: number;
      tbtMs: number;
      benchmarkIndex: number;
      scripts: string[];
    }[] = [];
    // A run whose trace Lighthouse could not record (NO_NAVSTART, seen about one run in four here) is
    // repeated, up to three extra runs: the median is of RUNS recorded runs whenever possible.
    const recordedRuns = () => runs.filter((run) => Number.isFinite(run.performance));
    const recorded = () => recordedRuns().length;
    for (let i = 0; recorded() < RUNS && i < RUNS + 3; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
      });
      if (!result) throw new Error('Lighthouse returned no result');
      const { lhr } = result;
      // BENCH_WEB_KEEP_REPORTS=1 keeps each run's whole Lighthouse report, for reading its LCP breakdown.
      if (process.env.BENCH_WEB_KEEP_REPORTS) {
        writeFileSync(new URL(`./results/web-run-${i + 1}.lhr.json`, import.meta.url), JSON.stringify(lhr));
      }
      const problems = [
        lhr.runtimeError?.message,
        ...['largest-contentful-paint', 'cumulative-layout-shift', 'total-blocking-time'].map(
          (id) => lhr.audits[id]?.errorMessage,
        ),
      ].filter(Boolean);
      if (problems.length > 0) console.warn(`  run ${i + 1}: ${problems.join('; ')}`);
      const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)
        ?.items ?? []) as NetworkItem[];
      runs.push({
        // A run whose trace Lighthouse could not record has no score (null): it must not count as 0.
        performance: lhr.runtimeError
          ? Number.NaN
          : Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
        // Lighthouse's own measure of the machine's speed during the run (higher is faster): on this shared
        // machine it swings by half within minutes, and TBT with it (decision 045).
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
        scripts: items.filter((item) => item.resourceType === 'Script').map((item) => item.url),
      });
      const run = runs.at(-1);
      if (run) {
        console.log(
          `  run ${i + 1}: performance ${run.performance}, LCP ${Math.round(run.lcpMs)} ms, CLS ${run.cls.toFixed(3)}, TBT ${Math.round(run.tbtMs)} ms, benchmark index ${Math.round(run.benchmarkIndex)}`,
        );
      }
    }
    const applied = await measureAppliedRuns(url);
    const scripts = [...new Set(runs.flatMap((run) => run.scripts))];
    const gzipBytes = await Promise.all(scripts.map(gzipSizeOf));
    const jsGzipKb = Math.round((gzipBytes.reduce((a, b) => a + b, 0) / 1024) * 10) / 10;
    const figures = {
      url: PATH,
      runs: recorded(),
      performance: median(runs.map((r) => r.performance)),
      lcpMs: Math.round(median(runs.map((r) => r.lcpMs))),
      cls: Math.round(median(runs.map((r) => r.cls)) * 1000) / 1000,
      tbtMs: Math.round(median(runs.map((r) => r.tbtMs))),
      jsGzipKb,
      perRun: recordedRuns().map(({ performance, lcpMs, cls, tbtMs, benchmarkIndex }) => ({
        performance,
        lcpMs: Math.round(lcpMs),
        cls: Math.round(cls * 1000) / 1000,
        tbtMs: Math.round(tbtMs),
        benchmarkIndex: Math.round(benchmarkIndex),
      })),
      applied: {
        runs: APPLIED_RUNS,
        largestPaintMs: Math.round(median(applied.map((r) => r.largestPaintMs))),
        firstDishMs: Math.round(median(applied.map((r) => r.firstDishMs))),
        firstDishPictureMs: Math.round(median(applied.map((r) => r.firstDishPictureMs))),
      },
      scripts: scripts.map((s, i) => ({ url: new URL(s).pathname, gzipBytes: gzipBytes[i] })),
      targets: { ...TARGETS, applied: APPLIED_TARGETS },
    };
    const pass = {
      performance: figures.performance >= TARGETS.performance,
      lcp: figures.lcpMs <= TARGETS.lcpMs,
      cls: figures.cls <= TARGETS.cls,
      tbt: figures.tbtMs <= TARGETS.tbtMs,
      firstDish: figures.applied.firstDishMs <= APPLIED_TARGETS.firstDishMs,
      firstDishPicture: figures.applied.firstDishPictureMs <= APPLIED_TARGETS.firstDishPictureMs,
      js: figures.jsGzipKb <= TARGETS.jsGzipKb,
    };
    writeFileSync(
      new URL('./results/web.json', import.meta.url),
      `${JSON.stringify({ ...figures, pass }, null, 2)}\n`,
    );
    const indexes = figures.perRun.map((run) => run.benchmarkIndex);
    console.log(
      `Lighthouse mobile (simulated throttling), ${PATH}, median of ${recorded()} recorded runs ` +
        `(benchmark index ${Math.min(...indexes)}–${Math.max(...indexes)})`,
    );
    console.log(
      `  performance ${figures.performance} (target ≥ ${TARGETS.performance}) ${pass.performance ? 'ok' : 'MISSED'}`,
    );
    console.log(`  LCP ${figures.lcpMs} ms (target ≤ ${TARGETS.lcpMs}) ${pass.lcp ? 'ok' : 'MISSED'}`);
    console.log(`  CLS ${figures.cls} (target ≤ ${TARGETS.cls}) ${pass.cls ? 'ok' : 'MISSED'}`);
    console.log(`  TBT ${figures.tbtMs} ms (target ≤ ${TARGETS.tbtMs}) ${pass.tbt ? 'ok' : 'MISSED'}`);
    console.log(
      `  JavaScript ${jsGzipKb} KB gzip in ${scripts.length} files (target ≤ ${TARGETS.jsGzipKb}) ${pass.js ? 'ok' : 'MISSED'}`,
    );
    console.log(
      `Applied slow 4G + 4× CPU in Chromium, median of ${APPLIED_RUNS}: restaurant picture painted at ` +
        `${figures.applied.largestPaintMs} ms, first dish's title painted at ${figures.applied.firstDishMs} ms ` +
        `(target ≤ ${APPLIED_TARGETS.firstDishMs}), its picture at ${figures.applied.firstDishPictureMs} ms ` +
        `(target ≤ ${APPLIED_TARGETS.firstDishPictureMs})`,
    );
    for (const s of figures.scripts)
      console.log(
        `    ${s.url} ${(s.gzipBytes ?? 0) / 1024 > 0 ? ((s.gzipBytes ?? 0) / 1024).toFixed(1) : 0} KB`,
      );
    console.log('  written to bench/results/web.json');
  } finally {
    chrome.kill();
    await server.stop();
  }
}

/** The same page under applied (not simulated) throttling: what the diner waits for (support/applied-throttling.ts). */
async function measureAppliedRuns(url: string): Promise<AppliedRun[]> {
  const browser = await launchChromium();
  try {
    const results: AppliedRun[] = [];
    for (let i = 0; i < APPLIED_RUNS; i++) {
      const run = await measureApplied(browser, url);
      console.log(
        `  applied run ${i + 1}: restaurant picture ${Math.round(run.largestPaintMs)} ms, first dish title ` +
          `${Math.round(run.firstDishMs)} ms, its picture ${Math.round(run.firstDishPictureMs)} ms`,
      );
      results.push(run);
    }
    return results;
  } finally {
    await browser.close();
  }
}

await main();
