import { OrderChoiceSchema } from '@tablo/contract/menu-options';
import type { PrinterStatus } from '@tablo/contract/printing';
import type { StaffServerMessage } from '@tablo/contract/staff';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';
import { FakeStaffSocket, fakeStaffLivePerTest } from '../testing/fake-staff-socket.ts';
import { demoBoard } from '../testing/staff-fixtures.ts';
import { CSRF, staffServer } from '../testing/staff-handlers.ts';
import styles from './staff-printing.module.css';

// Issue 28 on the board and in the kitchen: the printer alert, Reprint, and the ticket the browser prints.

fakeStaffLivePerTest();

function printer(overrides: Partial<PrinterStatus> & { printerId: number; name: string }): PrinterStatus {
  return {
    online: true,
    lastError: null,
    waitingJobs: 0,
    failedJobs: 0,
    checkedAt: '2025-05-01T12:00:00.000Z',
    ...overrides,
  };
}

function send(message: StaffServerMessage) {
  act(() => FakeStaffSocket.latest().send(message));
}

async function openOrder(name: string) {
  return screen.findByRole('article', { name }, { timeout: 4000 });
}

async function liveScreen(path: string, options: Parameters<typeof staffServer>[0]) {
  const fake = staffServer(options);
  server.use(...fake.handlers);
  renderApp(path);
  await waitFor(() => expect(FakeStaffSocket.all).toHaveLength(1), { timeout: 4000 });
  send({ type: 'ready' });
  return fake;
}

