import { printer, printJob } from '../../src/db/schema.ts';
import { answers, type Fresh, type MatrixRow } from './access-matrix.ts';
import type { Actor, World } from './access-world.ts';

/**
 * Printers and tickets (issue 28) in the access matrix: OWNER and MANAGER manage the printers and list their
 * failed tickets; every role reads their state and reprints; diners 401; another restaurant's owner manages
 * its own printers and gets 404 for the bistro's printers, jobs and orders
 * (docs/decisions/072-kitchen-tickets-exactly-once.md).
 */

const MANAGE = { OWNER: 200, MANAGER: 200, WAITER: 403, KITCHEN: 403, diners: 401 } as const;
const OWN = (ok: number) => answers({ ...MANAGE, OWNER: ok, MANAGER: ok, outsider: ok });
const BISTRO = (ok: number) => answers({ ...MANAGE, OWNER: ok, MANAGER: ok, outsider: 404 });

/** A disabled printer of the bistro (nothing is ever sent to it) and a failed ticket of it. */
async function bistroPrinter(world: World): Promise<Fresh> {
  const [row] = await world.database.db
    .insert(printer)
    .values({ restaurantId: world.bistro.id, name: 'Matrix', host: '127.0.0.1', port: 9, isEnabled: false })
    .returning({ id: printer.id });
  if (!row) throw new Error('no printer');
  const [job] = await world.database.db
    .insert(printJob)
    .values({
      restaurantId: world.bistro.id,
      printerId: row.id,
      kind: 'ORDER',
      state: 'FAILED',
      ticket: {
        restaurantName: '',
        stationName: 'Matrix',
        orderId: null,
        tableNumber: null,
        orderedAt: '',
        madeAt: '',
        note: '',
        lines: [],
      },
    })
    .returning({ id: printJob.id });
  return { printerId: row.id, jobId: Number(job?.id) };
}

/** The actor's own restaurant's categories: a station of the bistro prints soups, of the other mains. */
const categoryOf = (world: World, actor: Actor) =>
  actor === 'outsider' ? (world.other.categories.mains as number) : (world.bistro.categories.soups as number);

const printerBody = (world: World, actor: Actor, isEnabled = false) => ({
  name: 'Konyha',
  address: '127.0.0.1:9',
  paperWidth: 80,
  categoryIds: [categoryOf(world, actor)],
  isEnabled,
});

export const PRINTING_ROWS: MatrixRow[] = [
  {
    route: 'GET /api/staff/printers',
    expect: OWN(200),
    request: () => ({ method: 'GET', url: '/api/staff/printers' }),
    check: (_world, _actor, body) => {
      if (!body.includes('"trigger"')) throw new Error(`no trigger in ${body.slice(0, 200)}`);
    },
  },
  {
    route: 'GET /api/staff/printers/status',
    expect: answers({ staff: 200, diners: 401 }),
    request: () => ({ method: 'GET', url: '/api/staff/printers/status' }),
  },
  {
    route: 'POST /api/staff/printers',
    expect: OWN(201),
    writes: true,
    request: (world, actor) => ({
      method: 'POST',
      url: '/api/staff/printers',
      payload: printerBody(world, actor),
    }),
    check: (world, actor, body) => {
      if (!body.includes(`"categoryIds":[${categoryOf(world, actor)}]`))
        throw new Error(`${actor}'s printer lacks its category: ${body.slice(0, 200)}`);
    },
  },
  {
    route: 'PUT /api/staff/printers/:printerId',
    expect: BISTRO(200),
    writes: true,
    fresh: bistroPrinter,
    request: (world, actor, fresh) => ({
      method: 'PUT',
      url: `/api/staff/printers/${fresh.printerId}`,
      payload: printerBody(world, actor === 'outsider' ? 'OWNER' : actor),
    }),
  },
  {
    route: 'DELETE /api/staff/printers/:printerId',
    expect: BISTRO(204),
    writes: true,
    fresh: bistroPrinter,
    request: (_world, _actor, fresh) => ({ method: 'DELETE', url: `/api/staff/printers/${fresh.printerId}` }),
  },
  {
    // A disabled printer takes no test ticket (409): the point here is who reaches that answer.
    route: 'POST /api/staff/printers/:printerId/test',
    expect: BISTRO(409),
    writes: true,
    fresh: bistroPrinter,
    request: (_world, _actor, fresh) => ({
      method: 'POST',
      url: `/api/staff/printers/${fresh.printerId}/test`,
    }),
  },
  {
    route: 'GET /api/staff/printers/:printerId/failed-jobs',
    expect: BISTRO(200),
    fresh: bistroPrinter,
    request: (_world, _actor, fresh) => ({
      method: 'GET',
      url: `/api/staff/printers/${fresh.printerId}/failed-jobs`,
    }),
    check: (_world, _actor, body) => {
      if (!body.includes('"jobId"')) throw new Error(`no failed ticket in ${body.slice(0, 200)}`);
    },
  },
  {
    route: 'PUT /api/staff/print-settings',
    expect: OWN(200),
    writes: true,
    request: () => ({ method: 'PUT', url: '/api/staff/print-settings', payload: { trigger: 'ACCEPTED' } }),
  },
  {
    route: 'POST /api/staff/orders/:orderId/reprint',
    expect: answers({ staff: 202, outsider: 404, diners: 401 }),
    writes: true,
    request: (world) => ({
      method: 'POST',
      url: `/api/staff/orders/${world.orderA.id}/reprint`,
      payload: {},
    }),
  },
  {
    // The printer is disabled: a retry is refused (409) to those who may ask at all.
    route: 'POST /api/staff/print-jobs/:jobId/retry',
    expect: BISTRO(409),
    writes: true,
    fresh: bistroPrinter,
    request: (_world, _actor, fresh) => ({
      method: 'POST',
      url: `/api/staff/print-jobs/${fresh.jobId}/retry`,
    }),
  },
];
