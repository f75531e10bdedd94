import { z } from 'zod';
import { RowIdSchema } from './ids.ts';

/**
 * Kitchen tickets (issue 28, DESIGN §11). A printer is a station: it prints the lines of the categories it
 * is given, one ticket per order, exactly once, through outages, restarts and several instances. Jobs are
 * rows (waiting → printed, or failed), claimed in the database by one instance at a time per printer.
 * Staff API, cookie session + CSRF header; managing printers needs `managePrinters`, a reprint `moveOrders`,
 * reading the printers' state `viewOrders`.
 */
export const PRINTER_COMMAND_SETS = ['ESC_POS', 'STAR'] as const;
export const PrinterCommandSetSchema = z.enum(PRINTER_COMMAND_SETS);
export type PrinterCommandSet = z.infer<typeof PrinterCommandSetSchema>;

export const PAPER_WIDTHS_MM = [58, 80] as const;
export const PaperWidthSchema = z.union([z.literal(58), z.literal(80)]);
export type PaperWidth = z.infer<typeof PaperWidthSchema>;

/** When an order's tickets print: when staff accept it (default), or as soon as a diner places it. */
export const PRINT_TRIGGERS = ['ACCEPTED', 'PLACED'] as const;
export const PrintTriggerSchema = z.enum(PRINT_TRIGGERS);
export type PrintTrigger = z.infer<typeof PrintTriggerSchema>;

export const PRINT_JOB_STATES = ['WAITING', 'PRINTED', 'FAILED'] as const;
export const PrintJobStateSchema = z.enum(PRINT_JOB_STATES);
export type PrintJobState = z.infer<typeof PrintJobStateSchema>;

/** A first ticket, a VOID for a rejected order a station printed, or a ticket marked REPRINT. */
export const PRINT_JOB_KINDS = ['ORDER', 'VOID', 'REPRINT'] as const;
export const PrintJobKindSchema = z.enum(PRINT_JOB_KINDS);
export type PrintJobKind = z.infer<typeof PrintJobKindSchema>;

/** The raw-TCP port of network receipt printers (JetDirect / "port 9100"). */
export const DEFAULT_PRINTER_PORT = 9100;

/** `host:port` (a name, IPv4, or [IPv6]); the port defaults to 9100. */
export const PrinterAddressSchema = z
  .string()
  .trim()
  .min(1)
  .max(260)
  .regex(
    /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/,
    'an address is host:port, such as 192.168.1.50:9100',
  )
  .refine((value) => {
    const port = /:(\d{1,5})$/.exec(value.replace(/^\[[^\]]*\]/, ''))?.[1];
    return port === undefined || (Number(port) >= 1 && Number(port) <= 65_535);
  }, 'the port is between 1 and 65535');

/** POST /api/staff/printers → 201 Printer; PUT /api/staff/printers/:printerId → 200 Printer. */
export const SavePrinterRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(60),
  address: PrinterAddressSchema,
  commandSet: PrinterCommandSetSchema.default('ESC_POS'),
  paperWidth: PaperWidthSchema.default(80),
  /** The menu categories whose lines this station prints (a category may go to several stations). */
  categoryIds: z.array(RowIdSchema).max(500),
  isEnabled: z.boolean().default(true),
});
export type SavePrinterRequest = z.input<typeof SavePrinterRequestSchema>;

/** What staff see of a printer's health: shown live as an alert on the board when it is off. */
export const PrinterStatusSchema = z.object({
  printerId: z.number().int(),
  name: z.string(),
  /** null until the printer was first tried. */
  online: z.boolean().nullable(),
  /** Why the last try failed (connection refused, timed out…), or null. */
  lastError: z.string().nullable(),
  /** Jobs not printed yet. */
  waitingJobs: z.number().int().nonnegative(),
  failedJobs: z.number().int().nonnegative(),
  checkedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type PrinterStatus = z.infer<typeof PrinterStatusSchema>;

export const PrinterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  commandSet: PrinterCommandSetSchema,
  paperWidth: PaperWidthSchema,
  categoryIds: z.array(z.number().int()),
  isEnabled: z.boolean(),
  status: PrinterStatusSchema,
});
export type Printer = z.infer<typeof PrinterSchema>;

/** GET /api/staff/printers: the restaurant's printers and when tickets print. */
export const PrintersSchema = z.object({ trigger: PrintTriggerSchema, printers: z.array(PrinterSchema) });
export type Printers = z.infer<typeof PrintersSchema>;

/** PUT /api/staff/print-settings → 200 the same body. */
export const PrintSettingsSchema = z.strictObject({ trigger: PrintTriggerSchema });
export type PrintSettings = z.infer<typeof PrintSettingsSchema>;

/** GET /api/staff/printers/status (any staff): every enabled printer's state, for the board's alert. */
export const PrinterStatusesSchema = z.object({ printers: z.array(PrinterStatusSchema) });

/**
 * POST /api/staff/orders/:orderId/reprint → 202: every station that printed the order prints it again,
 * marked REPRINT (stations that have not printed it yet print it once, as usual). `printerId` limits it
 * to one station.
 */
export const ReprintRequestSchema = z.strictObject({ printerId: RowIdSchema.optional() });
export const ReprintAnswerSchema = z.object({ jobs: z.number().int().nonnegative() });

/**
 * GET /api/staff/printers/:printerId/failed-jobs (`managePrinters`): the printer's FAILED tickets, newest first,
 * at most FAILED_JOBS_LIMIT, so a manager can see which ones and print those still wanted again (retryJob).
 */
export const FAILED_JOBS_LIMIT = 50;
export const FailedPrintJobSchema = z.object({
  jobId: z.number().int(),
  kind: PrintJobKindSchema,
  /** null: a test ticket. */
  orderId: z.number().int().nullable(),
  /** The order's number as printed on the ticket ("Rendelés #12"); null on a test ticket. */
  orderNumber: z.number().int().nullable(),
  tableNumber: z.number().int().nullable(),
  /** When the job was made. */
  createdAt: z.iso.datetime({ offset: true }),
  /** Why it failed (the printer was switched off or deleted…), or null. */
  lastError: z.string().nullable(),
});
export type FailedPrintJob = z.infer<typeof FailedPrintJobSchema>;
export const FailedPrintJobsSchema = z.object({ jobs: z.array(FailedPrintJobSchema) });
export type FailedPrintJobs = z.infer<typeof FailedPrintJobsSchema>;

/** Staff websocket message: a printer went off or came back, or its queue changed. Not replayed. */
export const PrinterStatusMessageSchema = PrinterStatusSchema.extend({ type: z.literal('printer.status') });
export type PrinterStatusMessage = z.infer<typeof PrinterStatusMessageSchema>;

export const printingPaths = {
  printers: () => '/staff/printers',
  printer: (printerId: number) => `/staff/printers/${printerId}`,
  /** POST → 202: a test ticket on this printer (a job like any other). */
  testPrint: (printerId: number) => `/staff/printers/${printerId}/test`,
  /** GET → 200 FailedPrintJobs: the printer's failed tickets, newest first. */
  failedJobs: (printerId: number) => `/staff/printers/${printerId}/failed-jobs`,
  statuses: () => '/staff/printers/status',
  settings: () => '/staff/print-settings',
  reprint: (orderId: number) => `/staff/orders/${orderId}/reprint`,
  /** POST → 202: a FAILED job is tried again. */
  retryJob: (jobId: number) => `/staff/print-jobs/${jobId}/retry`,
};
