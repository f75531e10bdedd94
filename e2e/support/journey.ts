import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newContext, type ViewportName, watchPageErrors } from './browser.ts';
import { REPO_ROOT } from './server-process.ts';

export const VIEWPORT_NAMES: ViewportName[] = ['phone', 'desktop'];

/** Where the first-use guide remembers that it was shown (web/src/config/constants.ts). */
const GUIDE_SEEN_STORAGE_KEY = 'tablo.guideSeen';

type Texts = { [key: string]: string | Texts };

/** The app's own texts (web/public/locales), so a journey asserts what the diner reads in that language. */
export function texts(language: string, namespace: string): (key: string) => string {
  const file = join(REPO_ROOT, 'web', 'public', 'locales', language, `${namespace}.json`);
  const all = JSON.parse(readFileSync(file, 'utf8')) as Texts;
  return (key) => {
    let value: string | Texts | undefined = all;
    for (const part of key.split('.')) value = typeof value === 'object' ? value[part] : undefined;
    if (typeof value !== 'string') throw new Error(`no text ${language}/${namespace}:${key}`);
    return value;
  };
}

export type Journey = {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far (the expected ones filtered out). */
  errors: () => string[];
  close: () => Promise<void>;
};

export type JourneyOptions = {
  /** Pretend the first-use guide was seen on this device already (default), so it does not cover the menu. */
  guideSeen?: boolean;
  /** Console errors this journey provokes on purpose (a 404 or 500 answer the browser logs). */
  expectedErrors?: RegExp[];
};

export async function startJourney(
  browser: Browser,
  viewport: ViewportName,
  baseUrl: string,
  options: JourneyOptions = {},
): Promise<Journey> {
  const context = await newContext(browser, viewport, baseUrl);
  if (options.guideSeen ?? true) {
    await context.addInitScript((key) => {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, 'e2e');
    }, GUIDE_SEEN_STORAGE_KEY);
  }
  const page = await context.newPage();
  const watch = watchPageErrors(page);
  const expected = options.expectedErrors ?? [];
  return {
    context,
    page,
    errors: () => watch.errors.filter((error) => !expected.some((pattern) => pattern.test(error))),
    close: () => context.close(),
  };
}

/** Ends a journey: nothing went wrong on the page that the diner would not see in the assertions. */
export async function finishJourney(journey: Journey): Promise<void> {
  const errors = journey.errors();
  await journey.close();
  expect(errors).toEqual([]);
}

/** The browser logs a failed request as a console error; journeys that provoke one on purpose list it. */
export const failedResource = (status: number) =>
  new RegExp(`Failed to load resource: the server responded with a status of ${status}`);

/** Whether the element is the focused one. */
export async function isFocused(locator: ReturnType<Page['locator']>): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** Label (accessible-ish) of the focused element, for readable failure messages. */
export function focusedLabel(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '(body)';
    return `${element.tagName.toLowerCase()}:${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''}`;
  });
}

/** Presses Tab (Shift+Tab with `backwards`) until `locator` has focus; fails after `max` presses. */
export async function tabTo(
  page: Page,
  locator: ReturnType<Page['locator']>,
  max = 30,
  backwards = false,
): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await isFocused(locator)) return;
    seen.push(await focusedLabel(page));
  }
  throw new Error(`Tab never reached the element; focus went through: ${seen.join(' → ')}`);
}

/** Polls `check` until it holds; fails with `message` after `timeoutMs`. */
export async function eventually(
  check: () => Promise<boolean>,
  message: string,
  timeoutMs = 5000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out: ${message}`);
}

/**
 * Menu pages arrive rendered by the server (decision record 022): their buttons are on screen before the
 * scripts have taken the page over. A journey that presses them waits for that first: React has bound the
 * page's last element (its props are what React's events are dispatched from).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const all = document.querySelectorAll('#root *');
      const last = all[all.length - 1];
      return last !== undefined && Object.keys(last).some((key) => key.startsWith('__reactProps$'));
    },
    undefined,
    { timeout: 20_000 },
  );
}
