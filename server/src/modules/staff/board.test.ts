import { OrderSchema } from '@tablo/contract/order';
import { StaffBoardSchema } from '@tablo/contract/staff';
import { eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrderingApp,
  joinedSession,
  type OrderingContext,
  postOrder,
} from '../../../test/helpers/ordering-kit.ts';
import { type LoggedIn, logIn, STAFF_PASSWORD, staffRequest } from '../../../test/helpers/staff-live.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { orderItem, tableEvent } from '../../db/schema.ts';
import { createStaff } from './create-staff.ts';

describe.each(testDatabaseKinds())('staff board on %s', (kind) => {
  let ctx: OrderingContext;
  let waiter: LoggedIn;

  beforeAll(async () => {
    ctx = await createOrderingApp(kind);
    await createStaff(ctx.database, {
      shortName: 'bistro',
      email: 'wendy@bistro.test',
      password: STAFF_PASSWORD,
    });
    waiter = await logIn(ctx.app, 'wendy@bistro.test');
  });
  afterAll(() => ctx.close());

  async function readBoard() {
    return StaffBoardSchema.parse((await staffRequest(ctx.app, waiter, 'GET', '/api/staff/board')).json());
  }

  it('shows each open visit’s calls and unpaid amount, and every table’s latest cursor', async () => {
    const tableId = ctx.bistro.tables[1] as number;
    const { sessionId, joined } = await joinedSession(ctx, 'bistro', tableId);
    const place = async (key: string, quantity: number) =>
      OrderSchema.parse(
        (
          await postOrder(ctx.app, key, {
            sessionId,
            tableId,
            items: [{ menuItemId: ctx.bistro.items.goulash, quantity }],
          })
        ).json(),
      );
    const kept = await place('board-kept-1', 3);
    const rejected = await place('board-rejected-1', 1);
    await staffRequest(ctx.app, waiter, 'PATCH', `/api/staff/orders/${rejected.id}`, {
      status: 'REJECTED',
      reason: 'Out of goulash',
    });
    // Payable once accepted (a PLACED order is not owed yet: docs/decisions/019-payments.md).
    await staffRequest(ctx.app, waiter, 'PATCH', `/api/staff/orders/${kept.id}`, { status: 'ACCEPTED' });
    // One of the three paid (what the payment flow records on the line).
    await ctx.database.db.update(orderItem).set({ paidQuantity: 1 }).where(eq(orderItem.orderId, kept.id));
    const called = await ctx.app.inject({
      method: 'POST',
      url: `/api/tables/${tableId}/calls`,
      headers: { 'x-session-id': sessionId },
      payload: { kind: 'BILL' },
    });

    const board = await readBoard();
    const visit = board.visits.find((v) => v.visitId === joined.visitId);
    const unitPrice = kept.items[0]?.unitPrice ?? 0;
    expect(visit?.unpaidAmount).toBe(unitPrice * 2);
    expect(visit?.calls).toEqual([called.json()]);
    expect(visit?.payments).toEqual([]);
    expect(visit?.orders.map((o) => o.id).sort()).toEqual([kept.id, rejected.id].sort());

    // Every table of the restaurant (none of another), its latest event id or 0.
    const [latest] = await ctx.database.db
      .select({ cursor: max(tableEvent.id) })
      .from(tableEvent)
      .where(eq(tableEvent.tableId, tableId));
    const expected = Object.values(ctx.bistro.tables).map((id) => ({
      tableId: id,
      cursor: id === tableId ? Number(latest?.cursor) : 0,
    }));
    expect([...board.cursors].sort((x, y) => x.tableId - y.tableId)).toEqual(
      expected.sort((x, y) => x.tableId - y.tableId),
    );
  });
});
