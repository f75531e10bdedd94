import { RowIdParamSchema } from '@tablo/contract/ids';
import { OrderSchema } from '@tablo/contract/order';
import {
  ChangeOrderStatusRequestSchema,
  CloseTableRequestSchema,
  StaffBoardSchema,
  StaffLoginRequestSchema,
  StaffMeSchema,
} from '@tablo/contract/staff';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { board } from './board.ts';
import { LoginBlockedError } from './login-throttle.ts';
import { changeOrderStatus, closeTable, login, logout, toMe } from './service.ts';
import { clearStaffSessionCookie, setStaffSessionCookie } from './session-cookie.ts';
import { staffOf } from './staff-auth.ts';

export interface StaffRoutesOptions {
  database: Database;
  /** Log-in attempts per IP and e-mail address per minute (DESIGN §8); default 5. */
  loginsPerMinute?: number;
}

/** The staff API under /api/staff (docs/decisions/009-staff-auth.md) — register with the prefix `/api`. */
export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (app, options) => {
  const { database } = options;

  app.post(
    '/staff/login',
    {
      schema: {
        tags: ['staff'],
        summary: 'Log in: sets the httpOnly session cookie and answers the CSRF token',
        body: StaffLoginRequestSchema,
        response: { 200: StaffMeSchema },
      },
      config: {
        abuseLimits: [
          {
            name: 'staff-login',
            max: options.loginsPerMinute ?? 5,
            windowSeconds: 60,
            // Counted after body parsing, so that the key is the IP *and* the e-mail address.
            subject: (request: FastifyRequest) => {
              const email = (request.body as { email?: string } | undefined)?.email ?? '';
              return `${request.ip}|${email.toLowerCase()}`;
            },
            message: 'Too many log-in attempts: please wait a minute and try again',
          },
        ],
      },
    },
    async (request, reply) => {
      const { token, me } = await login(database, request.body.email, request.body.password).catch(
        (error: unknown) => {
          if (error instanceof LoginBlockedError)
            reply.header('retry-after', String(error.retryAfterSeconds));
          throw error;
        },
      );
      setStaffSessionCookie(reply, token);
      return me;
    },
  );

  // Everything else declares its permission; staff-auth.ts checks session, CSRF and role.
  app.get(
    '/staff/me',
    {
      config: { staffPermission: 'signedIn' },
      schema: { tags: ['staff'], summary: 'The logged-in staff member', response: { 200: StaffMeSchema } },
    },
    async (request) => toMe(staffOf(request)),
  );

  app.post(
    '/staff/logout',
    {
      config: { staffPermission: 'signedIn' },
      schema: { tags: ['staff'], summary: 'Log out (ends the session)' },
    },
    async (request, reply) => {
      await logout(database, staffOf(request));
      clearStaffSessionCookie(reply);
      return reply.code(204).send();
    },
  );

  app.get(
    '/staff/board',
    {
      config: { staffPermission: 'viewOrders' },
      schema: {
        tags: ['staff'],
        summary: 'Open visits of the restaurant with their orders',
        response: { 200: StaffBoardSchema },
      },
    },
    async (request) => board(database, staffOf(request)),
  );

  app.patch(
    '/staff/orders/:orderId',
    {
      config: { staffPermission: 'moveOrders' },
      schema: {
        tags: ['staff'],
        summary: 'Move an order: PLACED → ACCEPTED → SERVED, or PLACED → REJECTED with a reason',
        params: z.object({ orderId: RowIdParamSchema }),
        body: ChangeOrderStatusRequestSchema,
        response: { 200: OrderSchema },
      },
    },
    async (request) =>
      changeOrderStatus(
        database,
        staffOf(request),
        request.params.orderId,
        request.body.status,
        request.body.reason,
      ),
  );

  app.post(
    '/staff/tables/:tableId/close',
    {
      config: { staffPermission: 'closeTables' },
      // Every field of the body is optional: a request without a body means the defaults (no force).
      preValidation: (request, _reply, done) => {
        (request as { body: unknown }).body ??= {};
        done();
      },
      schema: {
        tags: ['staff'],
        summary:
          'Close the table’s open visit (its diners see nothing of it any more); unpaid: 409, or force',
        params: z.object({ tableId: RowIdParamSchema }),
        body: CloseTableRequestSchema,
      },
    },
    async (request, reply) => {
      await closeTable(database, staffOf(request), request.params.tableId, request.body.force);
      return reply.code(204).send();
    },
  );
};
