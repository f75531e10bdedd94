import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/server.ts';
import { makeOrder } from '../testing/ordering-fixtures.ts';
import { ORDER_IN_PROGRESS_MESSAGE, PLACE_ORDER_MAX_ATTEMPTS, placeOrder } from './place-order.ts';

const body = {
  sessionId: '3b241101-e2bb-4255-8caf-4136c566a962',
  tableId: 1,
  note: '',
  items: [{ menuItemId: 11, quantity: 1, note: '' }],
};
const noWait = { sleep: async () => {}, random: () => 1 };

function answers(...replies: (() => Response)[]) {
  const keys: (string | null)[] = [];
  server.use(
    http.post('/api/orders', ({ request }) => {
      keys.push(request.headers.get('idempotency-key'));
      const reply = replies[Math.min(keys.length - 1, replies.length - 1)];
      return reply ? reply() : HttpResponse.error();
    }),
  );
  return keys;
}

const inProgress = () =>
  HttpResponse.json(
    { statusCode: 409, error: 'Conflict', message: ORDER_IN_PROGRESS_MESSAGE },
    { status: 409 },
  );
const created = () => HttpResponse.json(makeOrder({ id: 7 }), { status: 201 });

describe('placeOrder', () => {
  it('retries "still being processed" and lost answers with the same key until the order arrives', async () => {
    const keys = answers(() => HttpResponse.error(), inProgress, created);
    const result = await placeOrder(body, 'cart-key-1234', noWait);
    expect(result.ok && result.data.id).toBe(7);
    expect(keys).toEqual(['cart-key-1234', 'cart-key-1234', 'cart-key-1234']);
  });

  it('gives up after a bounded number of attempts', async () => {
    const keys = answers(() => HttpResponse.error());
    const result = await placeOrder(body, 'cart-key-1234', noWait);
    expect(result).toMatchObject({ ok: false, status: 0 });
    expect(keys).toHaveLength(PLACE_ORDER_MAX_ATTEMPTS);
  });

  it('does not retry a refusal (a sold-out dish is a 409 too)', async () => {
    const keys = answers(() =>
      HttpResponse.json(
        { statusCode: 409, error: 'Conflict', message: 'Menu item 12 (Goulash soup) is sold out' },
        { status: 409 },
      ),
    );
    const result = await placeOrder(body, 'cart-key-1234', noWait);
    expect(result).toMatchObject({
      ok: false,
      status: 409,
      message: 'Menu item 12 (Goulash soup) is sold out',
    });
    expect(keys).toHaveLength(1);
  });
});
