import {
  type PrinterStatus,
  PrinterStatusesSchema,
  printingPaths,
  ReprintAnswerSchema,
} from '@tablo/contract/printing';
import { queryOptions } from '@tanstack/react-query';
import { RequestError } from '../../../lib/request-error.ts';
import { staffRequest } from './staff-request.ts';

/**
 * Issue 28 on the board and in the kitchen: the printers' state (for the alert when one is off) and Reprint.
 * Here rather than in features/printing: a feature does not import another, and these need only the contract.
 */
export const printerStatusesQueryKey = ['staff', 'printer-statuses'] as const;

/** GET /api/staff/printers/status: every enabled printer's state, read on load and after a reconnect. */
export function printerStatusesQueryOptions() {
  return queryOptions({
    queryKey: printerStatusesQueryKey,
    queryFn: async ({ signal }): Promise<PrinterStatus[]> => {
      const result = await staffRequest(printingPaths.statuses(), { schema: PrinterStatusesSchema, signal });
      if (!result.ok) throw new RequestError(result.status, result.message);
      return result.data.printers;
    },
    // The staff socket's `printer.status` messages keep it current (use-staff-live.ts).
    staleTime: Infinity,
  });
}

/** A printer's news from the socket, in the list read last (a printer not in it yet is added). */
export function applyPrinterStatus(
  printers: readonly PrinterStatus[],
  status: PrinterStatus,
): PrinterStatus[] {
  return printers.some((printer) => printer.printerId === status.printerId)
    ? printers.map((printer) => (printer.printerId === status.printerId ? status : printer))
    : [...printers, status];
}

/** POST /api/staff/orders/:id/reprint → 202 { jobs }: the stations that printed it print it again, marked REPRINT. */
export function reprintOrder(orderId: number) {
  return staffRequest(printingPaths.reprint(orderId), {
    method: 'POST',
    body: {},
    schema: ReprintAnswerSchema,
  });
}
