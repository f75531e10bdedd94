import {
  DEFAULT_PRINTER_PORT,
  type PaperWidth,
  type Printer,
  type Printers,
  type PrintTrigger,
  type SavePrinterRequestSchema,
} from '@tablo/contract/printing';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { PRINT_JOBS_CHANNEL, PRINTER_STATUS_CHANNEL } from '../../db/channels.ts';
import type { Database, Db } from '../../db/database.ts';
import {
  diningTable,
  menuCategory,
  orders,
  printer,
  printerCategory,
  printJob,
  restaurant,
  type StoredTicket,
  tableVisit,
} from '../../db/schema.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { reprintOrderTickets } from './enqueue.ts';
import { readPrinterStatuses } from './status.ts';
import { ticketTime } from './wall-clock.ts';
import { failWaitingJobs } from './worker.ts';

export const PRINTING_TEXTS = {
  printerNotFound: 'There is no such printer in this restaurant',
  orderNotFound: 'There is no such order in this restaurant',
  jobNotFound: 'There is no such print job in this restaurant',
  unknownCategories: (ids: number[]) =>
    `These categories are not on this restaurant's menu: ${ids.join(', ')}`,
  printerDisabled: 'This printer is switched off in Tablo: switch it on first',
  notFailed: 'Only a failed print job can be tried again',
  orderRejected: 'This order was rejected: its ticket is not printed any more',
  disabledReason: 'the printer was switched off in Tablo',
  deletedReason: 'the printer was deleted',
} as const;

type SavePrinter = z.output<typeof SavePrinterRequestSchema>;

/** `host:port` → its parts (the contract has checked the form); the port defaults to 9100. */
export function parseAddress(address: string): { host: string; port: number } {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(address.trim());
  if (!match?.[1]) throw new HttpError(422, `"${address}" is not host:port`);
  return { host: match[1].replace(/^\[|\]$/g, ''), port: match[2] ? Number(match[2]) : DEFAULT_PRINTER_PORT };
}

