// What a diner on a slow phone and connection actually waits for, measured in a real Chromium with the
// throttling applied (not simulated): Lighthouse's "slow 4G" mobile profile as DevTools applies it
// (562.5 ms request latency, 1.47 Mbit/s down, 4× CPU). Three moments, as the browser paints them: the
// restaurant's picture (the page's largest paint), and the first dish's title and picture (Element Timing:
// the app marks them `elementtiming="first-dish-title"` / `"first-dish-picture"`; painted, not merely added
// to the document). A fresh browser context per run: nothing cached.
import type { Browser } from 'playwright-core';

const SLOW_4G = {
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

export interface AppliedRun {
  largestPaintMs: number;
  /** The first dish's title painted. */
  firstDishMs: number;
  /** The first dish's picture painted. */
  firstDishPictureMs: number;
}

type ElementTimingEntry = PerformanceEntry & { identifier: string; renderTime: number; loadTime: number };

// Runs in the page before anything else: records when the marked elements are painted (renderTime; an
// image from another origin without Timing-Allow-Origin reports only its loadTime).
function watchElementPaints(): void {
  const marks = window as unknown as { __paints: Record<string, number> };
  marks.__paints = {};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as ElementTimingEntry[]) {
      marks.__paints[entry.identifier] ??= entry.renderTime || entry.loadTime;
    }
  }).observe({ type: 'element', buffered: true });
}

/** The marks a menu page paints; a page holding only the first dish's title paints only the first. */
export const MENU_MARKS = ['first-dish-title', 'first-dish-picture'] as const;

export async function measureApplied(
  browser: Browser,
  url: string,
  marks: readonly string[] = MENU_MARKS,
): Promise<AppliedRun> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(watchElementPaints);
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(
      (awaited) => {
        const paints = (window as unknown as { __paints?: Record<string, number> }).__paints ?? {};
        return awaited.every((mark) => mark in paints);
      },
      marks,
      { timeout: 60_000 },
    );
    return await page.evaluate(
      () =>
        new Promise<AppliedRun>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            const paints = (window as unknown as { __paints: Record<string, number> }).__paints;
            resolve({
              largestPaintMs: entries.at(-1)?.startTime ?? Number.NaN,
              firstDishMs: paints['first-dish-title'] ?? Number.NaN,
              firstDishPictureMs: paints['first-dish-picture'] ?? Number.NaN,
            });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}
