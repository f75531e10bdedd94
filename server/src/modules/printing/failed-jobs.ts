import { FAILED_JOBS_LIMIT, type FailedPrintJobs } from '@tablo/contract/printing';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { printer, printJob } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { PRINTING_TEXTS } from './printers-service.ts';

/**
 * A printer's FAILED tickets, newest first (at most FAILED_JOBS_LIMIT): what the console lists so a manager
 * sees which tickets did not print and prints again those still wanted. The order's number and table are
 * read from the ticket as it was frozen (what the paper would have said). Another restaurant's printer, or
 * a deleted one, is not found.
 */
export async function listFailedJobs(
  db: Db,
  restaurantId: number,
  printerId: number,
): Promise<FailedPrintJobs> {
  const [found] = await db
    .select({ id: printer.id })
    .from(printer)
    .where(and(eq(printer.id, printerId), eq(printer.restaurantId, restaurantId), isNull(printer.deletedAt)));
  if (!found) throw notFound(PRINTING_TEXTS.printerNotFound);
  const rows = await db
    .select({
      jobId: printJob.id,
      kind: printJob.kind,
      orderId: printJob.orderId,
      ticket: printJob.ticket,
      createdAt: printJob.createdAt,
      lastError: printJob.lastError,
    })
    .from(printJob)
    .where(
      and(
        eq(printJob.printerId, printerId),
        eq(printJob.restaurantId, restaurantId),
        eq(printJob.state, 'FAILED'),
      ),
    )
    .orderBy(desc(printJob.createdAt), desc(printJob.id))
    .limit(FAILED_JOBS_LIMIT);
  return {
    jobs: rows.map((row) => ({
      jobId: Number(row.jobId),
      kind: row.kind,
      orderId: row.orderId,
      orderNumber: row.ticket.orderId,
      tableNumber: row.ticket.tableNumber,
      createdAt: row.createdAt.toISOString(),
      lastError: row.lastError,
    })),
  };
}
