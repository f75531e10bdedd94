import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchChromium } from './chromium.ts';
import { REPO_ROOT } from './server-process.ts';

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 768 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

export async function newContext(
  browser: Browser,
  viewport: ViewportName,
  baseURL: string,
): Promise<BrowserContext> {
  const isPhone = viewport === 'phone';
  return browser.newContext({
    baseURL,
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: isPhone ? 3 : 1,
    isMobile: isPhone,
    hasTouch: isPhone,
    locale: 'hu-HU',
  });
}

/** Fails the test on any uncaught page error or console error, so a broken screen can't pass. */
export function watchPageErrors(page: Page): { errors: string[] } {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // A failed request's message does not say which: its location does.
    const where = message.location().url;
    if (message.type() === 'error') errors.push(`console: ${message.text()}${where ? ` (${where})` : ''}`);
  });
  return { errors };
}

const ARTIFACTS = join(REPO_ROOT, 'e2e', 'artifacts');

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: false });
}

/** The menu's category sections still waiting for their idle layout (decision 043). */
export const PENDING_SECTIONS = 'section[data-category-id]:not([data-laid-out])';

const require = createRequire(import.meta.url);
/**
 * The axe-core this package pins, not the copy `@axe-core/playwright` carries (4.11.4 in its 4.11.3, where
 * label-content-name-mismatch, WCAG 2.5.3, is still experimental and off).
 */
export const AXE_VERSION: string = require('axe-core/package.json').version;
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core against WCAG 2.0/2.1/2.2 A and AA; every violation is listed in the failure. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // The menu's categories away from the screen are laid out while the phone is idle (decision 043); until
  // then their dishes are not drawn, and axe's hit tests (target-size) misjudge what they cannot see.
  await page.waitForFunction(
    (pending) => !matchMedia('(scripting: enabled)').matches || document.querySelector(pending) === null,
    PENDING_SECTIONS,
    { timeout: 30_000 },
  );
  const results = await new AxeBuilder({ page, axeSource: AXE_SOURCE })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
  expect(results.testEngine.version).toBe(AXE_VERSION);
}
