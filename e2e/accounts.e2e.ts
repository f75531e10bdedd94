// Issue 26: a restaurant gets onto Tablo by itself. From the landing page's "Register" to the console,
// the confirmation mail, an invited waiter who sets a password through the mailed link, a forgotten
// password reset through its link; every account screen without WCAG 2.2 AA violations, driven by keyboard
// where a person would type. Mail goes to a real SMTP server in this test process.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type MailCatcher, startMailCatcher } from '../server/test/helpers/mail-catcher.ts';
import {
  acceptInvitation,
  confirmEmail,
  inviteByEmail,
  logIn,
  logOut,
  openSignUp,
  signUp,
  typeInto,
} from './support/accounts.ts';
import { expectNoAxeViolations, launchBrowser, screenshot } from './support/browser.ts';
import { failedResource, finishJourney, startJourney, texts } from './support/journey.ts';
import { type RunningServer, startServer } from './support/server-process.ts';

const accounts = texts('en', 'accounts');
const staff = texts('en', 'staff');
const OWNER = { email: 'owner@napfeny.test', password: 'a long owner password' };
const WAITER = {
  email: 'zoli@napfeny.test',
  password: 'the waiter password',
  newPassword: 'a fresh waiter password',
};

describe('restaurant accounts', () => {
  let browser: Browser;
  let server: RunningServer;
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
    server = await startServer({ SMTP_URL: mail.smtpUrl, SEED_DEMO: 'false' });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await mail?.close();
  });

  it('signs up from the landing page, confirms the address, and invites a waiter who joins and logs in', async () => {
    const owner = await startJourney(browser, 'desktop', server.baseUrl);
    const { page } = owner;
    await openSignUp(page);
    await expectNoAxeViolations(page);
    await signUp(page, { name: 'Napfény Bisztró', shortName: 'napfeny-bisztro' }, OWNER, () =>
      screenshot(page, 'desktop-sign-up'),
    );
    await confirmEmail(page, mail, OWNER.email, server.baseUrl);
    await expectNoAxeViolations(page);

    await page.goto('/staff/team/en');
    await inviteByEmail(page, WAITER.email);
    await expectNoAxeViolations(page);
    await screenshot(page, 'desktop-team');
    await finishJourney(owner);

    const invitation = await mail.next(WAITER.email);
    const waiter = await startJourney(browser, 'phone', server.baseUrl);
    await acceptInvitation(waiter.page, invitation.link, WAITER.password, () =>
      expectNoAxeViolations(waiter.page),
    );
    await logOut(waiter.page);
    // The landing page's log-in link, then the password the waiter chose.
    await logIn(waiter.page, WAITER);
    await finishJourney(waiter);
  });

  it('resets a forgotten password from the log-in screen through the mailed link', async () => {
    // The used link's refusal (410) is logged by the browser as a failed resource.
    const journey = await startJourney(browser, 'phone', server.baseUrl, {
      expectedErrors: [failedResource(410)],
    });
    const { page } = journey;
    await page.goto('/staff/login/en');
    await page.getByRole('link', { name: staff('forgot_password') }).click();
    await page.getByRole('heading', { level: 1, name: accounts('forgot_title') }).waitFor();
    await expectNoAxeViolations(page);
    await typeInto(page, accounts('email'), WAITER.email);
    await page.keyboard.press('Enter');
    await page.getByText(accounts('forgot_sent').replace('{{email}}', WAITER.email)).waitFor();

    const reset = await mail.next(WAITER.email);
    await page.goto(reset.link);
    await page.getByRole('heading', { level: 1, name: accounts('reset_title') }).waitFor();
    await expectNoAxeViolations(page);
    await typeInto(page, accounts('new_password'), WAITER.newPassword);
    await page.keyboard.press('Enter');
    await page.getByText(accounts('reset_done')).waitFor();
    await page.getByRole('link', { name: accounts('log_in') }).click();
    await typeInto(page, staff('email'), WAITER.email);
    await typeInto(page, staff('password'), WAITER.newPassword);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/staff/board/en');

    // The link worked once.
    await page.goto(reset.link);
    await typeInto(page, accounts('new_password'), 'yet another password');
    await page.keyboard.press('Enter');
    await page.getByText(accounts('link_used')).waitFor();
    await finishJourney(journey);
  });

  it('the diner menu loads none of the account screens’ code', async () => {
    // The shared journeys' server has the demo restaurant.
    const context = await browser.newContext({
      baseURL: inject('baseUrl'),
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    await page.goto('/menu/demo/en', { waitUntil: 'networkidle' });
    const bodies = await Promise.all(
      [...scripts].map(async (url) => (await (await fetch(url)).text()).toString()),
    );
    await context.close();
    expect([...scripts].filter((url) => /accounts|team/.test(url))).toEqual([]);
    // accountPaths and staffTeamPaths (contract/accounts.ts) are used by these screens only.
    expect(
      bodies.filter((body) => body.includes('/accounts/sign-up') || body.includes('/staff/team')),
    ).toEqual([]);
  });
});
