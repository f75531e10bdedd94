import type { OrderChoice } from '@tablo/contract/menu-options';
import { IDEMPOTENCY_HEADER } from '@tablo/contract/order';
import {
  type CreatePaymentRequest,
  CreatePaymentRequestSchema,
  type PayableLine,
  type PayableResponse,
  PayableResponseSchema,
  type Payment,
  type PaymentResult,
  PaymentResultSchema,
  PaymentSchema,
  type Receipt,
  ReceiptSchema,
} from '@tablo/contract/payment';
import { SESSION_HEADER } from '@tablo/contract/session-keys';
import { HttpResponse, http } from 'msw';

export const PAYMENT_ID = '0b5e4a52-6d1f-4c36-9a47-1f0c2b9d8e11';

function titles(en: string, hu: string) {
  return [
    { isoCode: 'en' as const, title: en },
    { isoCode: 'hu' as const, title: hu },
  ];
}

export function payableLine(
  overrides: Partial<PayableLine> & { orderItemId: number; en: string; hu: string },
): PayableLine {
  const { en, hu, ...rest } = overrides;
  const quantity = rest.quantity ?? 1;
  const paid = rest.paidQuantity ?? 0;
  const reserved = rest.reservedQuantity ?? 0;
  return {
    orderId: 40,
    menuItemId: 11,
    titles: titles(en, hu),
    unitPrice: 1000,
    vatPercent: 27,
    quantity,
    paidQuantity: paid,
    reservedQuantity: reserved,
    freeQuantity: quantity - paid - reserved,
    isMine: true,
    choices: [],
    ...rest,
  };
}

/** A visit with my goulash (2 × 2 490), someone's 4 beers (one being paid) and my fröccs (paid). */
export function makePayable(overrides: Partial<PayableResponse> = {}): PayableResponse {
  const lines = overrides.lines ?? [
    payableLine({ orderItemId: 101, en: 'Goulash soup', hu: 'Gulyásleves', unitPrice: 2490, quantity: 2 }),
    payableLine({
      orderItemId: 201,
      orderId: 41,
      menuItemId: 31,
      en: 'Draught beer',
      hu: 'Csapolt sör',
      unitPrice: 900,
      vatPercent: 27,
      quantity: 4,
      reservedQuantity: 1,
      isMine: false,
    }),
    payableLine({
      orderItemId: 102,
      en: 'Fröccs',
      hu: 'Fröccs',
      unitPrice: 700,
      quantity: 1,
      paidQuantity: 1,
    }),
  ];
  const free = lines.reduce((sum, line) => sum + line.freeQuantity * line.unitPrice, 0);
  const reserved = lines.reduce((sum, line) => sum + line.reservedQuantity * line.unitPrice, 0);
  return PayableResponseSchema.parse({
    visitId: 5,
    currency: 'HUF',
    lines,
    split: null,
    unpaidAmount: free + reserved,
    leftAmount: free,
    methods: ['CASH', 'CARD', 'ONLINE'],
    onlineProvider: 'sandbox',
    ...overrides,
  });
}

export function makePayment(overrides: Partial<Payment> = {}): Payment {
  return PaymentSchema.parse({
    id: PAYMENT_ID,
    visitId: 5,
    tableId: 1,
    status: 'PENDING',
    method: 'CASH',
    amount: 4980,
    tip: 498,
    currency: 'HUF',
    items: [
      {
        orderItemId: 101,
        titles: titles('Goulash soup', 'Gulyásleves'),
        unitPrice: 2490,
        vatPercent: 27,
        quantity: 2,
        amount: 4980,
      },
    ],
    shareCount: 0,
    checkoutUrl: null,
    createdAt: '2026-11-23T18:30:00.000Z',
    expiresAt: '2026-11-23T18:45:00.000Z',
    isMine: true,
    ...overrides,
  });
}

/** A receipt at two VAT rates: 2 goulash soups (27 %) and a 5 % dish, with a tip. */
/** Issue 27: the snapshot of a chosen option as an order keeps it (German and English titles). */
export function orderChoice(
  optionId: number,
  en: string,
  de: string,
  priceDelta: number,
  quantity = 1,
): OrderChoice {
  return {
    optionId,
    groupId: 1,
    groupTitles: [{ isoCode: 'en', title: 'Group' }],
    titles: [
      { isoCode: 'en', title: en },
      { isoCode: 'de', title: de },
    ],
    quantity,
    freeQuantity: 0,
    priceDelta,
    allergens: [],
  };
}

