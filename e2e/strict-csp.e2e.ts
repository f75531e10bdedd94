import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { failedResource, finishJourney, startJourney } from './support/journey.ts';

// The pages' CSP has no 'unsafe-eval'. zod 4 probes with `Function('')` whether it may compile its parsers
// unless it is set jitless; the browser refuses the probe and reports a violation. The menu page loads no
// zod (decision 036), so this journey opens a page that does: the staff sign-in (decision 064).
const baseUrl = inject('baseUrl');

describe('a page that loads zod under the strict CSP', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('parses with zod and reports no CSP violation', async () => {
    // Signed out: the console asks who is signed in and is told no one.
    const journey = await startJourney(browser, 'desktop', baseUrl, {
      expectedErrors: [failedResource(401)],
    });
    const { page, context } = journey;
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
      });
    });
    const zodLoaded = page.waitForResponse((response) => /\/assets\/zod-[\w-]+\.js$/.test(response.url()));
    await page.goto('/staff');
    await zodLoaded;
    // The app parses answers once it has loaded zod: give it the page's requests to finish.
    await page.waitForLoadState('networkidle');
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    expect(violations).toEqual([]);
    await finishJourney(journey);
  });
});
