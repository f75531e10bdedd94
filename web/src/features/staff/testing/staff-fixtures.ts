import { type Order, OrderSchema } from '@tablo/contract/order';
import { type StaffBoard, StaffBoardSchema, type StaffVisit, StaffVisitSchema } from '@tablo/contract/staff';

export function staffOrder(overrides: Partial<Order> & { id: number }): Order {
  return OrderSchema.parse({
    visitId: 50,
    tableId: 1,
    status: 'PLACED',
    note: '',
    total: 4980,
    currency: 'HUF',
    isMine: false,
    rejectReason: null,
    items: [
      {
        id: overrides.id * 100,
        menuItemId: 11,
        titles: [
          { isoCode: 'en', title: 'Goulash soup' },
          { isoCode: 'hu', title: 'Gulyásleves' },
        ],
        unitPrice: 2490,
        vatPercent: 27,
        quantity: 2,
        paidQuantity: 0,
        note: '',
        lineTotal: 4980,
        choices: [],
      },
    ],
    createdAt: '2025-05-01T12:00:00.000Z',
    updatedAt: '2025-05-01T12:00:00.000Z',
    ...overrides,
  });
}

export function staffVisit(
  overrides: Partial<StaffVisit> & { visitId: number; tableId: number },
): StaffVisit {
  return StaffVisitSchema.parse({
    tableNumber: overrides.tableId,
    openedAt: '2025-05-01T11:50:00.000Z',
    orders: [],
    calls: [],
    unpaidAmount: 0,
    payments: [],
    ...overrides,
  });
}

/** Table 1 with a new order (5) and an accepted one (6); table 2 with a served one (7), none paid. */
export function demoBoard(): StaffBoard {
  return StaffBoardSchema.parse({
    visits: [
      staffVisit({
        visitId: 50,
        tableId: 1,
        orders: [
          staffOrder({ id: 5, note: 'quickly please' }),
          staffOrder({
            id: 6,
            status: 'ACCEPTED',
            items: [
              {
                id: 600,
                menuItemId: 21,
                titles: [
                  { isoCode: 'en', title: 'Schnitzel' },
                  { isoCode: 'hu', title: 'Rántott hús' },
                ],
                unitPrice: 3990,
                vatPercent: 27,
                quantity: 1,
                paidQuantity: 0,
                note: 'no lemon',
                lineTotal: 3990,
                choices: [],
              },
            ],
            total: 3990,
          }),
        ],
        // The accepted order only: a PLACED order is not owed yet.
        unpaidAmount: 3990,
      }),
      staffVisit({
        visitId: 51,
        tableId: 2,
        orders: [staffOrder({ id: 7, visitId: 51, tableId: 2, status: 'SERVED' })],
        unpaidAmount: 4980,
      }),
    ],
    cursors: [
      { tableId: 1, cursor: 10 },
      { tableId: 2, cursor: 20 },
    ],
  });
}