export function makeReceipt(overrides: Partial<Receipt> = {}): Receipt {
  return ReceiptSchema.parse({
    paymentId: PAYMENT_ID,
    receiptNumber: '20261123-0B5E4A52',
    restaurantName: 'Demo Bistro',
    restaurantAddress: null,
    taxNumber: null,
    timeZone: 'Europe/Budapest',
    tableNumber: 1,
    paidAt: '2026-11-23T18:31:00.000Z',
    method: 'CARD',
    currency: 'HUF',
    items: [
      {
        orderItemId: 101,
        titles: titles('Goulash soup', 'Gulyásleves'),
        unitPrice: 2490,
        vatPercent: 27,
        quantity: 2,
        amount: 4980,
      },
      {
        orderItemId: 103,
        titles: titles('Lángos', 'Lángos'),
        unitPrice: 1050,
        vatPercent: 5,
        quantity: 1,
        amount: 1050,
      },
    ],
    shares: null,
    // vat = round(gross × r / (100 + r)): 4980 × 27 / 127 = 1058.74 → 1059; 1050 × 5 / 105 = 50.
    vatLines: [
      { vatPercent: 5, gross: 1050, net: 1000, vat: 50 },
      { vatPercent: 27, gross: 4980, net: 3921, vat: 1059 },
    ],
    tip: 600,
    amount: 6030,
    total: 6630,
    ...overrides,
  });
}

function error(status: number, message: string) {
  return HttpResponse.json({ statusCode: status, error: 'Error', message }, { status });
}

type PaymentsServerOptions = {
  payable?: PayableResponse;
  /** The next payment requests are answered with this error (then `created`). */
  createError?: { status: number; message: string };
  /** What POST /api/payments answers (the request's method is kept). */
  created?: Partial<Payment>;
  result?: PaymentResult;
  receipt?: Receipt;
};

/** The payments API as the server answers it (checked against the contract), recording what was sent. */
export function paymentsServer(options: PaymentsServerOptions = {}) {
  const state = {
    payable: options.payable ?? makePayable(),
    payableReads: 0,
    requests: [] as { key: string | null; session: string | null; body: CreatePaymentRequest }[],
    createError: options.createError,
    result: options.result ?? { payment: makePayment(), unpaidAmount: 2700 },
    resultReads: 0,
    receipt: options.receipt ?? makeReceipt(),
    sessions: new Set<string | null>(),
  };
  const handlers = [
    http.get('/api/tables/:tableId/payable', ({ request }) => {
      state.sessions.add(request.headers.get(SESSION_HEADER));
      state.payableReads += 1;
      return HttpResponse.json(PayableResponseSchema.parse(state.payable));
    }),
    http.post('/api/payments', async ({ request }) => {
      const body = CreatePaymentRequestSchema.parse(await request.json());
      state.requests.push({
        key: request.headers.get(IDEMPOTENCY_HEADER),
        session: request.headers.get(SESSION_HEADER),
        body,
      });
      if (state.createError) {
        const { status, message } = state.createError;
        state.createError = undefined;
        return error(status, message);
      }
      const payment = makePayment({
        method: body.method,
        amount: body.expectedAmount,
        tip: body.tip,
        ...options.created,
      });
      return HttpResponse.json(PaymentSchema.parse(payment), { status: 201 });
    }),
    http.get('/api/payments/:paymentId', ({ request, params }) => {
      state.sessions.add(request.headers.get(SESSION_HEADER));
      state.resultReads += 1;
      if (params.paymentId !== state.result.payment.id) return error(404, 'Payment not found');
      return HttpResponse.json(PaymentResultSchema.parse(state.result));
    }),
    http.get('/api/payments/:paymentId/receipt', ({ request, params }) => {
      state.sessions.add(request.headers.get(SESSION_HEADER));
      if (params.paymentId !== state.receipt.paymentId) return error(404, 'Payment not found');
      return HttpResponse.json(ReceiptSchema.parse(state.receipt));
    }),
  ];
  return { handlers, state };
}