function formatAddress(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

async function notifyPrinter(database: Database, tx: Db, restaurantId: number, printerId: number) {
  await database.notify(PRINT_JOBS_CHANNEL, String(printerId), tx);
  await database.notify(PRINTER_STATUS_CHANNEL, `${restaurantId}:${printerId}`, tx);
}

export async function listPrinters(db: Db, restaurantId: number): Promise<Printers> {
  const [settings] = await db
    .select({ trigger: restaurant.printTrigger })
    .from(restaurant)
    .where(eq(restaurant.id, restaurantId));
  const rows = await db
    .select()
    .from(printer)
    .where(and(eq(printer.restaurantId, restaurantId), isNull(printer.deletedAt)))
    .orderBy(asc(printer.id));
  const ids = rows.map((row) => row.id);
  const categories =
    ids.length === 0
      ? []
      : await db.select().from(printerCategory).where(inArray(printerCategory.printerId, ids));
  const statuses = new Map((await readPrinterStatuses(db, restaurantId)).map((s) => [s.printerId, s]));
  return {
    trigger: settings?.trigger ?? 'ACCEPTED',
    printers: rows.map((row) => ({
      id: row.id,
      name: row.name,
      address: formatAddress(row.host, row.port),
      commandSet: row.commandSet,
      paperWidth: row.paperWidth as PaperWidth,
      categoryIds: categories
        .filter((c) => c.printerId === row.id)
        .map((c) => c.categoryId)
        .sort((a, b) => a - b),
      isEnabled: row.isEnabled,
      status: statuses.get(row.id) ?? {
        printerId: row.id,
        name: row.name,
        online: null,
        lastError: null,
        waitingJobs: 0,
        failedJobs: 0,
        checkedAt: null,
      },
    })),
  };
}

async function readPrinter(db: Db, restaurantId: number, printerId: number): Promise<Printer> {
  const found = (await listPrinters(db, restaurantId)).printers.find((p) => p.id === printerId);
  if (!found) throw notFound(PRINTING_TEXTS.printerNotFound);
  return found;
}

async function checkCategories(tx: Db, restaurantId: number, categoryIds: number[]): Promise<number[]> {
  const wanted = [...new Set(categoryIds)];
  if (wanted.length === 0) return [];
  const found = await tx
    .select({ id: menuCategory.id })
    .from(menuCategory)
    .where(and(eq(menuCategory.restaurantId, restaurantId), inArray(menuCategory.id, wanted)));
  const known = new Set(found.map((row) => row.id));
  const unknown = wanted.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new HttpError(422, PRINTING_TEXTS.unknownCategories(unknown));
  return wanted;
}

async function lockPrinter(tx: Db, restaurantId: number, printerId: number) {
  const [row] = await tx
    .select()
    .from(printer)
    .where(and(eq(printer.id, printerId), eq(printer.restaurantId, restaurantId), isNull(printer.deletedAt)))
    .for('update');
  if (!row) throw notFound(PRINTING_TEXTS.printerNotFound);
  return row;
}

export async function createPrinter(
  database: Database,
  restaurantId: number,
  body: SavePrinter,
): Promise<Printer> {
  const id = await database.transaction(async (tx) => {
    const categoryIds = await checkCategories(tx, restaurantId, body.categoryIds);
    const { host, port } = parseAddress(body.address);
    const [row] = await tx
      .insert(printer)
      .values({
        restaurantId,
        name: body.name,
        host,
        port,
        commandSet: body.commandSet,
        paperWidth: body.paperWidth,
        isEnabled: body.isEnabled,
      })
      .returning({ id: printer.id });
    if (!row) throw new Error('no printer row');
    if (categoryIds.length > 0)
      await tx
        .insert(printerCategory)
        .values(categoryIds.map((categoryId) => ({ printerId: row.id, categoryId })));
    await database.notify(PRINTER_STATUS_CHANNEL, `${restaurantId}:${row.id}`, tx);
    return row.id;
  });
  return readPrinter(database.db, restaurantId, id);
}

export async function updatePrinter(
  database: Database,
  restaurantId: number,
  printerId: number,
  body: SavePrinter,
): Promise<Printer> {
  await database.transaction(async (tx) => {
    await lockPrinter(tx, restaurantId, printerId);
    const categoryIds = await checkCategories(tx, restaurantId, body.categoryIds);
    const { host, port } = parseAddress(body.address);
    await tx
      .update(printer)
      .set({
        name: body.name,
        host,
        port,
        commandSet: body.commandSet,
        paperWidth: body.paperWidth,
        isEnabled: body.isEnabled,
        // A new address or a switched-on printer is tried again at once: its health is unknown.
        online: null,
        lastError: null,
      })
      .where(eq(printer.id, printerId));
    await tx.delete(printerCategory).where(eq(printerCategory.printerId, printerId));
    if (categoryIds.length > 0)
      await tx.insert(printerCategory).values(categoryIds.map((categoryId) => ({ printerId, categoryId })));
    if (!body.isEnabled) await failWaitingJobs(tx, printerId, PRINTING_TEXTS.disabledReason);
    else
      await tx
        .update(printJob)
        .set({ nextAttemptAt: new Date(0) })
        .where(and(eq(printJob.printerId, printerId), eq(printJob.state, 'WAITING')));
    await notifyPrinter(database, tx, restaurantId, printerId);
  });
  return readPrinter(database.db, restaurantId, printerId);
}

export async function deletePrinter(
  database: Database,
  restaurantId: number,
  printerId: number,
): Promise<void> {
  await database.transaction(async (tx) => {
    await lockPrinter(tx, restaurantId, printerId);
    await tx
      .update(printer)
      .set({ deletedAt: new Date(), isEnabled: false })
      .where(eq(printer.id, printerId));
    await tx.delete(printerCategory).where(eq(printerCategory.printerId, printerId));
    await failWaitingJobs(tx, printerId, PRINTING_TEXTS.deletedReason);
    await notifyPrinter(database, tx, restaurantId, printerId);
  });
}

export async function setPrintTrigger(db: Db, restaurantId: number, trigger: PrintTrigger): Promise<void> {
  await db.update(restaurant).set({ printTrigger: trigger }).where(eq(restaurant.id, restaurantId));
}

export async function testPrint(database: Database, restaurantId: number, printerId: number): Promise<void> {
  await database.transaction(async (tx) => {
    const row = await lockPrinter(tx, restaurantId, printerId);
    if (!row.isEnabled) throw new HttpError(409, PRINTING_TEXTS.printerDisabled);
    const [place] = await tx
      .select({ name: restaurant.name, timeZone: restaurant.timeZone })
      .from(restaurant)
      .where(eq(restaurant.id, restaurantId));
    const now = ticketTime(new Date(), place?.timeZone ?? 'Europe/Budapest');
    const ticket: StoredTicket = {
      restaurantName: place?.name ?? '',
      stationName: row.name,
      orderId: null,
      tableNumber: null,
      orderedAt: now,
      madeAt: now,
      note: '',
      lines: [],
    };
    await tx.insert(printJob).values({ restaurantId, printerId, orderId: null, kind: 'ORDER', ticket });
    await notifyPrinter(database, tx, restaurantId, printerId);
  });
}

export async function reprintOrder(
  database: Database,
  restaurantId: number,
  orderId: number,
  printerId: number | null,
): Promise<number> {
  return database.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(tableVisit, eq(tableVisit.id, orders.visitId))
      .innerJoin(diningTable, eq(diningTable.id, tableVisit.tableId))
      .where(and(eq(orders.id, orderId), eq(diningTable.restaurantId, restaurantId)));
    if (!order) throw notFound(PRINTING_TEXTS.orderNotFound);
    if (printerId !== null) await lockPrinter(tx, restaurantId, printerId);
    return reprintOrderTickets(database, tx, orderId, printerId);
  });
}

export async function retryJob(database: Database, restaurantId: number, jobId: number): Promise<void> {
  await database.transaction(async (tx) => {
    const [job] = await tx
      .select({
        state: printJob.state,
        kind: printJob.kind,
        printerId: printJob.printerId,
        orderStatus: orders.status,
        printerEnabled: printer.isEnabled,
        printerDeletedAt: printer.deletedAt,
      })
      .from(printJob)
      .innerJoin(printer, eq(printer.id, printJob.printerId))
      .leftJoin(orders, eq(orders.id, printJob.orderId))
      .where(and(eq(printJob.id, jobId), eq(printJob.restaurantId, restaurantId)))
      .for('update', { of: printJob });
    if (!job) throw notFound(PRINTING_TEXTS.jobNotFound);
    if (job.state !== 'FAILED') throw new HttpError(409, PRINTING_TEXTS.notFailed);
    if (job.printerDeletedAt) throw new HttpError(409, PRINTING_TEXTS.deletedReason);
    if (!job.printerEnabled) throw new HttpError(409, PRINTING_TEXTS.printerDisabled);
    if (job.kind === 'ORDER' && job.orderStatus === 'REJECTED')
      throw new HttpError(409, PRINTING_TEXTS.orderRejected);
    await tx
      .update(printJob)
      .set({ state: 'WAITING', nextAttemptAt: new Date(0), lastError: null })
      .where(eq(printJob.id, jobId));
    await notifyPrinter(database, tx, restaurantId, job.printerId);
  });
}
