import { z } from 'zod';
import { RowIdSchema } from './ids.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES } from './languages.ts';
import { IdempotencyKeySchema, OrderItemSchema } from './order.ts';

/**
 * Paying from the phone (DESIGN §7, docs/decisions/019-payments.md). A payment covers quantities of the
 * payer's own open visit; every amount comes from the database. Quantities inside a PENDING payment are
 * reserved for it until it succeeds (paid), fails, is cancelled or expires.
 */
export const PAYMENT_METHODS = ['CASH', 'CARD', 'ONLINE'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const PAYMENT_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/** A pending payment's reservation lapses after this many minutes (PAYMENT_RESERVATION_MINUTES). */
export const DEFAULT_PAYMENT_RESERVATION_MINUTES = 15;
/** Tip choices offered as percentages of the amount; a custom amount is allowed too. */
export const TIP_PERCENTAGES = [5, 10, 15] as const;
export const MAX_TIP = 1_000_000;
export const MAX_SHARES = 20;

export const OnlineProviderSchema = z.enum(['sandbox', 'stripe']);
export type OnlineProvider = z.infer<typeof OnlineProviderSchema>;

/** One order line as the payment summary shows it. */
export const PayableLineSchema = z.object({
  orderItemId: z.number().int(),
  orderId: z.number().int(),
  menuItemId: z.number().int(),
  titles: OrderItemSchema.shape.titles,
  unitPrice: z.number().int().nonnegative(),
  vatPercent: z.number(),
  quantity: z.number().int().positive(),
  paidQuantity: z.number().int().nonnegative(),
  /** Inside someone's pending payment or an open split right now: not selectable. */
  reservedQuantity: z.number().int().nonnegative(),
  /** quantity − paid − reserved: what can be selected. */
  freeQuantity: z.number().int().nonnegative(),
  /** The reading session placed the order of this line ("my items"). */
  isMine: z.boolean(),
  /** Issue 27: the line's choices as ordered (its `unitPrice` includes them). */
  choices: OrderItemSchema.shape.choices,
});
export type PayableLine = z.infer<typeof PayableLineSchema>;

/** An equal split of what was left when it was started: N exact integer shares (the first ones +1). */
export const BillSplitSchema = z.object({
  id: z.number().int(),
  shares: z.number().int().min(2).max(MAX_SHARES),
  /** The amount divided, fixed when the split started. */
  amount: z.number().int().nonnegative(),
  paidShares: z.number().int().nonnegative(),
  reservedShares: z.number().int().nonnegative(),
  /** The amount of the next share to pay (shares differ by at most 1 Ft). */
  nextShareAmount: z.number().int().nonnegative(),
});
export type BillSplit = z.infer<typeof BillSplitSchema>;

/** GET /api/tables/:tableId/payable (session header): the open visit's payable lines (accepted or served). */
export const PayableResponseSchema = z.object({
  visitId: z.number().int().nullable(),
  currency: z.string().length(3),
  lines: z.array(PayableLineSchema),
  split: BillSplitSchema.nullable(),
  /** Everything still unpaid (free + reserved), in minor units. */
  unpaidAmount: z.number().int().nonnegative(),
  /** What "pay what is left" would pay now: free lines plus the split's unreserved shares. */
  leftAmount: z.number().int().nonnegative(),
  methods: z.array(PaymentMethodSchema),
  onlineProvider: OnlineProviderSchema.nullable(),
});
export type PayableResponse = z.infer<typeof PayableResponseSchema>;

export const PaymentSelectionSchema = z.discriminatedUnion('kind', [
  /** Hand-picked quantities ("my items" and "everything" are selections the client builds). */
  z.strictObject({
    kind: z.literal('items'),
    items: z
      .array(
        z.strictObject({
          orderItemId: RowIdSchema,
          quantity: z.number().int().min(1).max(50),
        }),
      )
      .min(1)
      .max(200),
  }),
  /** Divide equally: start (or join) a split of N shares and pay `count` of them. */
  z.strictObject({
    kind: z.literal('shares'),
    shares: z.number().int().min(2).max(MAX_SHARES),
    count: z.number().int().min(1).max(MAX_SHARES),
  }),
  /** Pay what is left: every free quantity and every unreserved share. */
  z.strictObject({ kind: z.literal('rest') }),
]);
export type PaymentSelection = z.infer<typeof PaymentSelectionSchema>;

/** POST /api/payments with the Idempotency-Key header (same key + same body → the stored answer). */
export const CreatePaymentRequestSchema = z.strictObject({
  tableId: RowIdSchema,
  method: PaymentMethodSchema,
  selection: PaymentSelectionSchema,
  tip: z.number().int().min(0).max(MAX_TIP).default(0),
  /** The amount (without tip) the diner saw; a different server amount answers 409 (prices moved). */
  expectedAmount: z.number().int().nonnegative(),
  /** The diner's language: an ONLINE payment returns to the result page in it. */
  lang: z.enum(LANGUAGE_CODES).default(DEFAULT_LANGUAGE),
});
export type CreatePaymentRequest = z.infer<typeof CreatePaymentRequestSchema>;
export { IdempotencyKeySchema };

export const PaymentItemSchema = z.object({
  orderItemId: z.number().int(),
  titles: OrderItemSchema.shape.titles,
  unitPrice: z.number().int().nonnegative(),
  vatPercent: z.number(),
  quantity: z.number().int().positive(),
  amount: z.number().int().nonnegative(),
  /** Issue 27: the line's choices as ordered: the receipt lists them under the line. */
  choices: OrderItemSchema.shape.choices,
});

export const PaymentSchema = z.object({
  id: z.uuid(),
  visitId: z.number().int(),
  tableId: z.number().int(),
  status: PaymentStatusSchema,
  method: PaymentMethodSchema,
  amount: z.number().int().nonnegative(),
  tip: z.number().int().nonnegative(),
  currency: z.string().length(3),
  items: z.array(PaymentItemSchema),
  /** Shares of a split this payment covers (0 for an item payment). */
  shareCount: z.number().int().nonnegative(),
  /** Where an ONLINE payment is completed (the provider's hosted page); null otherwise. */
  checkoutUrl: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  /** True when the reading session made it. */
  isMine: z.boolean(),
  /**
   * Money the provider took after the payment had ended (docs/decisions/052): it paid the units after
   * all (ACCEPTED, status SUCCEEDED), or it is being / was given back (REFUNDING, REFUNDED). Absent: none.
   */
  lateOutcome: z.enum(['ACCEPTED', 'REFUNDING', 'REFUNDED']).nullable().optional(),
});
export type Payment = z.infer<typeof PaymentSchema>;

/** GET /api/payments/:paymentId (session header): the payment and what is left to pay at the table. */
export const PaymentResultSchema = z.object({
  payment: PaymentSchema,
  unpaidAmount: z.number().int().nonnegative(),
});
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

/** A receipt line per VAT rate, computed from gross prices the way Hungarian receipts do. */
export const ReceiptVatLineSchema = z.object({
  vatPercent: z.number(),
  gross: z.number().int().nonnegative(),
  net: z.number().int().nonnegative(),
  vat: z.number().int().nonnegative(),
});

/** A refund of the payment as its receipt shows it (docs/decisions/053): only money that went back. */
export const ReceiptRefundSchema = z.object({
  amount: z.number().int().positive(),
  reason: z.string(),
  refundedAt: z.iso.datetime({ offset: true }),
});

/**
 * GET /api/payments/:paymentId/receipt (session header): only for a SUCCEEDED payment. A payment receipt,
 * not the fiscal receipt the restaurant's till issues (issue 24 §15).
 */
export const ReceiptSchema = z.object({
  paymentId: z.uuid(),
  /** The paying day in the restaurant's time zone and the payment's first 8 hex digits: "20261127-0B5E4A52". */
  receiptNumber: z.string(),
  restaurantName: z.string(),
  /** Null when the restaurant has not set one: the receipt leaves it out. */
  restaurantAddress: z.string().nullable(),
  taxNumber: z.string().nullable(),
  /** The restaurant's IANA time zone: `paidAt` is shown on its clock, wherever the phone is. */
  timeZone: z.string(),
  tableNumber: z.number().int(),
  paidAt: z.iso.datetime({ offset: true }),
  method: PaymentMethodSchema,
  currency: z.string().length(3),
  items: z.array(PaymentItemSchema),
  /** Present for a share payment: "2 of 4 equal shares" of the split's amount, and what the split covers. */
  shares: z
    .object({
      count: z.number().int(),
      of: z.number().int(),
      splitAmount: z.number().int().nonnegative(),
      splitItems: z.array(PaymentItemSchema),
    })
    .nullable(),
  vatLines: z.array(ReceiptVatLineSchema),
  tip: z.number().int().nonnegative(),
  amount: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** Refunds of the payment that went back, oldest first (none: empty). */
  refunds: z.array(ReceiptRefundSchema).default([]),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

export const paymentPaths = {
  payable: (tableId: number) => `/tables/${tableId}/payable`,
  payments: () => '/payments',
  payment: (paymentId: string) => `/payments/${encodeURIComponent(paymentId)}`,
  receipt: (paymentId: string) => `/payments/${encodeURIComponent(paymentId)}/receipt`,
  /** The sandbox provider's hosted checkout page (not under /api: a page). */
  sandboxCheckout: (paymentId: string) => `/sandbox-checkout/${encodeURIComponent(paymentId)}`,
  stripeWebhook: () => '/payments/webhooks/stripe',
  staffConfirm: (paymentId: string) => `/staff/payments/${encodeURIComponent(paymentId)}/confirm`,
  staffCancel: (paymentId: string) => `/staff/payments/${encodeURIComponent(paymentId)}/cancel`,
} as const;
