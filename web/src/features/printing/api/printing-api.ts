import type { Menu } from '@tablo/contract/menu';
import { apiPaths } from '@tablo/contract/paths';
import {
  FailedPrintJobsSchema,
  PrinterSchema,
  PrintersSchema,
  type PrintSettings,
  PrintSettingsSchema,
  printingPaths,
  type SavePrinterRequest,
} from '@tablo/contract/printing';
import { CSRF_HEADER } from '@tablo/contract/staff';
import { z } from 'zod';
import { type ApiResult, apiRequest } from '../../../lib/api-client.ts';

export const printersQueryKey = ['staff', 'printers'] as const;
export const printingCategoriesQueryKey = ['staff', 'printers', 'categories'] as const;
export const failedJobsQueryKey = ['staff', 'printers', 'failed-jobs'] as const;

/** The answers of a test ticket, a delete and a retry carry nothing the screen reads (202, 204). */
const Anything = z.unknown();

/**
 * The printers API (contract printing.ts, issue 28): writes carry the signed-in member's CSRF token, which the
 * console got from /staff/me (decision 009), and a JSON body (`{}` when they have none).
 */
export function createPrintingApi(csrfToken: string) {
  const write = <T>(path: string, method: 'POST' | 'PUT' | 'DELETE', body: unknown, schema: z.ZodType<T>) =>
    apiRequest(path, { method, body, schema, headers: { [CSRF_HEADER]: csrfToken } });
  const read = <T>(path: string, schema: z.ZodType<T>, signal?: AbortSignal) =>
    apiRequest(path, { schema, headers: {}, ...(signal ? { signal } : {}) });
  return {
    printers: (signal?: AbortSignal) => read(printingPaths.printers(), PrintersSchema, signal),
    /**
     * The restaurant's categories with their titles: the published menu from the owner's preview route
     * (decision 069), which answers before the restaurant opens too, with the ids the printers keep.
     * Its schema is imported lazily, as the menu page does: a chunk with no lazy import of its own made the
     * build split the API client off into one more file that /menu loads (+304 B; decision 073).
     */
    categories: (shortName: string, signal?: AbortSignal): Promise<ApiResult<Menu>> =>
      apiRequest(apiPaths.menuPreview(shortName), {
        schema: async () => (await import('@tablo/contract/menu')).MenuSchema,
        headers: {},
        ...(signal ? { signal } : {}),
      }),
    create: (printer: SavePrinterRequest) => write(printingPaths.printers(), 'POST', printer, PrinterSchema),
    update: (id: number, printer: SavePrinterRequest) =>
      write(printingPaths.printer(id), 'PUT', printer, PrinterSchema),
    remove: (id: number) => write(printingPaths.printer(id), 'DELETE', {}, Anything),
    testPrint: (id: number) => write(printingPaths.testPrint(id), 'POST', {}, Anything),
    /** A printer's failed tickets, newest first. */
    failedJobs: (id: number, signal?: AbortSignal) =>
      read(printingPaths.failedJobs(id), FailedPrintJobsSchema, signal),
    /** A failed ticket printed again (409 with the server's reason when it cannot be). */
    retryJob: (jobId: number) => write(printingPaths.retryJob(jobId), 'POST', {}, Anything),
    saveSettings: (settings: PrintSettings) =>
      write(printingPaths.settings(), 'PUT', settings, PrintSettingsSchema),
  };
}
export type PrintingApi = ReturnType<typeof createPrintingApi>;
