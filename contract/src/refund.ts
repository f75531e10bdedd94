import { z } from 'zod';
import { IDEMPOTENCY_HEADER, IdempotencyKeySchema } from './order.ts';
import { PaymentMethodSchema, PaymentStatusSchema } from './payment.ts';

/**
 * Refunds (issue 23 point 8, docs/decisions/053): OWNER and MANAGER give back all or part of a SUCCEEDED
 * payment — online through the provider's refund, cash and card recorded as handed back — with a reason.
 * The refunds of a payment never add up to more than its amount + tip. Amounts are in the restaurant's
 * currency unit in use (whole forints for HUF), like payments.
 */

/** POST …/refunds carries an Idempotency-Key like a payment: same key + same body → the first answer. */
export { IDEMPOTENCY_HEADER, IdempotencyKeySchema };

export const REFUND_REASON_MAX_LENGTH = 200;

/**
 * PENDING: an online refund the provider has not confirmed yet (its amount counts as refunded, so nothing
 * can be refunded twice meanwhile); SUCCEEDED: the money went back; FAILED: the provider refused it.
 */
export const REFUND_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export const RefundStatusSchema = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof RefundStatusSchema>;

/** POST /api/staff/payments/:paymentId/refunds → 201 Refund (a replay of its key: the same refund). */
export const CreateRefundRequestSchema = z.strictObject({
  /** At most what is left to refund of the payment (amount + tip − earlier refunds): 409 otherwise. */
  amount: z.number().int().positive(),
  reason: z.string().trim().min(1).max(REFUND_REASON_MAX_LENGTH),
});
export type CreateRefundRequest = z.infer<typeof CreateRefundRequestSchema>;

export const RefundSchema = z.object({
  id: z.uuid(),
  paymentId: z.uuid(),
  amount: z.number().int().positive(),
  reason: z.string(),
  /** The payment's method: ONLINE went back through the provider, CASH and CARD were handed back. */
  method: PaymentMethodSchema,
  status: RefundStatusSchema,
  /** Who refunded it (their e-mail); null once that account was deleted. */
  refundedBy: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** When the money went back (SUCCEEDED); null otherwise. */
  refundedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Refund = z.infer<typeof RefundSchema>;

/** A payment as the staff's refund screen shows it: what was paid and what can still be refunded. */
export const StaffPaymentSchema = z.object({
  id: z.uuid(),
  tableNumber: z.number().int(),
  method: PaymentMethodSchema,
  status: PaymentStatusSchema,
  amount: z.number().int().nonnegative(),
  tip: z.number().int().nonnegative(),
  currency: z.string().length(3),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  /** Refunds that went back or are on their way (SUCCEEDED + PENDING). */
  refundedAmount: z.number().int().nonnegative(),
  /** amount + tip − refundedAmount for a SUCCEEDED payment; 0 for any other. */
  refundableAmount: z.number().int().nonnegative(),
  refunds: z.array(RefundSchema),
});
export type StaffPayment = z.infer<typeof StaffPaymentSchema>;

/** GET /api/staff/payments: the restaurant's payments that succeeded in the last 24 hours, newest first. */
export const StaffPaymentsSchema = z.object({ payments: z.array(StaffPaymentSchema) });
export type StaffPayments = z.infer<typeof StaffPaymentsSchema>;

/** Staff refund paths, relative to `/api`. */
export const refundPaths = {
  payments: () => '/staff/payments',
  payment: (paymentId: string) => `/staff/payments/${encodeURIComponent(paymentId)}`,
  refunds: (paymentId: string) => `/staff/payments/${encodeURIComponent(paymentId)}/refunds`,
} as const;
