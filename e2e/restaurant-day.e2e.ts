// Issue 28: a manager runs the restaurant's day from the console. Two printers that are real TCP servers
// started here (port 9100's raw protocol) are set up as stations; an accepted order prints at each station
// its own dishes, and Reprint prints again marked REPRINT. The manager sets the opening hours, reads today's
// figures with the chart of sales by hour and prints the day report (to PDF, read back with poppler). The
// three screens speak all ten languages with no WCAG 2.2 AA violation, and none of their code reaches a
// diner's /menu.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { LANGUAGES } from '@tablo/contract/language-list';
import { parse } from 'csv-parse/sync';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logInToConsole, openConsoleScreen } from './support/accounts.ts';
import { expectNoAxeViolations, launchBrowser, screenshot } from './support/browser.ts';
import { joinTable, placeOrder, readMenu } from './support/diner-api.ts';
import { finishJourney, type Journey, startJourney, texts } from './support/journey.ts';
import { type RunningServer, runCli, startServer } from './support/server-process.ts';
import { staffLogin } from './support/staff.ts';

const staff = texts('en', 'staff');
const printing = texts('en', 'printing');
const hours = texts('en', 'hours');
const figures = texts('en', 'figures');
const MANAGER = { email: 'manager@day.test', password: 'a long manager password' };
const LIVE = { timeout: 15_000 };

/** A receipt printer on raw TCP: every connection's bytes are one ticket. */
class TcpPrinter {
  readonly tickets: Buffer[] = [];
  readonly #server: Server;

  constructor() {
    this.#server = createServer((socket) => {
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('end', () => {
        if (chunks.length > 0) this.tickets.push(Buffer.concat(chunks));
        socket.end();
      });
      socket.on('error', () => {});
    });
  }

  #port = 0;

  /** Starts listening (again on the same port after `stop`). */
  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(this.#port, '127.0.0.1', resolve));
    const address = this.#server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    this.#port = address.port;
    return `127.0.0.1:${address.port}`;
  }

  /** The tickets as text (ESC/POS commands are bytes below 0x20 around the ASCII words). */
  texts(): string[] {
    return this.tickets.map((ticket) => ticket.toString('latin1'));
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.#server.listening) resolve();
      else this.#server.close(() => resolve());
    });
  }
}

/** A diner at the table orders through the API, as the order page does. */
async function dinerOrders(baseUrl: string, tableUrl: string, dishes: string[]): Promise<number> {
  const phone = await joinTable(baseUrl, tableUrl);
  const menu = await readMenu(baseUrl);
  const items = dishes.map((title) => {
    const item = menu
      .flatMap((category) => category.menuItems)
      .find((candidate) => candidate.translations.some((t) => t.isoCode === 'en' && t.title === title));
    if (!item) throw new Error(`no ${title} on the demo menu`);
    return { menuItemId: item.id, quantity: 1 };
  });
  return (await placeOrder(baseUrl, phone, { items })).id;
}

async function addPrinter(page: Page, name: string, address: string, category: string): Promise<void> {
  await page.getByRole('button', { name: printing('add'), exact: true }).click();
  const form = page.getByRole('form', { name: printing('add_title') });
  await form.getByLabel(printing('field_name')).fill(name);
  await form.getByLabel(printing('field_address')).fill(address);
  await form.getByRole('checkbox', { name: category, exact: true }).check();
  await form.getByRole('button', { name: printing('save') }).click();
  await page.getByText(printing('saved').replace('{{name}}', name)).waitFor();
}

