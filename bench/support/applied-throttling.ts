// What a diner on a slow phone and connection actually waits for, measured in a real Chromium with the
// throttling applied (not simulated): Lighthouse's "slow 4G" mobile profile as DevTools applies it
// (562.5 ms request latency, 1.47 Mbit/s down, 4× CPU). Two moments: the restaurant's picture painted (the
// page's largest paint) and the first dish on screen. A fresh browser context per run: nothing cached.
import type { Browser } from 'playwright-core';

const SLOW_4G = {
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

export interface AppliedRun {
  largestPaintMs: number;
  firstDishMs: number;
}

// Runs in the page before anything else: records when the first dish card is added to the document.
function watchFirstDish(): void {
  const marks = window as unknown as { __firstDishMs?: number };
  new MutationObserver((_records, observer) => {
    if (document.querySelector('article h3')) {
      marks.__firstDishMs = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

export async function measureApplied(browser: Browser, url: string): Promise<AppliedRun> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(watchFirstDish);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(() => '__firstDishMs' in window, undefined, { timeout: 60_000 });
    return await page.evaluate(
      () =>
        new Promise<AppliedRun>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve({
              largestPaintMs: entries.at(-1)?.startTime ?? Number.NaN,
              firstDishMs: (window as unknown as { __firstDishMs: number }).__firstDishMs,
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}
