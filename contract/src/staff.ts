import { z } from 'zod';
import { OrderSchema, OrderStatusSchema } from './order.ts';

/** Staff API (cookie session + CSRF header). Accounts are created with the CLI. */
export const STAFF_ROLES = ['OWNER', 'MANAGER', 'WAITER', 'KITCHEN'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES);

export const STAFF_SESSION_COOKIE = 'tablo_staff';
export const CSRF_HEADER = 'x-csrf-token';

export const StaffLoginRequestSchema = z.strictObject({
  email: z.email().max(254),
  password: z.string().min(1).max(200),
});

export const StaffMeSchema = z.object({
  email: z.string(),
  role: StaffRoleSchema,
  restaurantShortName: z.string(),
  csrfToken: z.string(),
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

export const StaffVisitSchema = z.object({
  visitId: z.number().int(),
  tableId: z.number().int(),
  tableNumber: z.number().int(),
  openedAt: z.iso.datetime({ offset: true }),
  orders: z.array(OrderSchema),
});
export const StaffBoardSchema = z.object({ visits: z.array(StaffVisitSchema) });
export type StaffBoard = z.infer<typeof StaffBoardSchema>;

/** PATCH /api/staff/orders/:orderId — a reason is required to reject (the diner sees it). */
export const ChangeOrderStatusRequestSchema = z
  .strictObject({ status: OrderStatusSchema, reason: z.string().trim().min(1).max(300).optional() })
  .refine((body) => body.status !== 'REJECTED' || body.reason !== undefined, {
    message: 'a reason is required to reject an order',
    path: ['reason'],
  });
