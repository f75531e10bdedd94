import { z } from 'zod';
import { TableEventSchema } from './events.ts';
import { RowIdParamSchema } from './ids.ts';
import { AvailabilityTypeSchema } from './menu.ts';
import { OrderSchema, OrderStatusSchema } from './order.ts';
import { PaymentMethodSchema } from './payment.ts';
import { PrinterStatusMessageSchema } from './printing.ts';
import { TableCallKindSchema, TableCallSchema } from './table-call.ts';

/** Staff API (cookie session + CSRF header). Accounts come from sign-up, invitations or the CLI. */
export const STAFF_ROLES = ['OWNER', 'MANAGER', 'WAITER', 'KITCHEN'] as const;
export const StaffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRoleSchema>;

/**
 * What each role may do, enforced on the server on every staff route (403 otherwise) and used by the
 * console to show only what works. OWNER and MANAGER do everything; WAITER moves orders, answers table
 * calls, closes tables and marks items sold out; KITCHEN sees and moves orders only.
 */
export const STAFF_PERMISSIONS = {
  /** Any logged-in member of staff: who am I, log out. */
  signedIn: ['OWNER', 'MANAGER', 'WAITER', 'KITCHEN'],
  /** The board, the kitchen view and the staff websocket. */
  viewOrders: ['OWNER', 'MANAGER', 'WAITER', 'KITCHEN'],
  moveOrders: ['OWNER', 'MANAGER', 'WAITER', 'KITCHEN'],
  answerCalls: ['OWNER', 'MANAGER', 'WAITER'],
  /** The tables list, and closing a table (ends its visit). */
  closeTables: ['OWNER', 'MANAGER', 'WAITER'],
  markSoldOut: ['OWNER', 'MANAGER', 'WAITER'],
  /** Confirm or cancel a cash/card payment (marks its items paid). */
  confirmPayments: ['OWNER', 'MANAGER', 'WAITER'],
  /** Close a table whose visit still has unpaid or pending items (`force`). */
  closeUnpaidVisits: ['OWNER', 'MANAGER'],
  /** Rotate a table's token, enable or disable it, the QR codes (sheet and one table's SVG). */
  manageTables: ['OWNER', 'MANAGER'],
  /** The restaurant's settings, its picture, the setup checklist and opening for guests (decision 061). */
  manageRestaurant: ['OWNER', 'MANAGER'],
  /** The team: invite, change roles, disable, enable, send a password reset (contract accounts.ts). */
  manageStaff: ['OWNER', 'MANAGER'],
  /** The menu editor: the draft, publishing, versions and restoring (docs/decisions/062-menu-editor.md). */
  editMenu: ['OWNER', 'MANAGER'],
  /** The menu as a guest will see it, before the restaurant opens (docs/decisions/069-owner-preview.md). */
  previewMenu: ['OWNER', 'MANAGER'],
  /** Invite, promote to, change or disable an OWNER: a manager manages everyone else. */
  manageOwners: ['OWNER'],
  /** See the day's succeeded payments and refund them, in whole or in part (docs/decisions/053). */
  refundPayments: ['OWNER', 'MANAGER'],
  /** Printers and stations, and when tickets print (contract printing.ts, issue 28). */
  managePrinters: ['OWNER', 'MANAGER'],
  /** Opening hours, closed days, the menu's time windows and the business day's cut-off (issue 28). */
  manageHours: ['OWNER', 'MANAGER'],
  /** The day's figures, the printable day report and its CSV export (issue 28). */
  viewFigures: ['OWNER', 'MANAGER'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

export function staffCan(role: StaffRole, permission: StaffPermission): boolean {
  return (STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

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
  /** The restaurant's own name, as its guests know it: what the console's header shows. */
  restaurantName: z.string(),
  csrfToken: z.string(),
});
export type StaffMe = z.infer<typeof StaffMeSchema>;

/**
 * What a pending payment covers, line by line: the waiter walking to the table sees which dishes of whose
 * order to collect for (the titles are on the visit's orders, which the board holds).
 */
export const StaffPaymentItemSchema = z.object({
  orderId: z.number().int(),
  orderItemId: z.number().int(),
  quantity: z.number().int().positive(),
});
export type StaffPaymentItem = z.infer<typeof StaffPaymentItemSchema>;

/** A cash or card payment waiting for staff (POST paymentPaths.staffConfirm / staffCancel). */
export const StaffPendingPaymentSchema = z.object({
  id: z.uuid(),
  method: PaymentMethodSchema.exclude(['ONLINE']),
  amount: z.number().int().nonnegative(),
  tip: z.number().int().nonnegative(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Units of order lines it covers (0 for a payment of equal shares). */
  itemCount: z.number().int().nonnegative(),
  /** The units it covers, by order line, in line order (empty for a payment of equal shares). */
  items: z.array(StaffPaymentItemSchema),
  /** Equal shares it buys (0 for an item payment). */
  shareCount: z.number().int().nonnegative(),
});
export type StaffPendingPayment = z.infer<typeof StaffPendingPaymentSchema>;

export const StaffVisitSchema = z.object({
  visitId: z.number().int(),
  tableId: z.number().int(),
  tableNumber: z.number().int(),
  openedAt: z.iso.datetime({ offset: true }),
  orders: z.array(OrderSchema),
  /** Open and acknowledged calls of the visit (one per kind at most). */
  calls: z.array(TableCallSchema),
  /**
   * What is left to pay, in the restaurant's currency: the free and reserved units of its payable orders
   * and the unpaid shares of an open equal split (docs/decisions/019-payments.md).
   */
  unpaidAmount: z.number().int().nonnegative(),
  /** Its PENDING cash and card payments, oldest first: staff confirm (items become paid) or cancel them. */
  payments: z.array(StaffPendingPaymentSchema),
});
export type StaffVisit = z.infer<typeof StaffVisitSchema>;

/** The last table_event id the board has seen per table: the websocket's `since` after a reconnect. */
export const StaffCursorSchema = z.object({
  tableId: z.number().int(),
  cursor: z.number().int().nonnegative(),
});
export type StaffCursor = z.infer<typeof StaffCursorSchema>;

/** GET /api/staff/board: every open visit of the restaurant, and the cursor per table it reflects. */
export const StaffBoardSchema = z.object({
  visits: z.array(StaffVisitSchema),
  cursors: z.array(StaffCursorSchema),
});
export type StaffBoard = z.infer<typeof StaffBoardSchema>;

/** `since` of the staff socket: `<tableId>:<cursor>` pairs joined by commas (at most one per table). */
export function formatStaffSince(cursors: readonly StaffCursor[]): string {
  return cursors.map((c) => `${c.tableId}:${c.cursor}`).join(',');
}
export function parseStaffSince(since: string): StaffCursor[] | null {
  if (since === '') return [];
  const cursors: StaffCursor[] = [];
  for (const pair of since.split(',')) {
    const match = /^(\d{1,10}):(\d{1,15})$/.exec(pair);
    if (!match) return null;
    cursors.push({ tableId: Number(match[1]), cursor: Number(match[2]) });
  }
  return cursors;
}

/**
 * Messages of the staff websocket `/api/staff/ws?since=<formatStaffSince>` (cookie session, same-origin
 * only). Table events of every table of the restaurant, replayed after each table's cursor on connect
 * (events of open visits for tables without a cursor), then `ready`, then live. A table's settings
 * changing (enabled, token rotated) is sent as `table.updated` (not replayed: the console refetches the
 * tables list after a reconnect).
 */
export const StaffReadyMessageSchema = z.object({ type: z.literal('ready') });
export const StaffTableUpdatedMessageSchema = z.object({
  type: z.literal('table.updated'),
  tableId: z.number().int(),
});
export const StaffServerMessageSchema = z.union([
  TableEventSchema,
  StaffReadyMessageSchema,
  StaffTableUpdatedMessageSchema,
  PrinterStatusMessageSchema,
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type StaffServerMessage = z.infer<typeof StaffServerMessageSchema>;
/** At most this many staff sockets per staff session (close 4429 beyond). */
export const MAX_STAFF_SOCKETS_PER_SESSION = 5;

/** PATCH /api/staff/orders/:orderId — a reason is required to reject (the diner sees it). */
export const ChangeOrderStatusRequestSchema = z
  .strictObject({ status: OrderStatusSchema, reason: z.string().trim().min(1).max(300).optional() })
  .refine((body) => body.status !== 'REJECTED' || body.reason !== undefined, {
    message: 'a reason is required to reject an order',
    path: ['reason'],
  });

export type ChangeOrderStatusRequest = z.infer<typeof ChangeOrderStatusRequestSchema>;

/** POST /api/staff/tables/:tableId/calls/:kind/acknowledge → 200 TableCall (404 when no such call). */
export const AcknowledgeCallParamsSchema = z.object({
  tableId: RowIdParamSchema,
  kind: TableCallKindSchema,
});

/** GET /api/staff/tables: every table of the restaurant with its open visit, unpaid amount and calls. */
export const StaffTableSchema = z.object({
  tableId: z.number().int(),
  tableNumber: z.number().int(),
  isEnabled: z.boolean(),
  /** The URL its QR code carries (with the token) — only for roles that may manage tables, else null. */
  orderingUrl: z.string().nullable(),
  visit: z
    .object({
      visitId: z.number().int(),
      openedAt: z.iso.datetime({ offset: true }),
      orderCount: z.number().int().nonnegative(),
      unpaidAmount: z.number().int().nonnegative(),
    })
    .nullable(),
  calls: z.array(TableCallSchema),
});
export type StaffTable = z.infer<typeof StaffTableSchema>;
export const StaffTablesSchema = z.object({ tables: z.array(StaffTableSchema), currency: z.string() });
export type StaffTables = z.infer<typeof StaffTablesSchema>;

/** PATCH /api/staff/tables/:tableId → 200 StaffTable. */
export const UpdateTableRequestSchema = z.strictObject({ isEnabled: z.boolean() });
/**
 * POST /api/staff/tables/:tableId/close. A visit with unpaid or pending units answers 409 (naming the
 * unpaid amount) unless `force` is true, which needs `closeUnpaidVisits` (403 otherwise) and cancels its
 * pending payments.
 */
export const CloseTableRequestSchema = z.strictObject({ force: z.boolean().default(false) });
export type CloseTableRequest = z.input<typeof CloseTableRequestSchema>;

/** POST /api/staff/tables/:tableId/rotate-token → 200 StaffTable (with the new orderingUrl). */

/** PUT /api/staff/menu-items/:menuItemId/availability → 200 the same body; 404 for another restaurant's. */
export const ItemAvailabilitySchema = z.strictObject({ availabilityType: AvailabilityTypeSchema });
export type ItemAvailability = z.infer<typeof ItemAvailabilitySchema>;

/** Languages of the QR sheet's instruction line: always Hungarian and English (`lang` orders the URL). */
export const QrSheetQuerySchema = z.object({ lang: z.enum(['hu', 'en']).default('hu') });

/** Staff API paths, relative to `/api` (kept out of `paths.ts` so that no diner page carries them). */
export const staffPaths = {
  login: () => '/staff/login',
  logout: () => '/staff/logout',
  me: () => '/staff/me',
  board: () => '/staff/board',
  order: (orderId: number) => `/staff/orders/${orderId}`,
  tables: () => '/staff/tables',
  table: (tableId: number) => `/staff/tables/${tableId}`,
  closeTable: (tableId: number) => `/staff/tables/${tableId}/close`,
  rotateToken: (tableId: number) => `/staff/tables/${tableId}/rotate-token`,
  acknowledgeCall: (tableId: number, kind: string) => `/staff/tables/${tableId}/calls/${kind}/acknowledge`,
  tableQr: (tableId: number) => `/staff/tables/${tableId}/qr.svg`,
  qrSheet: (lang: 'hu' | 'en') => `/staff/qr-sheet.pdf?lang=${lang}`,
  itemAvailability: (menuItemId: number) => `/staff/menu-items/${menuItemId}/availability`,
  /** The staff websocket. */
  live: () => '/staff/ws',
} as const;
