import { createHash } from 'node:crypto';
import { choicesKey } from '@tablo/contract/choices';
import { ERROR_TEXTS } from '@tablo/contract/errors';
import type { LanguageCode } from '@tablo/contract/languages';
import type { Order, PlaceOrderRequest, TableOrdersResponse } from '@tablo/contract/order';
import type { Database } from '../../db/database.ts';
import { forbidden, HttpError, TooManyRequestsError } from '../../lib/http-error.ts';
import { refuseOutsideHours } from '../hours/service.ts';
import { appendTableEvent } from '../live/event-log.ts';
import { orderableAt } from '../menu-windows/menu-at.ts';
import { enqueueOrderTickets } from '../printing/enqueue.ts';
import { requireIssuedSession } from '../table-sessions/index.ts';
import { findJoinedOpenVisit, hadClosedVisitAt } from '../visits/joined-visit.ts';
import { describeProblems, lineChoiceProblems, priceLine } from './line-choices.ts';
import { readOrderContext } from './order-context.ts';
import {
  asSeenBy,
  insertOrder,
  loadOrders,
  type MenuItemForOrder,
  type StoredOrder,
  tryLockIdempotencyKey,
} from './repository.ts';

export const ORDER_TEXTS = {
  inProgress: 'This order is still being processed',
  keyReused: 'This idempotency key was already used for a different order',
  tooMany: 'Too many orders in the last minute: please wait a moment and try again',
} as const;

export interface PlaceOrderOptions {
  /** Orders one session may place per minute (replays of an order do not count). */
  ordersPerMinute: number;
  /** The instant the opening hours are read at (the app's clock), and the language a refusal is written in. */
  now: Date;
  language: LanguageCode;
}

