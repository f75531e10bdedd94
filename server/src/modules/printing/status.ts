import type { PrinterStatus } from '@tablo/contract/printing';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { printer } from '../../db/schema.ts';

/** Printers' health and queues as staff see them (the board's alert, `printer.status`). */
export async function readPrinterStatuses(
  db: Db,
  restaurantId: number,
  options: { printerIds?: number[]; enabledOnly?: boolean } = {},
): Promise<PrinterStatus[]> {
  const rows = await db
    .select({
      printerId: printer.id,
      name: printer.name,
      online: printer.online,
      lastError: printer.lastError,
      checkedAt: printer.checkedAt,
      // Spelled out: inside a select list Drizzle names a column without its table.
      waitingJobs: sql<number>`(select count(*)::int from print_job j where j.printer_id = "printer"."id" and j.state = 'WAITING')`,
      failedJobs: sql<number>`(select count(*)::int from print_job j where j.printer_id = "printer"."id" and j.state = 'FAILED')`,
    })
    .from(printer)
    .where(
      and(
        eq(printer.restaurantId, restaurantId),
        isNull(printer.deletedAt),
        options.enabledOnly ? eq(printer.isEnabled, true) : undefined,
        options.printerIds ? inArray(printer.id, options.printerIds) : undefined,
      ),
    )
    .orderBy(asc(printer.id));
  return rows.map((row) => ({
    ...row,
    waitingJobs: Number(row.waitingJobs),
    failedJobs: Number(row.failedJobs),
    checkedAt: row.checkedAt ? row.checkedAt.toISOString() : null,
  }));
}

/** `<restaurantId>:<printerId>` of PRINTER_STATUS_CHANNEL, or null when malformed. */
export function parsePrinterStatusPayload(
  payload: string,
): { restaurantId: number; printerId: number } | null {
  const [restaurantPart, printerPart] = payload.split(':');
  const restaurantId = Number(restaurantPart);
  const printerId = Number(printerPart);
  if (!Number.isSafeInteger(restaurantId) || !Number.isSafeInteger(printerId)) return null;
  return { restaurantId, printerId };
}
