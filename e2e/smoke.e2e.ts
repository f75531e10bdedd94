import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, watchPageErrors } from './support/browser.ts';

describe('the built app served by the real server', () => {
  let browser: Browser;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('redirects / to /hu, replacing the history entry', async () => {
    const context = await newContext(browser, 'phone', baseUrl);
    const page = await context.newPage();
    const watch = watchPageErrors(page);
    await page.goto('/en');
    const before = await page.evaluate(() => history.length);
    await page.goto('/');
    await page.waitForURL(/\/hu$/);
    // A new page's about:blank is an entry of its own: count from the page before, one entry for "/" → /hu.
    expect(await page.evaluate(() => history.length)).toBe(before + 1);
    expect(await page.getAttribute('html', 'lang')).toBe('hu');
    expect(watch.errors).toEqual([]);
    await context.close();
  });
});
