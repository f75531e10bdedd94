import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';
import { fakeStaffLivePerTest } from '../../staff/testing/fake-staff-socket.ts';
import { CSRF, staffServer } from '../../staff/testing/staff-handlers.ts';
import { failedTicket, kitchenPrinter, printingServer } from '../testing/printing-handlers.ts';

// Issue 28: a printer's failed tickets under its row, each printed again from there.

fakeStaffLivePerTest();

/** The kitchen printer, online again, with `failed` tickets that did not print (or paused in Tablo). */
function kitchen(failed: number, isEnabled = true) {
  const printer = kitchenPrinter();
  return {
    ...printer,
    isEnabled,
    status: { ...printer.status, online: true, lastError: null, waitingJobs: 0, failedJobs: failed },
  };
}

const TICKET = /^Order #12 · table 4 · \d{1,2}:\d{2}( [AP]M)?$/; // the console's clock in English: 7:42 PM

async function openPrinters(printing: ReturnType<typeof printingServer>) {
  server.use(...staffServer({ role: 'MANAGER' }).handlers, ...printing.handlers);
  renderApp('/staff/printers/en');
  await screen.findByRole('heading', { level: 1, name: 'Printers' }, { timeout: 4000 });
}

function failedButton(name: RegExp = /tickets? failed Kitchen/) {
  return screen.findByRole('button', { name });
}

describe("a printer's failed tickets", () => {
  it('opens from "N tickets failed" with the keyboard: loading, then each ticket with its reason', async () => {
    const user = userEvent.setup();
    const printing = printingServer({
      printers: [kitchen(2)],
      failedJobs: {
        1: [
          failedTicket(),
          failedTicket({ jobId: 76, kind: 'VOID', orderNumber: 11, orderId: 11, tableNumber: 2 }),
        ],
      },
    });
    let release = () => {};
    printing.state.holdFailed = new Promise((resolve) => {
      release = resolve;
    });
    await openPrinters(printing);
    const toggle = await failedButton(/^2 tickets failed Kitchen$/);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = screen.getByRole('region', { name: 'Failed tickets of Kitchen' });
    expect(toggle.getAttribute('aria-controls')).toBe(panel.id);
    expect(within(panel).getByText('Loading the failed tickets…')).toBeTruthy();
    release();
    const tickets = await within(panel).findAllByRole('listitem');
    expect(tickets.map((li) => li.querySelector('span')?.textContent)).toEqual([
      expect.stringMatching(TICKET),
      expect.stringMatching(/^Order #11 · void · table 2 · \d{1,2}:\d{2}( [AP]M)?$/),
    ]);
    expect(within(panel).getAllByText('Reason: the printer was switched off in Tablo')).toHaveLength(2);
    // The next Tab reaches the first ticket's button, named with its order.
    toggle.focus();
    await user.tab();
    expect(document.activeElement?.textContent).toMatch(/^Print again Order #12 · table 4/);
    // Space closes the list again.
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Failed tickets of Kitchen' })).toBeNull();
  });

  it('Print again asks the server, says it was queued, and reads the list and the printer again', async () => {
    const user = userEvent.setup();
    const printing = printingServer({ printers: [kitchen(1)], failedJobs: { 1: [failedTicket()] } });
    await openPrinters(printing);
    await user.click(await failedButton());
    const panel = screen.getByRole('region', { name: 'Failed tickets of Kitchen' });
    await user.click(await within(panel).findByRole('button', { name: /^Print again Order #12 · table 4/ }));
    const queued = await screen.findByText(
      /^Order #12 · table 4 · \d{1,2}:\d{2}( [AP]M)?: queued to print again on Kitchen\.$/,
    );
    expect(queued.getAttribute('role')).toBe('status');
    expect(queued.getAttribute('aria-live')).toBe('polite');
    expect(printing.state.writes).toEqual([
      { method: 'POST', path: '/api/staff/print-jobs/77/retry', csrf: CSRF, body: {} },
    ]);
    expect(await within(panel).findByText('No failed tickets: nothing to print again.')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /Print again/ })).toBeNull();
    // The printer was read again: its count follows; focus stays in the panel for a keyboard user.
    expect(await failedButton(/^0 tickets failed Kitchen$/)).toBeTruthy();
    expect(screen.getByText('1 ticket waiting')).toBeTruthy();
    expect(document.activeElement).toBe(panel);
  });

  it("shows a refusal (409) beside its ticket, in the server's words, and keeps the ticket", async () => {
    const user = userEvent.setup();
    const printing = printingServer({ printers: [kitchen(1)], failedJobs: { 1: [failedTicket()] } });
    await openPrinters(printing);
    await user.click(await failedButton());
    const panel = screen.getByRole('region', { name: 'Failed tickets of Kitchen' });
    printing.state.refuse = {
      status: 409,
      message: 'This order was rejected: its ticket is not printed any more',
    };
    await user.click(await within(panel).findByRole('button', { name: /^Print again Order #12/ }));
    const ticket = (await within(panel).findByRole('alert')).closest('li');
    expect(within(ticket as HTMLElement).getByRole('alert').textContent).toBe(
      'This order was rejected: its ticket is not printed any more',
    );
    expect(
      within(ticket as HTMLElement).getByRole('button', { name: /^Print again Order #12/ }),
    ).toBeTruthy();
    expect(screen.queryByText(/queued to print again/)).toBeNull();
    expect(printing.state.failedJobs[1]).toHaveLength(1);
  });

  it('while the printer is paused, Print again is disabled and says to switch it on first', async () => {
    const user = userEvent.setup();
    const printing = printingServer({ printers: [kitchen(1, false)], failedJobs: { 1: [failedTicket()] } });
    await openPrinters(printing);
    await user.click(await failedButton());
    const panel = screen.getByRole('region', { name: 'Failed tickets of Kitchen' });
    const again = (await within(panel).findByRole('button', {
      name: /^Print again Order #12/,
    })) as HTMLButtonElement;
    expect(again.disabled).toBe(true);
    const hint = document.getElementById(again.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(
      'This printer is paused: switch it on first (Edit, then tick “Prints tickets”) to print these tickets again.',
    );
    await user.click(again);
    expect(printing.state.writes).toEqual([]);
  });

  it('says so when the printer has no failed tickets left (the count was older than the list)', async () => {
    const user = userEvent.setup();
    await openPrinters(printingServer({ printers: [kitchen(1)], failedJobs: { 1: [] } }));
    await user.click(await failedButton());
    const panel = screen.getByRole('region', { name: 'Failed tickets of Kitchen' });
    expect(await within(panel).findByText('No failed tickets: nothing to print again.')).toBeTruthy();
  });
});
