import type { Page } from 'playwright-core';
import type { MailCatcher } from '../../server/test/helpers/mail-catcher.ts';
import { texts } from './journey.ts';

// Issue 26's account steps as a person takes them in the browser, shared by the journeys that sign a
// restaurant up, confirm its address, invite staff and log in (accounts.e2e.ts, new-restaurant.e2e.ts).
const accounts = texts('en', 'accounts');
const landing = texts('en', 'landing');
const staff = texts('en', 'staff');
const team = texts('en', 'team');

export type Account = { email: string; password: string };

/** Types into a field the way a keyboard user does: focus, then keys. */
export async function typeInto(page: Page, label: string, value: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.focus();
  await page.keyboard.type(value);
}

/** Focuses `locator` and presses Enter, as a keyboard user presses a button or follows a link. */
export async function pressEnterOn(locator: ReturnType<Page['locator']>): Promise<void> {
  await locator.focus();
  await locator.page().keyboard.press('Enter');
}

/** From the landing page (`/en`), "Register". Ends on the sign-up form. */
export async function openSignUp(page: Page): Promise<void> {
  await page.goto('/en');
  await page.getByRole('link', { name: landing('register'), exact: true }).click();
  await page.waitForURL('**/register/en');
  await page.getByRole('heading', { level: 1, name: accounts('register_title') }).waitFor();
}

/**
 * Fills the sign-up form by keyboard — the short name is made from the restaurant's name and said to be
 * free — and sends it with Enter. Ends signed in, on the console's board.
 */
export async function signUp(
  page: Page,
  restaurant: { name: string; shortName: string },
  owner: Account,
  beforeSending?: () => Promise<void>,
): Promise<void> {
  await typeInto(page, accounts('restaurant_name'), restaurant.name);
  await page.getByText(accounts('short_name_free').replace('{{name}}', restaurant.shortName)).waitFor();
  await typeInto(page, accounts('email'), owner.email);
  await typeInto(page, accounts('password'), owner.password);
  await beforeSending?.();
  await page.keyboard.press('Enter');
  await page.waitForURL('**/staff/board/en');
  await page.getByRole('navigation', { name: staff('navigation') }).waitFor();
}

/** Opens the confirmation link mailed to `email`; ends on the page that says the address is confirmed. */
export async function confirmEmail(
  page: Page,
  mail: MailCatcher,
  email: string,
  baseUrl: string,
): Promise<void> {
  const confirmation = await mail.next(email);
  if (!confirmation.link.startsWith(`${baseUrl}/account/confirm-email/en?token=`))
    throw new Error(`the confirmation mail's link is ${confirmation.link}`);
  await page.goto(confirmation.link);
  await page.getByText(accounts('confirmed').replace('{{email}}', email)).waitFor();
}

/** On the team screen: types the address (the role is Waiter unless chosen) and sends the invitation. */
export async function inviteByEmail(page: Page, email: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: team('title') }).waitFor();
  await typeInto(page, team('email'), email);
  await page.keyboard.press('Enter');
  await page.getByText(team('invited').replace('{{email}}', email)).waitFor();
}

/** The invitee opens the mailed link and sets a password; ends signed in, on the board. */
export async function acceptInvitation(
  page: Page,
  link: string,
  password: string,
  atForm?: () => Promise<void>,
): Promise<void> {
  await page.goto(link);
  await page.getByRole('heading', { level: 1, name: accounts('invitation_title') }).waitFor();
  await atForm?.();
  await typeInto(page, accounts('new_password'), password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/staff/board/en');
}

/** Logs out from the console; ends on the log-in screen. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: staff('log_out') }).click();
  await page.waitForURL(/\/staff\/login\/en/);
}

/** From the landing page's log-in link, types the address and password; ends on the board. */
export async function logIn(page: Page, account: Account): Promise<void> {
  await page.goto('/login?lang=en');
  await page.waitForURL(/\/staff\/login\/en/);
  await typeInto(page, staff('email'), account.email);
  await typeInto(page, staff('password'), account.password);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/staff/board/en');
}

/** Logs in on the console's own log-in screen, by keyboard; ends on the board. */
export async function logInToConsole(page: Page, account: Account): Promise<void> {
  await page.goto('/staff/login/en');
  await page.getByLabel(staff('email')).fill(account.email);
  await page.getByLabel(staff('password')).fill(account.password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/staff/board/en');
}

/** Follows the console's navigation link `name` (a staff text) and waits for the screen's address. */
export async function openConsoleScreen(page: Page, name: string, path: string): Promise<void> {
  await page
    .getByRole('navigation', { name: staff('navigation') })
    .getByRole('link', { name, exact: true })
    .click();
  await page.waitForURL((url) => url.pathname === path);
}
