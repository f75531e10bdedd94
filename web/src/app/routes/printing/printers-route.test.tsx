import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { kitchenPrinter, printingServer } from '../../../features/printing/testing/printing-handlers.ts';
import { FakeStaffSocket, fakeStaffLivePerTest } from '../../../features/staff/testing/fake-staff-socket.ts';
import { CSRF, staffServer } from '../../../features/staff/testing/staff-handlers.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { server } from '../../../testing/server.ts';

fakeStaffLivePerTest();

async function openPrinters(
  printing: ReturnType<typeof printingServer>,
  role: 'OWNER' | 'MANAGER' = 'OWNER',
) {
  server.use(...staffServer({ role }).handlers, ...printing.handlers);
  renderApp('/staff/printers/en');
  await screen.findByRole('heading', { level: 1, name: 'Printers' }, { timeout: 4000 });
}

function printerRow(name: string): Promise<HTMLElement> {
  return waitFor(() => {
    const row = screen.getAllByRole('listitem').find((li) => li.textContent?.startsWith(name));
    if (!row) throw new Error(`no row for ${name}`);
    return row;
  });
}

describe('the printers screen', () => {
  it('says it is loading, then that there are no printers and tickets print from the kitchen screen', async () => {
    const printing = printingServer();
    let release = () => {};
    printing.state.hold = new Promise((resolve) => {
      release = resolve;
    });
    await openPrinters(printing);
    expect(screen.getByText('Loading the printers…')).toBeTruthy();
    release();
    expect(await screen.findByText('No printers yet: tickets print from the kitchen screen.')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Staff console' });
    expect(within(nav).getByRole('link', { name: 'Printers' }).getAttribute('aria-current')).toBe('page');
  });

  it('lists each printer with its state: off with its last error and waiting tickets, and the categories it prints', async () => {
    const bar = {
      ...kitchenPrinter(),
      id: 2,
      name: 'Bar',
      address: 'bar-printer.local',
      commandSet: 'STAR' as const,
      paperWidth: 58 as const,
      categoryIds: [3],
      status: {
        ...kitchenPrinter().status,
        printerId: 2,
        name: 'Bar',
        online: true,
        lastError: null,
        waitingJobs: 0,
        failedJobs: 1,
      },
    };
    await openPrinters(printingServer({ printers: [kitchenPrinter(), bar] }));
    const kitchen = await printerRow('Kitchen');
    expect(
      within(kitchen).getByText('192.168.1.50:9100 · ESC/POS (Epson and most others) · 80 mm'),
    ).toBeTruthy();
    expect(within(kitchen).getByText('Prints: Soups, Mains')).toBeTruthy();
    expect(within(kitchen).getByText('Off')).toBeTruthy();
    expect(within(kitchen).getByText('Last error: connect ECONNREFUSED 192.168.1.50:9100')).toBeTruthy();
    expect(within(kitchen).getByText('2 tickets waiting')).toBeTruthy();
    const barRow = await printerRow('Bar');
    expect(within(barRow).getByText('bar-printer.local · Star · 58 mm')).toBeTruthy();
    expect(within(barRow).getByText('Online')).toBeTruthy();
    expect(within(barRow).getByText('1 ticket failed')).toBeTruthy();
    expect(within(barRow).queryByText(/Last error/)).toBeNull();
  });

  it('follows the staff socket: a printer coming back shows online without reading the list again', async () => {
    await openPrinters(printingServer({ printers: [kitchenPrinter()] }));
    const kitchen = await printerRow('Kitchen');
    expect(within(kitchen).getByText('Off')).toBeTruthy();
    await waitFor(() => expect(FakeStaffSocket.all).toHaveLength(1));
    act(() => FakeStaffSocket.latest().send({ type: 'ready' }));
    act(() =>
      FakeStaffSocket.latest().send({
        type: 'printer.status',
        ...kitchenPrinter().status,
        online: true,
        lastError: null,
        waitingJobs: 0,
        checkedAt: '2025-05-01T12:00:30.000Z',
      }),
    );
    await waitFor(() => expect(within(kitchen).getByText('Online')).toBeTruthy());
    expect(within(kitchen).queryByText(/waiting|Last error/)).toBeNull();
  });

  it('checks the form before sending, shows the server’s refusal next to its field, then saves', async () => {
    const printing = printingServer();
    await openPrinters(printing);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a printer' }));
    const form = await screen.findByRole('form', { name: 'New printer' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Name'));
    expect(within(form).getByLabelText('Address (host:port)').getAttribute('placeholder')).toBe(
      '192.168.1.50:9100',
    );
    expect(
      within(form).getByText(/such as 192\.168\.1\.50:9100 \(without a port, 9100 is used\)/),
    ).toBeTruthy();

    // Nothing filled in, then a bad address: said in place, nothing sent.
    fireEvent.click(within(form).getByRole('button', { name: 'Save printer' }));
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'The printer was not saved: check the marked fields.',
    );
    const name = within(form).getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Give the printer a name, such as Kitchen or Bar.',
    );
    expect(document.activeElement).toBe(name);
    fireEvent.change(name, { target: { value: 'Kitchen' } });
    const address = within(form).getByLabelText('Address (host:port)');
    fireEvent.change(address, { target: { value: '192.168.1.50:99999' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save printer' }));
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(
      within(form).getByText(
        /The address is host:port, such as 192\.168\.1\.50:9100; the port is between 1 and 65535\./,
      ),
    ).toBeTruthy();
    expect(printing.state.writes).toEqual([]);

    // The server refuses what it alone can know: its words stand next to the field.
    fireEvent.change(address, { target: { value: '192.168.1.50:9100' } });
    fireEvent.click(within(form).getByLabelText('Mains'));
    fireEvent.click(within(form).getByLabelText('58 mm'));
    fireEvent.change(within(form).getByLabelText('Command set'), { target: { value: 'STAR' } });
    printing.state.refuse = { status: 422, message: 'categoryIds: category 2 prints at the Grill already' };
    fireEvent.click(within(form).getByRole('button', { name: 'Save printer' }));
    const categories = within(form).getByRole('group', { name: 'Categories it prints' });
    await waitFor(() =>
      expect(within(categories).getByText('category 2 prints at the Grill already')).toBeTruthy(),
    );
    expect(within(form).getByRole('alert').textContent).toContain('The printer was not saved');
    expect(categories.getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(within(form).getByRole('button', { name: 'Save printer' }));
    expect(await screen.findByText('Kitchen is saved.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'New printer' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a printer' }));
    const row = await printerRow('Kitchen');
    expect(within(row).getByText('Not tried yet')).toBeTruthy();
    expect(within(row).getByText('Prints: Mains')).toBeTruthy();
    const saved = {
      name: 'Kitchen',
      address: '192.168.1.50:9100',
      commandSet: 'STAR',
      paperWidth: 58,
      categoryIds: [2],
      isEnabled: true,
    };
    expect(printing.state.writes.map((w) => [w.method, w.path, w.body, w.csrf])).toEqual([
      ['POST', '/api/staff/printers', saved, CSRF],
      ['POST', '/api/staff/printers', saved, CSRF],
    ]);
  });

  it('shows a schema refusal (a list whose message has a comma) next to the address', async () => {
    const printing = printingServer({ printers: [kitchenPrinter()] });
    await openPrinters(printing);
    fireEvent.click(within(await printerRow('Kitchen')).getByRole('button', { name: 'Edit Kitchen' }));
    const form = await screen.findByRole('form', { name: 'Edit Kitchen' });
    expect(within(form).getByLabelText<HTMLInputElement>('Soups').checked).toBe(true);
    expect(within(form).getByLabelText<HTMLInputElement>('Drinks').checked).toBe(false);
    printing.state.refuse = {
      status: 400,
      message: ['body/address: an address is host:port, such as 192.168.1.50:9100', 'body/name: too long'],
    };
    fireEvent.click(within(form).getByRole('button', { name: 'Save printer' }));
    const address = within(form).getByLabelText('Address (host:port)');
    await waitFor(() => expect(address.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('an address is host:port, such as 192.168.1.50:9100')).toBeTruthy();
    expect(within(form).getByText('too long')).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText('Name'));
  });

  it('edits a printer, prints a test ticket, deletes one after confirming and chooses when tickets print', async () => {
    const printing = printingServer({ printers: [kitchenPrinter()] });
    await openPrinters(printing, 'MANAGER');
    fireEvent.click(within(await printerRow('Kitchen')).getByRole('button', { name: 'Edit Kitchen' }));
    const form = await screen.findByRole('form', { name: 'Edit Kitchen' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Hot kitchen' } });
    fireEvent.click(within(form).getByLabelText('Drinks'));
    fireEvent.click(within(form).getByRole('button', { name: 'Save printer' }));
    expect(await screen.findByText('Hot kitchen is saved.')).toBeTruthy();

    fireEvent.click(
      within(await printerRow('Hot kitchen')).getByRole('button', {
        name: 'Print a test ticket Hot kitchen',
      }),
    );
    expect(await screen.findByText('A test ticket is on its way to Hot kitchen.')).toBeTruthy();

    fireEvent.click(
      within(await printerRow('Hot kitchen')).getByRole('button', { name: 'Delete Hot kitchen' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete Hot kitchen?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(
      within(await printerRow('Hot kitchen')).getByRole('button', { name: 'Delete Hot kitchen' }),
    );
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete Hot kitchen?' })).getByRole('button', {
        name: 'Delete printer',
      }),
    );
    expect(await screen.findByText('Hot kitchen is deleted.')).toBeTruthy();
    expect(await screen.findByText('No printers yet: tickets print from the kitchen screen.')).toBeTruthy();

    const when = screen.getByRole('group', { name: 'When tickets print' });
    expect(within(when).getByLabelText<HTMLInputElement>('When staff accept the order').checked).toBe(true);
    fireEvent.click(within(when).getByLabelText('As soon as the guest places the order'));
    fireEvent.click(screen.getByRole('button', { name: 'Save when tickets print' }));
    expect(await screen.findByText('Tickets now print as soon as an order is placed.')).toBeTruthy();

    expect(printing.state.writes.map((w) => [w.method, w.path, w.body])).toEqual([
      [
        'PUT',
        '/api/staff/printers/1',
        {
          name: 'Hot kitchen',
          address: '192.168.1.50:9100',
          commandSet: 'ESC_POS',
          paperWidth: 80,
          categoryIds: [1, 2, 3],
          isEnabled: true,
        },
      ],
      ['POST', '/api/staff/printers/1/test', {}],
      ['DELETE', '/api/staff/printers/1', {}],
      ['PUT', '/api/staff/print-settings', { trigger: 'PLACED' }],
    ]);
    expect(printing.state.writes.every((w) => w.csrf === CSRF)).toBe(true);
  });

  it('a refused test ticket is announced', async () => {
    const printing = printingServer({ printers: [kitchenPrinter()] });
    await openPrinters(printing);
    printing.state.refuse = { status: 409, message: 'This printer is paused' };
    fireEvent.click(
      within(await printerRow('Kitchen')).getByRole('button', { name: 'Print a test ticket Kitchen' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('That did not work: This printer is paused'),
    );
  });

  it('waiters and the kitchen have no printers in the navigation, and the screen tells them why', async () => {
    server.use(...staffServer({ role: 'WAITER' }).handlers);
    renderApp('/staff/printers/en');
    expect(
      await screen.findByText('Only owners and managers manage the printers.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Staff console' });
    expect(within(nav).queryByRole('link', { name: 'Printers' })).toBeNull();
  });
});