/** sha256 of the request in a canonical form, to tell a replay from a different order under one key. */
export function requestHash(body: PlaceOrderRequest): string {
  const canonical = JSON.stringify([
    body.sessionId,
    body.tableId,
    body.note,
    // Issue 27: a line's choices are part of the body (in a canonical order); a line without any hashes as before.
    body.items.map((line) =>
      line.choices.length === 0
        ? [line.menuItemId, line.quantity, line.note]
        : [line.menuItemId, line.quantity, line.note, choicesKey(line.choices)],
    ),
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/**
 * The first answer to an order, rebuilt from the stored row: what was placed is immutable, and the
 * answer at placing time had status PLACED and nothing paid. A replay gets exactly these bytes again;
 * the order's current state is read from My Table or the live events.
 */
export function asFirstAnswer(order: StoredOrder): Order {
  return {
    ...asSeenBy(order, order.sessionId),
    status: 'PLACED',
    rejectReason: null,
    updatedAt: order.createdAt,
    items: order.items.map((line) => ({ ...line, paidQuantity: 0 })),
  };
}

function titleOf(item: MenuItemForOrder): string {
  const title = item.titles.find((t) => t.isoCode === 'en') ?? item.titles[0];
  return title ? `Menu item ${item.id} (${title.title})` : `Menu item ${item.id}`;
}

/**
 * Every problem with the cart at once; 409 when all are sold-out items (the cart was fine a moment ago).
 * Issue 28: an item outside its (or its category's) window is refused like one no longer on the menu (422),
 * and one whose "sold out for today" has ended is orderable, whatever its row still says.
 */
function checkItems(
  items: Map<number, MenuItemForOrder>,
  ids: number[],
  restaurantId: number,
  now: Date,
): void {
  const problems: string[] = [];
  let onlySoldOut = true;
  for (const id of new Set(ids)) {
    const item = items.get(id);
    if (!item || item.restaurantId !== restaurantId) {
      problems.push(`Menu item ${id} is not on this restaurant's menu`);
      onlySoldOut = false;
    } else if (!item.isActive || !item.categoryActive) {
      problems.push(`${titleOf(item)} is no longer on the menu`);
      onlySoldOut = false;
    } else if (!orderableAt(item, now).offered) {
      problems.push(`${titleOf(item)} is not offered at this time`);
      onlySoldOut = false;
    } else if (item.availabilityType !== 'AVAILABLE' && !orderableAt(item, now).backInStock) {
      problems.push(`${titleOf(item)} is sold out`);
    }
  }
  if (problems.length > 0) {
    throw new HttpError(
      onlySoldOut ? 409 : 422,
      problems.length === 1 ? (problems[0] as string) : problems.join(', '),
    );
  }
}

/**
 * POST /api/orders (docs/decisions/008-ordering-idempotency.md). One transaction: the advisory lock on
 * (session, key) makes concurrent requests with one key wait for nobody — the second is told 409 —
 * and a later one find the stored order.
 */
export async function placeOrder(
  database: Database,
  idempotencyKey: string,
  body: PlaceOrderRequest,
  options: PlaceOrderOptions,
): Promise<Order> {
  const { sessionId } = body;
  const hash = requestHash(body);
  const placed = await database.transaction(async (tx) => {
    if (!(await tryLockIdempotencyKey(tx, sessionId, idempotencyKey)))
      throw new HttpError(409, ORDER_TEXTS.inProgress);
    const ids = body.items.map((line) => line.menuItemId);
    const { visit, previous, recent, retryAfterSeconds, menu, hours } = await readOrderContext(tx, {
      sessionId,
      tableId: body.tableId,
      key: idempotencyKey,
      seconds: 60,
      menuItemIds: ids,
      optionIds: body.items.flatMap((line) => line.choices.map((choice) => choice.optionId)),
    });
    if (!visit) {
      // Only a session the server issued can have joined: whether it exists is asked only now (401).
      await requireIssuedSession(tx, sessionId);
      throw forbidden(ERROR_TEXTS.cannotOrderAtTable);
    }
    if (!visit.restaurantEnabled) throw forbidden(ERROR_TEXTS.restaurantNotAvailable);
    if (!visit.orderingEnabled || !visit.tableEnabled) throw forbidden(ERROR_TEXTS.cannotOrderAtTable);

    if (previous) {
      if (previous.requestHash !== hash || previous.visitId !== visit.visitId) {
        throw new HttpError(422, ORDER_TEXTS.keyReused);
      }
      const [stored] = await loadOrders(tx, { orderIds: [previous.id] });
      if (!stored) throw new Error(`order ${previous.id} vanished`);
      return stored;
    }

    // A replay above still answers its order; a new one is refused outside the opening hours (issue 28).
    refuseOutsideHours(hours, options.now, options.language);
    if (recent >= options.ordersPerMinute) {
      throw new TooManyRequestsError(ORDER_TEXTS.tooMany, retryAfterSeconds);
    }
    checkItems(menu, ids, visit.restaurantId, options.now);
    const ordered = body.items.map((line) => ({
      line,
      item: menu.get(line.menuItemId) as MenuItemForOrder,
      choices: line.choices,
    }));
    const problems = lineChoiceProblems(ordered);
    if (problems.length > 0) {
      const messages = await describeProblems(tx, visit.restaurantId, problems, titleOf);
      throw new HttpError(422, messages.length === 1 ? (messages[0] as string) : messages.join(', '));
    }
    const stored = await insertOrder(tx, {
      visitId: visit.visitId,
      tableId: visit.tableId,
      restaurantId: visit.restaurantId,
      currency: visit.currency,
      sessionId,
      note: body.note,
      idempotencyKey,
      requestHash: hash,
      lines: ordered.map(({ line, item, choices }) => {
        // Prices come from the database only: the item's and its options' (docs/decisions/067).
        const priced = priceLine(item, choices);
        return {
          menuItemId: item.id,
          titles: item.titles,
          unitPrice: priced.unitPrice,
          vatPercent: item.vatPercent,
          quantity: line.quantity,
          note: line.note,
          choices: priced.choices,
        };
      }),
    });
    // Issue 28: a restaurant printing on PLACED gets its tickets in this transaction (others: no statement).
    if (visit.printTrigger === 'PLACED') await enqueueOrderTickets(database, tx, stored.id, 'PLACED');
    const { sessionId: placedBy, ...order } = stored;
    await appendTableEvent(database, tx, {
      tableId: visit.tableId,
      visitId: visit.visitId,
      event: { type: 'order.placed', order, placedBy },
    });
    return stored;
  });
  return asFirstAnswer(placed);
}

/**
 * GET /api/tables/:tableId/orders — My Table: the orders of the open visit the session joined, newest
 * first. A session whose visit has closed reads an empty table (it must scan the code again to join the
 * next visit); a session that never joined this table is refused.
 */
export async function readTableOrders(
  database: Database,
  sessionIdHeader: string | undefined,
  tableId: number,
): Promise<TableOrdersResponse> {
  const { db } = database;
  const sessionId = await requireIssuedSession(db, sessionIdHeader);
  const visit = await findJoinedOpenVisit(db, sessionId, tableId);
  if (!visit) {
    if (await hadClosedVisitAt(db, sessionId, tableId)) return { visitId: null, orders: [] };
    throw forbidden(ERROR_TEXTS.cannotOrderAtTable);
  }
  const stored = await loadOrders(db, { visitIds: [visit.visitId] });
  return { visitId: visit.visitId, orders: stored.map((order) => asSeenBy(order, sessionId)) };
}
