import { RowIdParamSchema } from '@tablo/contract/ids';
import { AddTablesRequestSchema } from '@tablo/contract/restaurant-setup';
import { StaffTableSchema, StaffTablesSchema, UpdateTableRequestSchema } from '@tablo/contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { staffOf } from './staff-auth.ts';
import { listStaffTables, rotateStaffTableToken, setStaffTableEnabled } from './table-service.ts';
import { addStaffTables, removeStaffTable } from './table-setup-service.ts';

export interface StaffTableRoutesOptions {
  database: Database;
  /** Where diners reach this installation: the tables' ordering URLs start with it. */
  publicUrl: string;
}

const TableParamsSchema = z.object({ tableId: RowIdParamSchema });

/** The staff console's tables (register with the prefix `/api`); closing a table is in routes.ts. */
export const staffTableRoutes: FastifyPluginAsyncZod<StaffTableRoutesOptions> = async (app, options) => {
  const { database, publicUrl } = options;

  app.get(
    '/staff/tables',
    {
      config: { staffPermission: 'closeTables' },
      schema: {
        tags: ['staff'],
        summary: 'Every table with its open visit, unpaid amount and calls (ordering URLs for managers)',
        response: { 200: StaffTablesSchema },
      },
    },
    async (request) => listStaffTables(database, staffOf(request), publicUrl),
  );

  app.patch(
    '/staff/tables/:tableId',
    {
      config: { staffPermission: 'manageTables' },
      schema: {
        tags: ['staff'],
        summary: 'Enable or disable a table (a disabled table cannot be joined or ordered at)',
        params: TableParamsSchema,
        body: UpdateTableRequestSchema,
        response: { 200: StaffTableSchema },
      },
    },
    async (request) =>
      setStaffTableEnabled(
        database,
        staffOf(request),
        publicUrl,
        request.params.tableId,
        request.body.isEnabled,
      ),
  );

  app.post(
    '/staff/tables/:tableId/rotate-token',
    {
      config: { staffPermission: 'manageTables' },
      schema: {
        tags: ['staff'],
        summary: 'Give the table a new QR token: the old printed code stops working at once',
        params: TableParamsSchema,
        response: { 200: StaffTableSchema },
      },
    },
    async (request) => rotateStaffTableToken(database, staffOf(request), publicUrl, request.params.tableId),
  );

  app.post(
    '/staff/tables',
    {
      config: { staffPermission: 'manageTables' },
      schema: {
        tags: ['staff'],
        summary:
          'Add tables: the next `count` numbers, or `ranges` of numbers (all or none; a taken number: 409)',
        body: AddTablesRequestSchema,
        response: { 201: StaffTablesSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addStaffTables(database, staffOf(request), publicUrl, request.body)),
  );

  app.delete(
    '/staff/tables/:tableId',
    {
      config: { staffPermission: 'manageTables' },
      schema: {
        tags: ['staff'],
        summary: 'Remove a table that has never had a visit (open or past visits: 409)',
        params: TableParamsSchema,
      },
    },
    async (request, reply) => {
      await removeStaffTable(database, staffOf(request), request.params.tableId);
      return reply.code(204).send();
    },
  );
};
