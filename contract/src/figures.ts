import { z } from 'zod';
import { LANGUAGE_CODES } from './language-list.ts';
import { PaymentMethodSchema } from './payment.ts';

/**
 * The day's figures (issue 28, docs/decisions/076): a business day — from the restaurant's cut-off hour to
 * the next day's, in its time zone — or a range of them, for OWNER and MANAGER (`viewFigures`).
 *
 * What counts where: an order belongs to the business day in which it was PLACED (its sales, VAT, dishes,
 * choices, hours and visits); money belongs to the day it moved — a payment to the day it SUCCEEDED
 * (`paid_at`), a refund to the day it was given back (`refunded_at`). All money is integer forints.
 */

/** A range of more days is refused (a year and a day covers any year). */
export const FIGURES_MAX_DAYS = 366;

/** `YYYY-MM-DD`, a real calendar date. */
export const BusinessDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'is not a calendar date');

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * GET /api/staff/figures?from&to (from = to, or `to` left out, for one business day; neither → today's
 * business day as the restaurant's clock reads it). The CSV takes the same, and the language its names
 * are written in.
 */
const rangeShape = { from: BusinessDateSchema.optional(), to: BusinessDateSchema.optional() };

function rangeRules<T extends { from?: string | undefined; to?: string | undefined }>(schema: z.ZodType<T>) {
  return schema
    .refine(({ from, to }) => !to || !from || from <= to, {
      message: '"from" must not be after "to"',
      path: ['to'],
    })
    .refine(({ from, to }) => !to || !from || daysBetween(from, to) < FIGURES_MAX_DAYS, {
      message: `a range covers at most ${FIGURES_MAX_DAYS} business days`,
      path: ['to'],
    });
}

export const FiguresQuerySchema = rangeRules(z.strictObject(rangeShape));
export type FiguresQuery = z.infer<typeof FiguresQuerySchema>;

export const FiguresCsvQuerySchema = rangeRules(
  z.strictObject({ ...rangeShape, lang: z.enum(LANGUAGE_CODES).optional() }),
);

const Money = z.number().int();
const Count = z.number().int().nonnegative();
const TitlesSchema = z.array(z.object({ isoCode: z.string(), title: z.string() }));

/** One VAT rate's sales: net + vat = gross exactly (VAT rounded per rate and business day). */
export const VatRateFiguresSchema = z.object({
  vatPercent: z.number(),
  gross: Money,
  net: Money,
  vat: Money,
});

export const PaymentMethodFiguresSchema = z.object({
  method: PaymentMethodSchema,
  count: Count,
  /** What the payments paid of the bill (without tips). */
  amount: Money,
  tip: Money,
});

export const RefundMethodFiguresSchema = z.object({
  method: PaymentMethodSchema,
  count: Count,
  amount: Money,
});

export const DishFiguresSchema = z.object({
  menuItemId: z.number().int(),
  /** The dish's names as its latest order of the range kept them. */
  titles: TitlesSchema,
  quantity: Count,
  gross: Money,
});

export const ChoiceFiguresSchema = z.object({
  optionId: z.number().int(),
  groupTitles: TitlesSchema,
  titles: TitlesSchema,
  /** Units sold with it: the choice's count on a line × the line's quantity. */
  quantity: Count,
});

export const RatingFiguresSchema = z.object({
  menuItemId: z.number().int(),
  titles: TitlesSchema,
  likes: Count,
  dislikes: Count,
});

/** Sales by the restaurant's local hour (0–23) at which the orders were placed. */
export const HourFiguresSchema = z.object({
  hour: z.number().int().min(0).max(23),
  orders: Count,
  gross: Money,
});

export const FiguresSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  cutoffHour: z.number().int(),
  currency: z.string().length(3),
  /** The range's first instant and the instant after its last (business-day bounds). */
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
  /** Table visits with at least one accepted order in the range. */
  visits: Count,
  /** Orders accepted (ACCEPTED, SERVED or PAID): what the sales are made of. */
  orders: Count,
  rejectedOrders: Count,
  /** Placed and never accepted nor rejected yet. */
  waitingOrders: Count,
  sales: z.object({ gross: Money, net: Money, vat: Money, byRate: z.array(VatRateFiguresSchema) }),
  /** Sales gross / visits, rounded to the forint (0 without visits). */
  averagePerVisit: Money,
  payments: z.object({
    count: Count,
    amount: Money,
    tip: Money,
    byMethod: z.array(PaymentMethodFiguresSchema),
  }),
  refunds: z.object({ count: Count, amount: Money, byMethod: z.array(RefundMethodFiguresSchema) }),
  /** Payments + tips − refunds: the money the restaurant keeps. */
  takings: Money,
  /**
   * The accepted orders' units nobody paid: on visits still open, and on visits closed with them unpaid
   * (a forced close), with how many such visits.
   */
  unpaid: z.object({ open: Money, closedByForce: Money, forcedVisits: Count }),
  /** Best-selling first (units, then gross). */
  dishes: z.array(DishFiguresSchema),
  choices: z.array(ChoiceFiguresSchema),
  /** All 24 hours, starting at the cut-off hour (the business day's own order). */
  hours: z.array(HourFiguresSchema),
  /** Likes and dislikes given in the range, per dish. */
  ratings: z.array(RatingFiguresSchema),
});
export type Figures = z.infer<typeof FiguresSchema>;

export const figuresPaths = {
  /** Without a range: today's business day. */
  figures: (range?: { from: string; to: string }) =>
    range ? `/staff/figures?${new URLSearchParams(range)}` : '/staff/figures',
  csv: (range: { from: string; to: string }, lang: string) =>
    `/staff/figures.csv?${new URLSearchParams({ ...range, lang })}`,
} as const;