describe('a manager runs the day: printers, hours and figures', () => {
  let browser: Browser;
  let server: RunningServer;
  let tableUrl = '';
  const kitchen = new TcpPrinter();
  const bar = new TcpPrinter();
  let kitchenAddress = '';
  let barAddress = '';
  let manager: Journey;

  beforeAll(async () => {
    kitchenAddress = await kitchen.listen();
    barAddress = await bar.listen();
    server = await startServer({}, async (dataDir) => {
      const env = { DATA_DIR: dataDir, PUBLIC_URL: 'http://e2e.invalid' };
      await runCli(['seed-demo'], env);
      await runCli(['create-staff', 'demo', MANAGER.email, '--role', 'MANAGER'], {
        ...env,
        TABLO_STAFF_PASSWORD: MANAGER.password,
      });
      const listing = await runCli(['table-urls', 'demo', '--lang', 'en'], env);
      tableUrl = /http:\/\/e2e\.invalid(\/order\/demo\/\d+\/en\?t=[0-9a-f]+)/.exec(listing)?.[1] ?? '';
    });
    browser = await launchBrowser();
    manager = await startJourney(browser, 'desktop', server.baseUrl);
    await logInToConsole(manager.page, MANAGER);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await kitchen.close();
    await bar.close();
  });

  it('sets up a kitchen and a bar printer; an accepted order prints at each its own dishes, Reprint again', async () => {
    const { page } = manager;
    await openConsoleScreen(page, printing('nav'), '/staff/printers/en');
    await page.getByRole('heading', { level: 1, name: printing('title') }).waitFor();
    await page.getByText(printing('empty')).waitFor();
    await addPrinter(page, 'Kitchen', kitchenAddress, 'Soups');
    await addPrinter(page, 'Bar', barAddress, 'Wine and beer');
    await expect.poll(() => page.locator('li[data-printer-id]').count()).toBe(2);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: `${printing('test_print')} Bar` }).click();
    await expect.poll(() => bar.tickets.length, LIVE).toBe(1);
    expect(kitchen.tickets).toHaveLength(0);

    const orderId = await dinerOrders(server.baseUrl, tableUrl, ['Goulash soup', 'Egri Bikavér']);
    const api = await staffLogin(server.baseUrl, MANAGER);
    await api.move(orderId, 'ACCEPTED');
    await expect.poll(() => kitchen.tickets.length, LIVE).toBe(1);
    await expect.poll(() => bar.tickets.length, LIVE).toBe(2);
    // Each station prints its own dishes, under the order's number (titles print in Hungarian).
    expect(kitchen.texts()[0]).toContain(String(orderId));
    expect(kitchen.texts()[0]).not.toContain('Egri bikav');
    expect(bar.texts()[1]).toContain('Egri bikav');
    expect(bar.texts()[1]).not.toContain('Guly');
    // Both printers answered: the screen shows them online.
    await expect.poll(() => page.locator('li[data-printer-id] [data-state="online"]').count(), LIVE).toBe(2);
    await screenshot(page, 'desktop-printers');

    // Reprint on the board: each station prints the order again, marked REPRINT.
    await openConsoleScreen(page, staff('nav_board'), '/staff/board/en');
    const card = page.locator(`article[data-order-id="${orderId}"]`);
    await card.waitFor(LIVE);
    await card.getByRole('button', { name: new RegExp(`^${printing('reprint')}`) }).click();
    await page.getByText(printing('reprint_sent_other').replace('{{count}}', '2')).waitFor();
    await expect.poll(() => kitchen.tickets.length, LIVE).toBe(2);
    await expect.poll(() => bar.tickets.length, LIVE).toBe(3);
    expect(kitchen.texts()[1]).toContain('REPRINT');
    expect(bar.texts()[2]).toContain('REPRINT');
    await expectNoAxeViolations(page);

    // The kitchen's printer goes off: the board says so live, and the ticket prints once it is back.
    await kitchen.close();
    const second = await dinerOrders(server.baseUrl, tableUrl, ['Goulash soup']);
    await api.move(second, 'ACCEPTED');
    const alert = page.getByRole('alert').filter({
      hasText: printing('alert_off_waiting_one').replace('{{name}}', 'Kitchen').replace('{{count}}', '1'),
    });
    await alert.waitFor(LIVE);
    await expectNoAxeViolations(page);
    await screenshot(page, 'desktop-board-printer-off');
    expect(kitchen.tickets).toHaveLength(2);
    await kitchen.listen();
    await expect.poll(() => kitchen.tickets.length, { timeout: 45_000 }).toBe(3);
    expect(kitchen.texts()[2]).toContain(String(second));
    expect(kitchen.texts()[2]).not.toContain('REPRINT');
    await alert.waitFor({ state: 'detached', timeout: 15_000 });
    // Nothing printed twice, and the bar printed nothing of the goulash.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(kitchen.tickets).toHaveLength(3);
    expect(bar.tickets).toHaveLength(3);
  }, 120_000);

  it('a ticket left waiting when its printer is paused is listed as failed, and prints once when asked again', async () => {
    const { page } = manager;
    const api = await staffLogin(server.baseUrl, MANAGER);
    const setKitchenPrinting = async (on: boolean) => {
      await page.getByRole('button', { name: `${printing('edit')} Kitchen` }).click();
      const form = page.getByRole('form', { name: printing('edit_title').replace('{{name}}', 'Kitchen') });
      await form.getByRole('checkbox', { name: printing('field_enabled') }).setChecked(on);
      await form.getByRole('button', { name: printing('save') }).click();
      await page.getByText(printing('saved').replace('{{name}}', 'Kitchen')).waitFor();
    };
    // The kitchen's printer is off when the order comes; the manager then pauses it: its ticket fails.
    await kitchen.close();
    const third = await dinerOrders(server.baseUrl, tableUrl, ['Goulash soup']);
    await api.move(third, 'ACCEPTED');
    await openConsoleScreen(page, printing('nav'), '/staff/printers/en');
    await page.locator('li[data-printer-id]').first().waitFor();
    await setKitchenPrinting(false);
    const failedCount = page.getByRole('button', {
      name: printing('jobs_failed_one').replace('{{count}}', '1'),
    });
    await failedCount.click();
    expect(await failedCount.getAttribute('aria-expanded')).toBe('true');
    const ticket = page.locator('li[data-job-id]').filter({
      hasText: printing('ticket_order').replace('{{id}}', String(third)),
    });
    const printAgain = ticket.getByRole('button', { name: new RegExp(`^${printing('print_again')}`) });
    await printAgain.waitFor();
    expect(await printAgain.isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, 'desktop-printers-failed-ticket');

    // On again (printer and switch): "Print again" prints that ticket once, and the list is empty.
    await kitchen.listen();
    await setKitchenPrinting(true);
    const before = kitchen.tickets.length;
    // Editing draws the row again: the list is opened again if it closed.
    const failedAgain = page.getByRole('button', {
      name: printing('jobs_failed_one').replace('{{count}}', '1'),
    });
    await failedAgain.waitFor();
    if ((await failedAgain.getAttribute('aria-expanded')) !== 'true') await failedAgain.click();
    await printAgain.click();
    await expect.poll(() => kitchen.tickets.length, LIVE).toBe(before + 1);
    expect(kitchen.texts()[before]).toContain(String(third));
    await page.getByText(printing('failed_empty')).waitFor(LIVE);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(kitchen.tickets).toHaveLength(before + 1);
  }, 120_000);

  it('sets the opening hours', async () => {
    const { page } = manager;
    await openConsoleScreen(page, staff('nav_hours'), '/staff/hours/en');
    await page.getByRole('heading', { level: 1, name: hours('title') }).waitFor();
    await page.getByText(hours('always_open')).waitFor();
    await expectNoAxeViolations(page);
    for (const day of ['Monday', 'Friday']) {
      await page.getByRole('button', { name: hours('add_span').replace('{{day}}', day) }).click();
    }
    const friday = page.locator('fieldset[data-weekday="5"]');
    await friday.getByLabel(hours('opens')).fill('18:00');
    await friday.getByLabel(hours('closes')).fill('02:00');
    await friday.getByText(hours('next_day')).waitFor();
    await page.getByRole('button', { name: hours('save') }).click();
    await page.getByText(hours('saved')).waitFor();
    await expect.poll(() => page.getByText(hours('always_open')).count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, 'desktop-hours');

    const saved = await (
      await fetch(`${server.baseUrl}/api/restaurant/one/demo`, { headers: { accept: 'application/json' } })
    ).json();
    expect(saved.hours.spans).toEqual([
      { weekday: 1, opens: 11 * 60, closes: 22 * 60 },
      { weekday: 5, opens: 18 * 60, closes: 2 * 60 },
    ]);
  });

  it("reads today's figures with the chart and prints the day report", async () => {
    const { page } = manager;
    await openConsoleScreen(page, staff('nav_figures'), '/staff/figures/en');
    await page.getByRole('heading', { level: 1, name: figures('title') }).waitFor();
    const summary = page.getByRole('table', { name: figures('summary') });
    await summary.waitFor(LIVE);
    await summary.getByRole('row', { name: `${figures('orders')} 3`, exact: true }).waitFor(LIVE);
    await page
      .getByRole('table', { name: figures('dishes') })
      .getByText('Goulash soup')
      .waitFor();
    // The chart is drawn (uPlot's canvas), and its table says the same in text.
    await expect
      .poll(() => page.locator('[data-testid="hours-chart"] canvas').count(), LIVE)
      .toBeGreaterThan(0);
    await page.getByRole('table', { name: figures('by_hour_table') }).waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, 'desktop-figures');

    // The accountant's CSV, parsed back, says what the screen says.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: figures('download_csv') }).click(),
    ]);
    const csv: Record<string, string>[] = parse(readFileSync((await download.path()) ?? ''), {
      bom: true,
      columns: true,
    });
    const csvValue = (section: string, measure: string) =>
      csv.find((row) => row.section === section && row.measure === measure && row.id === '')?.value;
    const screenValue = async (label: string) =>
      (
        await summary
          .getByRole('row')
          .filter({ hasText: new RegExp(`^${label.replace(/[()+]/g, '\\$&')}`) })
          .first()
          .locator('td')
          .last()
          .textContent()
      )?.replace(/\D/g, '');
    for (const [label, section, measure] of [
      [figures('visits'), 'orders', 'visits'],
      [figures('orders'), 'orders', 'orders'],
      [figures('rejected_orders'), 'orders', 'rejectedOrders'],
      [figures('sales_gross'), 'sales', 'gross'],
      [figures('sales_net'), 'sales', 'net'],
      [figures('sales_vat'), 'sales', 'vat'],
      [figures('average_per_visit'), 'orders', 'averagePerVisit'],
    ] as const) {
      expect(await screenValue(label), label).toBe(csvValue(section, measure));
    }
    // Three goulashes: the first order's, the order printed after the outage's, the failed ticket's order.
    const goulash = csv.find((row) => row.section === 'dishes' && row.name === 'Goulash soup');
    expect(goulash).toMatchObject({ measure: 'quantity', value: '3' });
    expect(Number(csvValue('sales', 'gross'))).toBeGreaterThan(0);

    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: figures('print') }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    // What the printer gets: the report in print styles, read back from the PDF.
    const folder = mkdtempSync(join(tmpdir(), 'tablo-day-report-'));
    try {
      const pdf = join(folder, 'report.pdf');
      writeFileSync(pdf, await page.pdf({ width: '210mm', height: '297mm' }));
      const { stdout } = await promisify(execFile)('pdftotext', ['-layout', pdf, '-']);
      expect(stdout).toContain(figures('title'));
      expect(stdout).toContain(figures('sales_gross'));
      expect(stdout).toContain('Goulash soup');
      expect(stdout).not.toContain(staff('nav_board'));
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('shows the three screens in all ten languages, with no axe violation', async () => {
    const { page } = manager;
    for (const { code } of LANGUAGES) {
      for (const [path, namespace] of [
        ['printers', 'printing'],
        ['hours', 'hours'],
        ['figures', 'figures'],
      ] as const) {
        await page.goto(`/staff/${path}/${code}`);
        await page.getByRole('heading', { level: 1, name: texts(code, namespace)('title') }).waitFor();
        expect(await page.locator('html').getAttribute('lang')).toBe(
          LANGUAGES.find((language) => language.code === code)?.bcp47,
        );
        await expectNoAxeViolations(page);
      }
    }
    await finishJourney(manager);
  }, 300_000);

  it("keeps printers, hours and figures out of a diner's /menu", async () => {
    const guest = await startJourney(browser, 'phone', server.baseUrl);
    const scripts = new Set<string>();
    guest.page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    });
    await guest.page.goto('/menu/demo/hu');
    await guest.page.waitForLoadState('networkidle');
    expect(scripts.size).toBeGreaterThan(0);
    for (const path of scripts) {
      expect(path).not.toMatch(/printing|figures|uPlot|hours-route|accounts-routes|staff-routes/);
      const body = await (await fetch(`${server.baseUrl}${path}`)).text();
      expect(body).not.toContain('print-settings');
      expect(body).not.toContain('figures.csv');
    }
    await finishJourney(guest);
  });
});
