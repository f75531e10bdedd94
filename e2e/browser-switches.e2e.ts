import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import {
  chromiumLaunchArgs,
  DISABLED_FEATURES,
  PLAYWRIGHT_SWITCHES_ENV,
  withDisabledFeatures,
} from './support/chromium.ts';

// The browser the journeys and bench:web start (decision record 049): without the address bar's drop-down
// pages, which would otherwise take a core of this machine for ~3 s per new window, and still with every
// feature Playwright switches off of its own (Chromium reads only the last --disable-features).
describe('the test browser', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens a window without the address bar drop-down pages', async () => {
    const context = await browser.newContext();
    await context.newPage();
    // The drop-downs are built as the window opens; give them the moment they take.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets');
    expect(targetInfos.map((target) => target.url).filter((url) => url.includes('omnibox'))).toEqual([]);
    await context.close();
  });

  it("keeps Playwright's own disabled features beside ours, in one switch", async () => {
    const { ignoreDefaultArgs, args } = await chromiumLaunchArgs();
    // Playwright's own switch is left out, and given back merged with ours.
    expect(ignoreDefaultArgs).toHaveLength(1);
    expect(ignoreDefaultArgs[0]).toContain('PaintHolding');
    const switches = args.filter((arg) => arg.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    const features = switches[0]?.split('=')[1]?.split(',') ?? [];
    // PaintHolding: Playwright's, which keeps first paints as the journeys expect them.
    expect(features).toEqual(expect.arrayContaining(['PaintHolding', ...DISABLED_FEATURES]));
  });

  it("is given Playwright's switches by the global setup, so no test file starts a browser to ask", () => {
    const handed = JSON.parse(process.env[PLAYWRIGHT_SWITCHES_ENV] ?? '[]') as string[];
    expect(handed).toHaveLength(1);
    expect(handed[0]).toMatch(/^--disable-features=.*PaintHolding/);
  });

  it('merges every --disable-features into one, keeping the other switches in order', () => {
    expect(withDisabledFeatures(['--a', '--disable-features=X,Y', '--b', '--disable-features=Y,Z'])).toEqual([
      '--a',
      '--b',
      `--disable-features=X,Y,Z,${DISABLED_FEATURES.join(',')}`,
    ]);
    expect(withDisabledFeatures(['--a'])).toEqual([
      '--a',
      `--disable-features=${DISABLED_FEATURES.join(',')}`,
    ]);
  });
});
