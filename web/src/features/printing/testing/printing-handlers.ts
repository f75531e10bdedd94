import { ErrorBodySchema } from '@tablo/contract/errors';
import { type Menu, MenuSchema } from '@tablo/contract/menu';
import {
  type FailedPrintJob,
  FailedPrintJobSchema,
  FailedPrintJobsSchema,
  type Printer,
  PrinterSchema,
  PrintersSchema,
  PrintSettingsSchema,
  type PrintTrigger,
  SavePrinterRequestSchema,
} from '@tablo/contract/printing';
import { CSRF_HEADER } from '@tablo/contract/staff';
import { HttpResponse, http } from 'msw';

function error(status: number, message: string | string[]) {
  return HttpResponse.json(ErrorBodySchema.parse({ statusCode: status, error: 'Error', message }), {
    status,
  });
}

/** The published menu's categories (the owner's preview route): soups, mains and drinks. */
export function printingMenu(): Menu {
  const category = (id: number, en: string, hu: string) => ({
    id,
    restaurantShortName: 'demo',
    isActive: true,
    translations: [
      { id: id * 10, isoCode: 'en', title: en, description: '' },
      { id: id * 10 + 1, isoCode: 'hu', title: hu, description: '' },
    ],
    order: id,
    menuItems: [],
  });
  return MenuSchema.parse([
    category(1, 'Soups', 'Levesek'),
    category(2, 'Mains', 'Főételek'),
    category(3, 'Drinks', 'Italok'),
  ]);
}

/** The kitchen printer, off since its last try with two tickets waiting. */
export function kitchenPrinter(): Printer {
  return PrinterSchema.parse({
    id: 1,
    name: 'Kitchen',
    address: '192.168.1.50:9100',
    commandSet: 'ESC_POS',
    paperWidth: 80,
    categoryIds: [1, 2],
    isEnabled: true,
    status: {
      printerId: 1,
      name: 'Kitchen',
      online: false,
      lastError: 'connect ECONNREFUSED 192.168.1.50:9100',
      waitingJobs: 2,
      failedJobs: 0,
      checkedAt: '2025-05-01T12:00:00.000Z',
    },
  });
}

/** A ticket of order #12 at table 4, failed when the kitchen printer was switched off in Tablo. */
export function failedTicket(overrides: Partial<FailedPrintJob> = {}): FailedPrintJob {
  return FailedPrintJobSchema.parse({
    jobId: 77,
    kind: 'ORDER',
    orderId: 12,
    orderNumber: 12,
    tableNumber: 4,
    createdAt: new Date().toISOString(),
    lastError: 'the printer was switched off in Tablo',
    ...overrides,
  });
}

type Write = { method: string; path: string; csrf: string | null; body: unknown };

/**
 * The printers API as the server answers it (contract schemas both ways), recording writes. `refuse` answers
 * the next save with that status and message (the server's own check of a field).
 */
export function printingServer(
  options: {
    printers?: Printer[];
    trigger?: PrintTrigger;
    failedJobs?: Record<number, FailedPrintJob[]>;
  } = {},
) {
  const state = {
    printers: structuredClone(options.printers ?? []),
    trigger: options.trigger ?? ('ACCEPTED' as PrintTrigger),
    menu: printingMenu(),
    /** Each printer's failed tickets, newest first; a retried one leaves its printer's list and count. */
    failedJobs: structuredClone(options.failedJobs ?? {}) as Record<number, FailedPrintJob[]>,
    /** Holds the failed tickets' answer until released (their loading state). */
    holdFailed: null as Promise<void> | null,
    writes: [] as Write[],
    refuse: null as { status: number; message: string | string[] } | null,
    /** Holds the list's answer until released (the loading state). */
    hold: null as Promise<void> | null,
    nextId: 10,
  };
  const record = async (request: Request) => {
    const text = await request.text();
    const body: unknown = text === '' ? undefined : JSON.parse(text);
    state.writes.push({
      method: request.method,
      path: new URL(request.url).pathname,
      csrf: request.headers.get(CSRF_HEADER),
      body,
    });
    return body;
  };
  const refused = () => {
    const answer = state.refuse;
    state.refuse = null;
    return answer ? error(answer.status, answer.message) : null;
  };
  const handlers = [
    http.get('/api/staff/printers', async () => {
      if (state.hold) await state.hold;
      return HttpResponse.json(PrintersSchema.parse({ trigger: state.trigger, printers: state.printers }));
    }),
    http.get('/api/staff/menu-preview/:shortName', () => HttpResponse.json(MenuSchema.parse(state.menu))),
    http.post('/api/staff/printers', async ({ request }) => {
      const body = SavePrinterRequestSchema.parse(await record(request));
      const no = refused();
      if (no) return no;
      const id = state.nextId++;
      const printer = PrinterSchema.parse({
        ...body,
        id,
        status: {
          printerId: id,
          name: body.name,
          online: null,
          lastError: null,
          waitingJobs: 0,
          failedJobs: 0,
          checkedAt: null,
        },
      });
      state.printers.push(printer);
      return HttpResponse.json(printer, { status: 201 });
    }),
    http.put('/api/staff/printers/:id', async ({ request, params }) => {
      const body = SavePrinterRequestSchema.parse(await record(request));
      const no = refused();
      if (no) return no;
      const printer = state.printers.find((p) => p.id === Number(params.id));
      if (!printer) return error(404, 'Printer not found');
      Object.assign(printer, body, { status: { ...printer.status, name: body.name } });
      return HttpResponse.json(PrinterSchema.parse(printer));
    }),
    http.delete('/api/staff/printers/:id', async ({ request, params }) => {
      await record(request);
      state.printers = state.printers.filter((p) => p.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/api/staff/printers/:id/test', async ({ request }) => {
      await record(request);
      return refused() ?? HttpResponse.json({ jobs: 1 }, { status: 202 });
    }),
    http.get('/api/staff/printers/:id/failed-jobs', async ({ params }) => {
      if (state.holdFailed) await state.holdFailed;
      const id = Number(params.id);
      if (!state.printers.some((p) => p.id === id))
        return error(404, 'There is no such printer in this restaurant');
      return HttpResponse.json(FailedPrintJobsSchema.parse({ jobs: state.failedJobs[id] ?? [] }));
    }),
    http.post('/api/staff/print-jobs/:jobId/retry', async ({ request, params }) => {
      await record(request);
      const no = refused();
      if (no) return no;
      const jobId = Number(params.jobId);
      const printerId = Number(
        Object.entries(state.failedJobs).find(([, jobs]) => jobs.some((job) => job.jobId === jobId))?.[0],
      );
      const printer = state.printers.find((p) => p.id === printerId);
      if (!printer) return error(404, 'There is no such print job in this restaurant');
      state.failedJobs[printerId] = (state.failedJobs[printerId] ?? []).filter((job) => job.jobId !== jobId);
      printer.status = { ...printer.status, failedJobs: printer.status.failedJobs - 1, waitingJobs: 1 };
      return HttpResponse.json({ accepted: true }, { status: 202 });
    }),
    http.put('/api/staff/print-settings', async ({ request }) => {
      const body = PrintSettingsSchema.parse(await record(request));
      state.trigger = body.trigger;
      return HttpResponse.json(body);
    }),
  ];
  return { state, handlers };
}