describe('the printer alert', () => {
  it('follows the staff socket: a printer going off is announced with its waiting tickets, and goes when it is back', async () => {
    const fake = await liveScreen('/staff/board/en', {
      printers: [printer({ printerId: 1, name: 'Kitchen' }), printer({ printerId: 2, name: 'Bar' })],
    });
    await openOrder('Order #6');
    await waitFor(() => expect(fake.state.printerReads).toBe(1));
    expect(screen.queryByRole('alert')).toBeNull();

    send({
      type: 'printer.status',
      ...printer({ printerId: 1, name: 'Kitchen', online: false, lastError: 'ECONNREFUSED', waitingJobs: 2 }),
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Printer “Kitchen” is off: 2 tickets waiting',
    );

    send({ type: 'printer.status', ...printer({ printerId: 2, name: 'Bar', failedJobs: 1 }) });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Printer “Kitchen” is off: 2 tickets waiting' + 'Printer “Bar”: 1 ticket could not be printed',
      ),
    );

    send({ type: 'printer.status', ...printer({ printerId: 1, name: 'Kitchen' }) });
    send({ type: 'printer.status', ...printer({ printerId: 2, name: 'Bar' }) });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('is read again after a reconnect: what happened meanwhile is not replayed', async () => {
    const fake = await liveScreen('/staff/kitchen/en', {
      printers: [printer({ printerId: 1, name: 'Kitchen' })],
    });
    await waitFor(() => expect(fake.state.printerReads).toBe(1), { timeout: 4000 });
    expect(screen.queryByRole('alert')).toBeNull();

    fake.state.printers = [printer({ printerId: 1, name: 'Kitchen', online: false, waitingJobs: 1 })];
    act(() => FakeStaffSocket.latest().serverClose(1006));
    await waitFor(() => expect(FakeStaffSocket.all).toHaveLength(2), { timeout: 4000 });
    send({ type: 'ready' });
    expect((await screen.findByRole('alert')).textContent).toBe('Printer “Kitchen” is off: 1 ticket waiting');
    expect(fake.state.printerReads).toBe(2);
  });

  it('in the kitchen, in the member’s language, from the first read', async () => {
    await liveScreen('/staff/kitchen/hu', {
      role: 'KITCHEN',
      printers: [printer({ printerId: 1, name: 'Konyha', online: false })],
    });
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toBe(
      'A(z) „Konyha” nyomtató nem elérhető.',
    );
  });
});

describe('Reprint on the board', () => {
  it('reprints an accepted or served order and says to how many printers it went; placed orders have none', async () => {
    const fake = await liveScreen('/staff/board/en', {
      role: 'WAITER',
      printers: [printer({ printerId: 1, name: 'Kitchen' }), printer({ printerId: 2, name: 'Bar' })],
    });
    const accepted = await openOrder('Order #6');
    expect(within(await openOrder('Order #5')).queryByRole('button', { name: /Reprint/ })).toBeNull();
    expect(
      within(await openOrder('Order #7')).getByRole('button', { name: 'Reprint Order #7' }),
    ).toBeTruthy();

    fireEvent.click(await within(accepted).findByRole('button', { name: 'Reprint Order #6' }));
    await waitFor(() =>
      expect(within(accepted).getByRole('status').textContent).toBe('Reprint sent to 2 printers'),
    );
    expect(fake.state.writes.map((w) => [w.method, w.path, w.body, w.csrf])).toEqual([
      ['POST', '/api/staff/orders/6/reprint', {}, CSRF],
    ]);
  });

  it('says why a reprint failed', async () => {
    await liveScreen('/staff/board/en', {
      printers: [printer({ printerId: 1, name: 'Kitchen' })],
      reprintError: { status: 409, message: 'This order was not printed yet' },
    });
    const accepted = await openOrder('Order #6');
    fireEvent.click(await within(accepted).findByRole('button', { name: 'Reprint Order #6' }));
    expect((await within(accepted).findByRole('alert')).textContent).toBe(
      'Reprint failed: This order was not printed yet',
    );
  });

  it('is not offered where the restaurant has no printer', async () => {
    const fake = await liveScreen('/staff/board/en', {});
    const accepted = await openOrder('Order #6');
    await waitFor(() => expect(fake.state.printerReads).toBe(1));
    expect(within(accepted).queryByRole('button', { name: /Reprint/ })).toBeNull();
  });
});

describe('the kitchen prints a ticket from the browser', () => {
  it('puts the order’s ticket alone on the page (table, number, time, lines with choices and notes) and prints', async () => {
    const board = demoBoard();
    const order = board.visits[0]?.orders.find((o) => o.id === 6);
    const line = order?.items[0];
    if (!order || !line) throw new Error('order 6 has no line');
    order.note = 'Table by the window';
    line.choices = [
      OrderChoiceSchema.parse({
        optionId: 701,
        groupId: 1,
        groupTitles: [{ isoCode: 'en', title: 'Extras' }],
        titles: [
          { isoCode: 'en', title: 'Lemon wedge' },
          { isoCode: 'hu', title: 'Citromkarika' },
        ],
        quantity: 2,
        freeQuantity: 0,
        priceDelta: 100,
        allergens: [],
      }),
    ];
    await liveScreen('/staff/kitchen/hu', { role: 'KITCHEN', board });
    let printed: Element | null = null;
    // The test's DOM has no print dialog: the stand-in notes what was on the page when it opened.
    const print = vi.fn(() => {
      printed = document.querySelector('[data-kitchen-ticket]');
    });
    Object.defineProperty(window, 'print', { value: print, configurable: true, writable: true });
    const card = await openOrder('1. asztal · #6 rendelés');
    expect(document.querySelector('[data-kitchen-ticket]')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Blokk nyomtatása: 6. rendelés, 1. asztal' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));

    const ticket = printed as unknown as HTMLElement;
    // A direct child of <body>, with the class the print styles show alone on 80 mm paper.
    expect(ticket.parentElement).toBe(document.body);
    expect(ticket.className).toBe(styles.sheet);
    const time = new Intl.DateTimeFormat('hu', { hour: '2-digit', minute: '2-digit' }).format(
      new Date(order.createdAt),
    );
    expect([...ticket.querySelectorAll('p, li, span')].map((node) => node.textContent)).toEqual([
      '1. asztal',
      `#6 rendelés · ${time}`,
      'Megjegyzés: Table by the window',
      '1 × Rántott hús2 × CitromkarikaMegjegyzés: no lemon',
      '2 × Citromkarika',
      'Megjegyzés: no lemon',
    ]);

    // Printed, the ticket leaves the page.
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    await waitFor(() => expect(document.querySelector('[data-kitchen-ticket]')).toBeNull());
  });
});
