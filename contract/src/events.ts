import { z } from 'zod';
import { AvailabilityTypeSchema } from './menu.ts';
import { OrderSchema, OrderStatusSchema } from './order.ts';
import { TableCallSchema } from './table-call.ts';

/**
 * Websocket messages of `/api/ws?table_id=…&session_id=…&since=<cursor>` (DESIGN §6). Every table event
 * carries the table_event id as `cursor`; a client applies each cursor once and reconnects with the
 * last one it applied. Orders inside events never say `isMine` for another session: the server sets it
 * per receiving session.
 */
const base = { cursor: z.number().int().positive(), tableId: z.number().int(), visitId: z.number().int() };

export const OrderPlacedEventSchema = z.object({
  type: z.literal('order.placed'),
  ...base,
  order: OrderSchema,
});
export const OrderStatusChangedEventSchema = z.object({
  type: z.literal('order.status_changed'),
  ...base,
  orderId: z.number().int(),
  status: OrderStatusSchema,
  rejectReason: z.string().nullable(),
});
export const ItemAvailabilityChangedEventSchema = z.object({
  type: z.literal('item.availability_changed'),
  ...base,
  menuItemId: z.number().int(),
  availabilityType: AvailabilityTypeSchema,
});
/**
 * Issue 27: an option of a dish's choices was marked sold out or available again; the diner's dialog and
 * cart follow it (the options answer was rebuilt in the same transaction).
 */
export const OptionAvailabilityChangedEventSchema = z.object({
  type: z.literal('option.availability_changed'),
  ...base,
  optionId: z.number().int(),
  availabilityType: AvailabilityTypeSchema,
});
/**
 * A new menu was published from the editor (or an earlier one restored): the diner's open menu reads the
 * menu again (its cached answer was rebuilt in the same transaction). Orders already placed keep their
 * titles and prices (docs/decisions/062-menu-editor.md).
 */
export const MenuPublishedEventSchema = z.object({
  type: z.literal('menu.published'),
  ...base,
  version: z.number().int().positive(),
});
export const TableClosedEventSchema = z.object({ type: z.literal('table.closed'), ...base });
/** A table call was made, replaced or acknowledged (the call's state after the change). */
export const TableCallChangedEventSchema = z.object({
  type: z.literal('call.changed'),
  ...base,
  call: TableCallSchema,
});

/** A payment of the visit changed status (reserved quantities are taken or released with it). */
export const PaymentChangedEventSchema = z.object({
  type: z.literal('payment.changed'),
  ...base,
  paymentId: z.uuid(),
  status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED', 'CANCELLED']),
  method: z.enum(['CASH', 'CARD', 'ONLINE']),
  amount: z.number().int().nonnegative(),
});
/**
 * The provider took money for a payment we had ended already (cancelled with the table, lapsed): it paid
 * its units, which were still free (ACCEPTED), or it is being refunded (REFUNDING) / was (REFUNDED).
 * Staff see it on the board (docs/decisions/052).
 */
export const PaymentLateSuccessEventSchema = z.object({
  type: z.literal('payment.late_success'),
  ...base,
  paymentId: z.uuid(),
  tableNumber: z.number().int(),
  amount: z.number().int().nonnegative(),
  tip: z.number().int().nonnegative(),
  currency: z.string().length(3),
  outcome: z.enum(['ACCEPTED', 'REFUNDING', 'REFUNDED']),
});
/** Quantities of an order became paid (after a successful payment); PAID follows as a status change. */
export const OrderItemsPaidEventSchema = z.object({
  type: z.literal('order.items_paid'),
  ...base,
  orderId: z.number().int(),
  items: z.array(z.object({ orderItemId: z.number().int(), paidQuantity: z.number().int().nonnegative() })),
});

export const TableEventSchema = z.discriminatedUnion('type', [
  OrderPlacedEventSchema,
  OrderStatusChangedEventSchema,
  ItemAvailabilityChangedEventSchema,
  OptionAvailabilityChangedEventSchema,
  MenuPublishedEventSchema,
  TableClosedEventSchema,
  TableCallChangedEventSchema,
  PaymentChangedEventSchema,
  PaymentLateSuccessEventSchema,
  OrderItemsPaidEventSchema,
]);
export type TableEvent = z.infer<typeof TableEventSchema>;
export type TableEventType = TableEvent['type'];

/** Sent on connect when `since` is missing or older than the log keeps: the visit's whole state. */
export const SnapshotMessageSchema = z.object({
  type: z.literal('snapshot'),
  cursor: z.number().int().nonnegative(),
  tableId: z.number().int(),
  visitId: z.number().int().nullable(),
  orders: z.array(OrderSchema),
  /** The open visit's table calls (empty when none or no visit). */
  calls: z.array(TableCallSchema).default([]),
});

/** Sent once the replay after `since` is complete; live events follow. */
export const ReadyMessageSchema = z.object({
  type: z.literal('ready'),
  cursor: z.number().int().nonnegative(),
});

export const ErrorMessageSchema = z.object({ type: z.literal('error'), message: z.string() });

export const ServerMessageSchema = z.discriminatedUnion('type', [
  OrderPlacedEventSchema,
  OrderStatusChangedEventSchema,
  ItemAvailabilityChangedEventSchema,
  OptionAvailabilityChangedEventSchema,
  MenuPublishedEventSchema,
  TableClosedEventSchema,
  TableCallChangedEventSchema,
  PaymentChangedEventSchema,
  PaymentLateSuccessEventSchema,
  OrderItemsPaidEventSchema,
  SnapshotMessageSchema,
  ReadyMessageSchema,
  ErrorMessageSchema,
]);
export type ServerMessage = z.infer<typeof ServerMessageSchema>;

/**
 * Websocket close codes (4000–4999 are the application's). After 4400, 4403 and 4410 the client does not
 * reconnect as it was (fix the parameters / join the table again / the visit is over); after 4429 it waits
 * longer; after anything else (1001 server restart, 1006, 1011) it reconnects with backoff and `since`.
 */
export const WS_CLOSE = {
  /** Staff socket: no valid staff session (log in again). */
  unauthorized: 4401,
  forbidden: 4403,
  badRequest: 4400,
  tableClosed: 4410,
  tooManyConnections: 4429,
} as const;
