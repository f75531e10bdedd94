import { RowIdParamSchema } from '@tablo/contract/ids';
import { QrSheetQuerySchema } from '@tablo/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import { markQrCodesDone } from '../restaurants/checklist.ts';
import { TableNotFoundError } from '../restaurants/errors.ts';
import { staffOf } from '../staff/staff-auth.ts';
import { NoTablesToPrintError, qrSheetOf, tableQrOf } from './service.ts';

export interface QrRoutesOptions {
  database: Database;
  /** Where diners reach the app: the codes' URLs start with it. */
  publicUrl: string;
}

/** The printable QR codes of the staff console (managers) — register with the prefix `/api`. */
export const qrRoutes: FastifyPluginAsyncZod<QrRoutesOptions> = async (app, { database, publicUrl }) => {
  app.get(
    '/staff/qr-sheet.pdf',
    {
      config: { staffPermission: 'manageTables' },
      schema: {
        tags: ['staff'],
        summary: 'A4 sheet (PDF) of the QR codes of every enabled table',
        querystring: QrSheetQuerySchema,
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const pdf = await qrSheetOf(database, staff.restaurantShortName, publicUrl, request.query.lang).catch(
        (error: unknown) => {
          if (error instanceof NoTablesToPrintError) throw notFound(error.message);
          throw error;
        },
      );
      // The setup checklist's QR codes step is done once the sheet was downloaded.
      await markQrCodesDone(database.db, staff.restaurantId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${staff.restaurantShortName}-qr-codes.pdf"`)
        .send(pdf);
    },
  );

  app.get(
    '/staff/tables/:tableId/qr.svg',
    {
      config: { staffPermission: 'manageTables' },
      schema: {
        tags: ['staff'],
        summary: "One table's QR code (SVG)",
        params: z.object({ tableId: RowIdParamSchema }),
        querystring: QrSheetQuerySchema,
      },
    },
    async (request, reply) => {
      const staff = staffOf(request);
      const { table, svg } = await tableQrOf(
        database,
        staff.restaurantShortName,
        { tableId: request.params.tableId },
        publicUrl,
        request.query.lang,
      ).catch((error: unknown) => {
        // Another restaurant's table is not found either.
        if (error instanceof TableNotFoundError) throw notFound('Table not found');
        throw error;
      });
      return reply
        .type('image/svg+xml')
        .header('content-disposition', `inline; filename="table-${table.tableNumber}-qr.svg"`)
        .send(svg);
    },
  );
};
