import { z } from 'zod';
import { RowIdSchema } from './ids.ts';
import { ChoicesRequestSchema, OrderChoiceSchema } from './menu-options.ts';
import { SessionIdSchema } from './session.ts';

/** DESIGN §5: PLACED → ACCEPTED → SERVED → PAID; staff may REJECT a PLACED order. */
export const ORDER_STATUSES = ['PLACED', 'ACCEPTED', 'SERVED', 'PAID', 'REJECTED'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

/** spec §2 "My Table" sub-tab Pending: placed or accepted. */
export const PENDING_STATUSES: readonly OrderStatus[] = ['PLACED', 'ACCEPTED'];

/** The moves staff may make (PAID is set by the server when every item is paid). */
export const STAFF_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  PLACED: ['ACCEPTED', 'REJECTED'],
  ACCEPTED: ['SERVED'],
  SERVED: [],
  PAID: [],
  REJECTED: [],
};

export function canStaffMove(from: OrderStatus, to: OrderStatus): boolean {
  return STAFF_TRANSITIONS[from].includes(to);
}

export const MAX_QUANTITY_PER_LINE = 50;
export const MAX_LINES_PER_ORDER = 60;
export const MAX_NOTE_LENGTH = 500;

/** Header of POST /api/orders: one key per cart; a retry sends the same key. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IdempotencyKeySchema = z
  .string()
  .min(8)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/);

/**
 * POST /api/orders. Only ids, quantities and notes: prices, VAT, totals, status and table come from the
 * database and the session's joined visit, never from the request (unknown fields are refused).
 */
export const PlaceOrderRequestSchema = z.strictObject({
  sessionId: SessionIdSchema,
  tableId: RowIdSchema,
  note: z.string().max(MAX_NOTE_LENGTH).default(''),
  items: z
    .array(
      z.strictObject({
        menuItemId: RowIdSchema,
        quantity: z.number().int().min(1).max(MAX_QUANTITY_PER_LINE),
        note: z.string().max(MAX_NOTE_LENGTH).default(''),
        /** Issue 27: the chosen options (checked and priced by the server against the menu). */
        choices: ChoicesRequestSchema,
      }),
    )
    .min(1)
    .max(MAX_LINES_PER_ORDER),
});
export type PlaceOrderRequest = z.infer<typeof PlaceOrderRequestSchema>;
export type PlaceOrderInput = z.input<typeof PlaceOrderRequestSchema>;

export const OrderItemSchema = z.object({
  id: z.number().int(),
  menuItemId: z.number().int(),
  /** Snapshot of the item's titles when ordered (pick one with the spec §4 rule). */
  titles: z.array(z.object({ isoCode: z.string(), title: z.string() })),
  /** The price of one unit with its choices. */
  unitPrice: z.number().int().nonnegative(),
  vatPercent: z.number(),
  quantity: z.number().int().positive(),
  paidQuantity: z.number().int().nonnegative(),
  note: z.string(),
  lineTotal: z.number().int().nonnegative(),
  /**
   * Issue 27: the chosen options as they were when ordered (empty for a dish without choices). Defaults to
   * empty for an order placed before choices existed (an event logged then and replayed now).
   */
  choices: z.array(OrderChoiceSchema).default([]),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const OrderSchema = z.object({
  id: z.number().int(),
  visitId: z.number().int(),
  tableId: z.number().int(),
  status: OrderStatusSchema,
  note: z.string(),
  total: z.number().int().nonnegative(),
  currency: z.string().length(3),
  /** True when the reading session placed it (spec "my_orders"). */
  isMine: z.boolean(),
  rejectReason: z.string().nullable(),
  items: z.array(OrderItemSchema),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Order = z.infer<typeof OrderSchema>;

/** GET /api/tables/:tableId/orders (session header): the current visit's orders, newest first. */
export const TableOrdersResponseSchema = z.object({
  visitId: z.number().int().nullable(),
  orders: z.array(OrderSchema),
});
export type TableOrdersResponse = z.infer<typeof TableOrdersResponseSchema>;
