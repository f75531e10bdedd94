import { ErrorBodySchema } from '@tablo/contract/errors';
import { type Figures, FiguresQuerySchema, FiguresSchema } from '@tablo/contract/figures';
import { HttpResponse, http } from 'msw';

const HOURS = [...Array(24).keys()].map((index) => (index + 4) % 24);

/** A Friday at the demo bistro: two rates, every method, a refund, a forced close, choices and ratings. */
export function demoFigures(day = '2026-11-27'): Figures {
  return FiguresSchema.parse({
    from: day,
    to: day,
    timeZone: 'Europe/Budapest',
    cutoffHour: 4,
    currency: 'HUF',
    start: `${day}T03:00:00.000Z`,
    end: '2026-11-28T03:00:00.000Z',
    visits: 12,
    orders: 31,
    rejectedOrders: 2,
    waitingOrders: 0,
    sales: {
      gross: 154_380,
      net: 135_030,
      vat: 19_350,
      byRate: [
        { vatPercent: 5, gross: 98_490, net: 93_800, vat: 4690 },
        { vatPercent: 27, gross: 55_890, net: 41_230, vat: 14_660 },
      ],
    },
    averagePerVisit: 12_865,
    payments: {
      count: 14,
      amount: 140_200,
      tip: 9800,
      byMethod: [
        { method: 'CASH', count: 6, amount: 52_300, tip: 4000 },
        { method: 'CARD', count: 5, amount: 61_400, tip: 3800 },
        { method: 'ONLINE', count: 3, amount: 26_500, tip: 2000 },
      ],
    },
    refunds: {
      count: 1,
      amount: 2490,
      byMethod: [
        { method: 'CASH', count: 1, amount: 2490 },
        { method: 'CARD', count: 0, amount: 0 },
        { method: 'ONLINE', count: 0, amount: 0 },
      ],
    },
    takings: 147_510,
    unpaid: { open: 9690, closedByForce: 4490, forcedVisits: 1 },
    dishes: [
      {
        menuItemId: 1,
        titles: [
          { isoCode: 'hu', title: 'Sör' },
          { isoCode: 'en', title: 'Beer' },
        ],
        quantity: 41,
        gross: 40_590,
      },
      {
        menuItemId: 2,
        titles: [
          { isoCode: 'hu', title: 'Gulyásleves' },
          { isoCode: 'en', title: 'Goulash soup' },
        ],
        quantity: 23,
        gross: 57_270,
      },
    ],
    choices: [
      {
        optionId: 7,
        groupTitles: [{ isoCode: 'en', title: 'Sauces' }],
        titles: [{ isoCode: 'en', title: 'Pepper sauce' }],
        quantity: 9,
      },
    ],
    hours: HOURS.map((hour) => ({
      hour,
      orders: hour === 19 ? 11 : hour === 20 ? 20 : 0,
      gross: hour === 19 ? 54_380 : hour === 20 ? 100_000 : 0,
    })),
    ratings: [{ menuItemId: 2, titles: [{ isoCode: 'en', title: 'Goulash soup' }], likes: 5, dislikes: 1 }],
  });
}

/** An empty day: nothing ordered, nothing paid. */
export function emptyFigures(day: string): Figures {
  const base = demoFigures(day);
  return FiguresSchema.parse({
    ...base,
    visits: 0,
    orders: 0,
    rejectedOrders: 0,
    sales: { gross: 0, net: 0, vat: 0, byRate: [] },
    averagePerVisit: 0,
    payments: {
      count: 0,
      amount: 0,
      tip: 0,
      byMethod: base.payments.byMethod.map((m) => ({ ...m, count: 0, amount: 0, tip: 0 })),
    },
    refunds: {
      count: 0,
      amount: 0,
      byMethod: base.refunds.byMethod.map((m) => ({ ...m, count: 0, amount: 0 })),
    },
    takings: 0,
    unpaid: { open: 0, closedByForce: 0, forcedVisits: 0 },
    dishes: [],
    choices: [],
    hours: base.hours.map((hour) => ({ ...hour, orders: 0, gross: 0 })),
    ratings: [],
  });
}

/** GET /api/staff/figures: the query checked against the contract; `answer` picks the day's figures. */
export function figuresServer(
  answer: (range: { from?: string; to?: string }) => Figures | { status: number; message: string },
) {
  const reads: { from?: string; to?: string }[] = [];
  return {
    reads,
    handlers: [
      http.get('/api/staff/figures', ({ request }) => {
        const range = FiguresQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
        reads.push(range);
        const figures = answer(range);
        if ('status' in figures)
          return HttpResponse.json(
            ErrorBodySchema.parse({ statusCode: figures.status, error: 'Error', message: figures.message }),
            { status: figures.status },
          );
        return HttpResponse.json(FiguresSchema.parse(figures));
      }),
    ],
  };
}
