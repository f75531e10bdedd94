import { RowIdParamSchema } from '@tablo/contract/ids';
import {
  FailedPrintJobsSchema,
  PrinterSchema,
  PrinterStatusesSchema,
  PrintersSchema,
  PrintSettingsSchema,
  ReprintAnswerSchema,
  ReprintRequestSchema,
  SavePrinterRequestSchema,
} from '@tablo/contract/printing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { staffOf } from '../staff/staff-auth.ts';
import { listFailedJobs } from './failed-jobs.ts';
import {
  createPrinter,
  deletePrinter,
  listPrinters,
  reprintOrder,
  retryJob,
  setPrintTrigger,
  testPrint,
  updatePrinter,
} from './printers-service.ts';
import { readPrinterStatuses } from './status.ts';

const Accepted = z.object({ accepted: z.literal(true) });

/** Printers, stations and tickets (contract printing.ts; register with the prefix `/api`). */
export const printingRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, options) => {
  const { database } = options;
  const printerParams = z.object({ printerId: RowIdParamSchema });

  app.get(
    '/staff/printers',
    {
      config: { staffPermission: 'managePrinters' },
      schema: {
        tags: ['staff'],
        summary: "The restaurant's printers and when tickets print",
        response: { 200: PrintersSchema },
      },
    },
    async (request) => listPrinters(database.db, staffOf(request).restaurantId),
  );

  app.get(
    '/staff/printers/status',
    {
      config: { staffPermission: 'viewOrders' },
      schema: {
        tags: ['staff'],
        summary: "Every enabled printer's health and queue",
        response: { 200: PrinterStatusesSchema },
      },
    },
    async (request) => ({
      printers: await readPrinterStatuses(database.db, staffOf(request).restaurantId, { enabledOnly: true }),
    }),
  );

  app.post(
    '/staff/printers',
    {
      config: { staffPermission: 'managePrinters' },
      schema: {
        tags: ['staff'],
        summary: 'Add a printer (a station)',
        body: SavePrinterRequestSchema,
        response: { 201: PrinterSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPrinter(database, staffOf(request).restaurantId, request.body)),
  );

  app.put(
    '/staff/printers/:printerId',
    {
      config: { staffPermission: 'managePrinters' },
      schema: {
        tags: ['staff'],
        summary: 'Change a printer: address, paper, categories, on or off',
        params: printerParams,
        body: SavePrinterRequestSchema,
        response: { 200: PrinterSchema },
      },
    },
    async (request) =>
      updatePrinter(database, staffOf(request).restaurantId, request.params.printerId, request.body),
  );

  app.delete(
    '/staff/printers/:printerId',
    {
      config: { staffPermission: 'managePrinters' },
      schema: {
        tags: ['staff'],
        summary: 'Delete a printer (its waiting tickets fail)',
        params: printerParams,
      },
    },
    async (request, reply) => {
      await deletePrinter(database, staffOf(request).restaurantId, request.params.printerId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/staff/printers/:printerId/test',
    {
      config: { staffPermission: 'managePrinters' },
      schema: {
        tags: ['staff'],
        summary: 'Print a test ticket',
        params: printerParams,
        response: { 202: Accepted },
      },
    },
    async (request, reply) => {
      await testPrint(database, staffOf(request).restaurantId, request.params.printerId);
      return reply.code(202).send({ accepted: true as const });
    },
  );

  app.get(
    '/staff/printers/:printerId/failed-jobs',
    {
      config: { staffPermission: 'managePrinters' },
      schema: {
        tags: ['staff'],
        summary: "A printer's failed tickets, newest first (at most 50)",
        params: printerParams,
        response: { 200: FailedPrintJobsSchema },
      },
    },
    async (request) => listFailedJobs(database.db, staffOf(request).restaurantId, request.params.printerId),
  );

  app.put(
    '/staff/print-settings',
    {
      config: { staffPermission: 'managePrinters' },
      schema: {
        tags: ['staff'],
        summary: 'When tickets print',
        body: PrintSettingsSchema,
        response: { 200: PrintSettingsSchema },
      },
    },
    async (request) => {
      await setPrintTrigger(database.db, staffOf(request).restaurantId, request.body.trigger);
      return { trigger: request.body.trigger };
    },
  );

  app.post(
    '/staff/orders/:orderId/reprint',
    {
      config: { staffPermission: 'moveOrders' },
      schema: {
        tags: ['staff'],
        summary: "Print an order's tickets again, marked REPRINT",
        params: z.object({ orderId: RowIdParamSchema }),
        // No body (the board's button) reprints at every station.
        body: ReprintRequestSchema.nullish(),
        response: { 202: ReprintAnswerSchema },
      },
    },
    async (request, reply) => {
      const jobs = await reprintOrder(
        database,
        staffOf(request).restaurantId,
        request.params.orderId,
        request.body?.printerId ?? null,
      );
      return reply.code(202).send({ jobs });
    },
  );

  app.post(
    '/staff/print-jobs/:jobId/retry',
    {
      config: { staffPermission: 'managePrinters' },
      schema: {
        tags: ['staff'],
        summary: 'Try a failed ticket again',
        params: z.object({ jobId: RowIdParamSchema }),
        response: { 202: Accepted },
      },
    },
    async (request, reply) => {
      await retryJob(database, staffOf(request).restaurantId, request.params.jobId);
      return reply.code(202).send({ accepted: true as const });
    },
  );
};
