import type { PrintJobKind } from '@tablo/contract/printing';
import { and, asc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { PRINT_JOBS_CHANNEL, PRINTER_STATUS_CHANNEL } from '../../db/channels.ts';
import type { Database, Db } from '../../db/database.ts';
import {
  diningTable,
  menuItem,
  orderItem,
  orders,
  printer,
  printerCategory,
  printJob,
  restaurant,
  type StoredTicket,
  tableVisit,
} from '../../db/schema.ts';
import { ticketTime, ticketTitle } from './wall-clock.ts';

/**
 * Jobs are made in the transaction of the order event that causes them (placing, accepting, rejecting):
 * the order's change and its tickets commit together or not at all, so a crash can lose neither. The
 * partial unique index (order, printer, kind) for ORDER and VOID makes a second enqueue a no-op.
 * The orders and staff modules call these; nothing here imports them.
 */

export type OrderEvent = 'PLACED' | 'ACCEPTED';

interface OrderHead {
  restaurantId: number;
  restaurantName: string;
  timeZone: string;
  printTrigger: string;
  tableNumber: number;
  note: string;
  createdAt: Date;
}

async function readOrderHead(tx: Db, orderId: number): Promise<OrderHead | undefined> {
  const [head] = await tx
    .select({
      restaurantId: restaurant.id,
      restaurantName: restaurant.name,
      timeZone: restaurant.timeZone,
      printTrigger: restaurant.printTrigger,
      tableNumber: diningTable.tableNumber,
      note: orders.note,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(tableVisit, eq(tableVisit.id, orders.visitId))
    .innerJoin(diningTable, eq(diningTable.id, tableVisit.tableId))
    .innerJoin(restaurant, eq(restaurant.id, diningTable.restaurantId))
    .where(eq(orders.id, orderId));
  return head;
}

/** The restaurant's working stations (enabled, not deleted) with the categories each prints. */
async function stationsOf(tx: Db, restaurantId: number) {
  const rows = await tx
    .select({ id: printer.id, name: printer.name, categoryId: printerCategory.categoryId })
    .from(printer)
    .innerJoin(printerCategory, eq(printerCategory.printerId, printer.id))
    .where(
      and(eq(printer.restaurantId, restaurantId), eq(printer.isEnabled, true), isNull(printer.deletedAt)),
    )
    .orderBy(asc(printer.id));
  const stations = new Map<number, { name: string; categories: Set<number> }>();
  for (const row of rows) {
    const station = stations.get(row.id) ?? { name: row.name, categories: new Set<number>() };
    station.categories.add(row.categoryId);
    stations.set(row.id, station);
  }
  return stations;
}

async function notifyJobs(database: Database, tx: Db, restaurantId: number, printerIds: Iterable<number>) {
  for (const printerId of new Set(printerIds)) {
    await database.notify(PRINT_JOBS_CHANNEL, String(printerId), tx);
    await database.notify(PRINTER_STATUS_CHANNEL, `${restaurantId}:${printerId}`, tx);
  }
}

/**
 * The order's first tickets, if `event` is the restaurant's trigger: each station gets one job with the
 * lines of its categories (none if it has none). Answers how many jobs were made.
 */
export async function enqueueOrderTickets(
  database: Database,
  tx: Db,
  orderId: number,
  event: OrderEvent,
  now: Date = new Date(),
): Promise<number> {
  const head = await readOrderHead(tx, orderId);
  if (!head || head.printTrigger !== event) return 0;
  const stations = await stationsOf(tx, head.restaurantId);
  if (stations.size === 0) return 0;
  const lines = await tx
    .select({
      categoryId: menuItem.categoryId,
      quantity: orderItem.quantity,
      titles: orderItem.titles,
      note: orderItem.note,
      choices: orderItem.choices,
    })
    .from(orderItem)
    .innerJoin(menuItem, eq(menuItem.id, orderItem.menuItemId))
    .where(eq(orderItem.orderId, orderId))
    .orderBy(asc(orderItem.id));
  const values: (typeof printJob.$inferInsert)[] = [];
  for (const [printerId, station] of stations) {
    const mine = lines.filter((line) => station.categories.has(line.categoryId));
    if (mine.length === 0) continue;
    const ticket: StoredTicket = {
      restaurantName: head.restaurantName,
      stationName: station.name,
      orderId,
      tableNumber: head.tableNumber,
      orderedAt: ticketTime(head.createdAt, head.timeZone),
      madeAt: ticketTime(now, head.timeZone),
      note: head.note,
      lines: mine.map((line) => ({
        quantity: line.quantity,
        title: ticketTitle(line.titles),
        choices: line.choices.map((choice) => {
          const title = ticketTitle(choice.titles);
          return choice.quantity > 1 ? `${choice.quantity} × ${title}` : title;
        }),
        note: line.note,
      })),
    };
    values.push({ restaurantId: head.restaurantId, printerId, orderId, kind: 'ORDER', ticket });
  }
  if (values.length === 0) return 0;
  const made = await tx
    .insert(printJob)
    .values(values)
    .onConflictDoNothing()
    .returning({ printerId: printJob.printerId });
  await notifyJobs(
    database,
    tx,
    head.restaurantId,
    made.map((job) => job.printerId),
  );
  return made.length;
}

/**
 * A rejected order (docs/decisions/072): its ORDER jobs no byte of which was sent are deleted — they will
 * never print, and a cook never sees them; every station whose ticket printed, or may have (a send was
 * begun: `sending_at`), gets one VOID job with the same lines.
 */
export async function voidOrderTickets(
  database: Database,
  tx: Db,
  orderId: number,
  now: Date = new Date(),
): Promise<number> {
  const cancelled = await tx
    .delete(printJob)
    .where(
      and(
        eq(printJob.orderId, orderId),
        eq(printJob.kind, 'ORDER'),
        eq(printJob.state, 'WAITING'),
        isNull(printJob.sendingAt),
      ),
    )
    .returning({ printerId: printJob.printerId, restaurantId: printJob.restaurantId });
  const made = await copyPrintedTickets(tx, orderId, 'VOID', null, now);
  const restaurantId = made[0]?.restaurantId ?? cancelled[0]?.restaurantId;
  if (restaurantId !== undefined) {
    await notifyJobs(
      database,
      tx,
      restaurantId,
      [...cancelled, ...made].map((job) => job.printerId),
    );
  }
  return made.length;
}

/** Staff's "Reprint": a REPRINT job at each station that printed the order (or only `printerId`). */
export async function reprintOrderTickets(
  database: Database,
  tx: Db,
  orderId: number,
  printerId: number | null,
  now: Date = new Date(),
): Promise<number> {
  const made = await copyPrintedTickets(tx, orderId, 'REPRINT', printerId, now);
  const restaurantId = made[0]?.restaurantId;
  if (restaurantId !== undefined)
    await notifyJobs(
      database,
      tx,
      restaurantId,
      made.map((job) => job.printerId),
    );
  return made.length;
}

async function copyPrintedTickets(
  tx: Db,
  orderId: number,
  kind: Exclude<PrintJobKind, 'ORDER'>,
  onlyPrinterId: number | null,
  now: Date,
) {
  const printed = await tx
    .select({
      restaurantId: printJob.restaurantId,
      printerId: printJob.printerId,
      ticket: printJob.ticket,
      timeZone: restaurant.timeZone,
    })
    .from(printJob)
    .innerJoin(printer, eq(printer.id, printJob.printerId))
    .innerJoin(restaurant, eq(restaurant.id, printJob.restaurantId))
    .where(
      and(
        eq(printJob.orderId, orderId),
        eq(printJob.kind, 'ORDER'),
        or(eq(printJob.state, 'PRINTED'), isNotNull(printJob.sendingAt)),
        eq(printer.isEnabled, true),
        isNull(printer.deletedAt),
        onlyPrinterId === null ? undefined : eq(printJob.printerId, onlyPrinterId),
      ),
    )
    .orderBy(asc(printJob.printerId));
  if (printed.length === 0) return [];
  return tx
    .insert(printJob)
    .values(
      printed.map((job) => ({
        restaurantId: job.restaurantId,
        printerId: job.printerId,
        orderId,
        kind,
        ticket: { ...job.ticket, madeAt: ticketTime(now, job.timeZone) },
      })),
    )
    .onConflictDoNothing()
    .returning({ printerId: printJob.printerId, restaurantId: printJob.restaurantId });
}
