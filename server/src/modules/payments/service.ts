import { createHash, randomUUID } from 'node:crypto';
import { ERROR_TEXTS } from '@tablo/contract/errors';
import type {
  CreatePaymentRequest,
  PayableResponse,
  Payment,
  PaymentMethod,
  PaymentResult,
  PaymentStatus,
} from '@tablo/contract/payment';
import { SessionIdSchema } from '@tablo/contract/session';
import { commitWithNextStatement, followNextStatement } from '../../db/carried-begin-commit.ts';
import type { Database, Db } from '../../db/database.ts';
import { forbidden, HttpError, notFound } from '../../lib/http-error.ts';
import { appendTableEvent, notifyTableEvents } from '../live/event-log.ts';
import { requireIssuedSession } from '../table-sessions/index.ts';
import {
  findJoinedOpenVisit,
  hadClosedVisitAt,
  joinedOpenVisitId,
  sessionJoinedVisit,
  type VisitAtTable,
} from '../visits/joined-visit.ts';
import type { LineState } from '../visits/lines.ts';
import { closeCheckout } from './checkout-outcomes.ts';
import { setCheckout } from './checkout-rows.ts';
import {
  duePayments,
  findPaymentByKey,
  insertPayment,
  loadPayment,
  pendingPaymentIds,
  type StoredPayment,
} from './payment-rows.ts';
import type { OnlinePaymentProvider } from './providers/provider.ts';
import { amountsOf, billSplitOf, payableLines, planPayment } from './selection.ts';
import { markFullyPaidServed, type Settlement, settleRows } from './settle-rows.ts';
import { cancelOpenSplit, insertSplit, loadOpenSplit, splitClaims } from './splits.ts';
import {
  loadVisitState,
  lockKeyAndJoinedVisit,
  parseVisitState,
  visitStateStatement,
} from './visit-state.ts';

export const PAYMENT_TEXTS = {
  inProgress: 'This payment is still being processed',
  keyReused: 'This idempotency key was already used for a different payment',
  amountChanged: (amount: number) => `The amount to pay changed: it is now ${amount}`,
  methodNotOffered: (method: string) => `This restaurant does not take ${method} payments here`,
  notFound: 'Payment not found',
  receiptNotReady: 'A receipt is issued once the payment has succeeded',
  providerFailed: 'The payment provider could not be reached: try again or pay the waiter',
  alreadyFinished: (status: string) => `This payment is ${status} already`,
  onlineBySystem: 'Online payments are settled by the payment provider',
  zeroOnline: 'Nothing to pay online',
  onlineTooLarge: (maximum: number) =>
    `tip: online payments take at most ${maximum} (amount + tip) in one payment: lower the tip, pay part of the bill, or pay the waiter`,
  onlineTooSmall: (minimum: number) =>
    `Online payments take at least ${minimum} (amount + tip) in one payment: pay more of the bill at once, add a tip, or pay the waiter`,
  endedMeanwhile: (status: string) =>
    `This payment was ${status.toLowerCase()} while the payment page was being opened: nothing was charged`,
} as const;

/** NOTIFY channel: an online payment with a provider checkout was ended by us (payload: its id). */
export const CHECKOUT_ENDED_CHANNEL = 'payment_checkout_ended';

export interface PaymentDeps {
  publicUrl: string;
  reservationMinutes: number;
  provider: OnlinePaymentProvider | null;
  /** A lapsed payment the lazy sweep of a payable read could not expire (logged; the read still answers). */
  onSweepError?: (error: Error) => void;
}

type Outcome = Exclude<PaymentStatus, 'PENDING'>;

export function methodsOf(visit: Pick<VisitAtTable, 'paymentMethods'>, provider: unknown): PaymentMethod[] {
  const offered = visit.paymentMethods.filter((method) => method !== 'ONLINE');
  return provider ? [...offered, 'ONLINE'] : offered;
}

/** sha256 of the request in a canonical form: a replay carries the same, a different payment another. */
export function paymentRequestHash(tableId: number, body: CreatePaymentRequest): string {
  const canonical = JSON.stringify([
    tableId,
    body.method,
    body.selection,
    body.tip,
    body.expectedAmount,
    body.lang,
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

export function toApiPayment(stored: StoredPayment, readerSessionId: string | null): Payment {
  return {
    id: stored.id,
    visitId: stored.visitId,
    tableId: stored.tableId,
    status: stored.status,
    method: stored.method,
    amount: stored.amount,
    tip: stored.tip,
    currency: stored.currency,
    items: stored.items,
    shareCount: stored.shareCount,
    // The checkout URL carries the payer's key (the sandbox's form token): the payer's phone alone gets it.
    checkoutUrl: readerSessionId !== null && stored.sessionId === readerSessionId ? stored.checkoutUrl : null,
    createdAt: stored.createdAt.toISOString(),
    expiresAt: stored.status === 'PENDING' ? stored.expiresAt.toISOString() : null,
    isMine: readerSessionId !== null && stored.sessionId === readerSessionId,
    lateOutcome: stored.lateOutcome,
  };
}

export function resultUrl(
  publicUrl: string,
  stored: Pick<StoredPayment, 'shortName' | 'tableId' | 'id'>,
  lang: string,
): string {
  return `${publicUrl}/payment-success/${encodeURIComponent(stored.shortName)}/${stored.tableId}/${encodeURIComponent(lang)}?payment=${encodeURIComponent(stored.id)}`;
}

function parseSession(header: string | undefined): string | null {
  const parsed = SessionIdSchema.safeParse(header);
  return parsed.success ? parsed.data : null;
}

/**
 * The session's open visit at the table. Refusals as for My Table: a session the server never issued
 * 403 unknownSession, one that never joined this table 403.
 */
async function requireJoinedVisit(db: Db, header: string | undefined, tableId: number) {
  const sessionId = parseSession(header);
  const visit = sessionId ? await findJoinedOpenVisit(db, sessionId, tableId) : null;
  if (visit && sessionId) return { sessionId, visit };
  const issued = await requireIssuedSession(db, header);
  return { sessionId: issued, visit: null };
}

// ——— reads ———

/** GET /api/tables/:tableId/payable: expired reservations are released first (the lazy sweep). */
export async function readPayable(
  database: Database,
  deps: PaymentDeps,
  header: string | undefined,
  tableId: number,
): Promise<PayableResponse> {
  const { db } = database;
  const { sessionId, visit } = await requireJoinedVisit(db, header, tableId);
  if (!visit) {
    if (await hadClosedVisitAt(db, sessionId, tableId)) {
      return {
        visitId: null,
        currency: 'HUF',
        lines: [],
        split: null,
        unpaidAmount: 0,
        leftAmount: 0,
        methods: [],
        onlineProvider: null,
      };
    }
    throw forbidden(ERROR_TEXTS.cannotOrderAtTable);
  }
  let state = await loadVisitState(db, visit.visitId);
  if (state.lapsed > 0) {
    await expireDuePayments(database, { visitId: visit.visitId, onError: deps.onSweepError });
    state = await loadVisitState(db, visit.visitId);
  }
  const { lines, split } = state;
  return {
    visitId: visit.visitId,
    currency: visit.currency,
    lines: payableLines(lines, sessionId),
    split: billSplitOf(split),
    ...amountsOf(lines, split),
    methods: methodsOf(visit, deps.provider),
    onlineProvider: deps.provider?.name ?? null,
  };
}

async function unpaidAmountOf(db: Db, visitId: number): Promise<number> {
  const { lines, split } = await loadVisitState(db, visitId);
  return amountsOf(lines, split).unpaidAmount;
}

/** A payment read by a session of its visit (anyone else: 404, nothing is revealed). */
export async function readablePayment(
  db: Db,
  header: string | undefined,
  paymentId: string,
): Promise<{ sessionId: string; stored: StoredPayment }> {
  const sessionId = await requireIssuedSession(db, header);
  const stored = await loadPayment(db, paymentId);
  if (!stored || !(await sessionJoinedVisit(db, sessionId, stored.visitId)))
    throw notFound(PAYMENT_TEXTS.notFound);
  return { sessionId, stored };
}

export async function readPaymentResult(
  database: Database,
  header: string | undefined,
  paymentId: string,
): Promise<PaymentResult> {
  const { sessionId, stored } = await readablePayment(database.db, header, paymentId);
  return {
    payment: toApiPayment(stored, sessionId),
    unpaidAmount: await unpaidAmountOf(database.db, stored.visitId),
  };
}

// ——— creating ———

/**
 * POST /api/payments. One transaction: the (session, key) lock answers a concurrent duplicate 409; the
 * visit lock orders this payment after every other write of the visit, so the free units it reads are
 * free when it reserves them. An ONLINE payment then opens the provider's checkout (outside the lock).
 */
export async function createPayment(
  database: Database,
  deps: PaymentDeps,
  header: string | undefined,
  idempotencyKey: string,
  body: CreatePaymentRequest,
): Promise<Payment> {
  const hash = paymentRequestHash(body.tableId, body);
  const sessionId = parseSession(header);
  const created = await database.transaction(
    async (tx): Promise<{ stored: StoredPayment; replay: boolean }> => {
      if (!sessionId) throw forbidden(ERROR_TEXTS.unknownSession);
      // Statement 1: the key lock, then the visit lock. Statement 2 (after both): the key's payment, if
      // any, and the visit's state — on PostgreSQL sent behind statement 1 in its round trip, with `begin`
      // ahead of it (decision 038). Statement 3: the payment, its items and its event, with `commit`.
      const scope = {
        byKey: { sessionId, key: idempotencyKey },
        onlyLines:
          body.selection.kind === 'items' ? body.selection.items.map((item) => item.orderItemId) : undefined,
      };
      const stateRead = followNextStatement(
        tx,
        visitStateStatement(joinedOpenVisitId(sessionId, body.tableId), scope),
      );
      const { keyLocked, visit } = await lockKeyAndJoinedVisit(tx, sessionId, body.tableId, idempotencyKey);
      if (!keyLocked) throw new HttpError(409, PAYMENT_TEXTS.inProgress);
      const replay = async (previous: { id: string; requestHash: string }) => {
        if (previous.requestHash !== hash) throw new HttpError(422, PAYMENT_TEXTS.keyReused);
        const stored = await loadPayment(tx, previous.id);
        if (!stored) throw new Error(`payment ${previous.id} vanished`);
        return { stored, replay: true };
      };
      if (!visit) {
        // A replay is answered even when the table has been closed since.
        const previous = await findPaymentByKey(tx, sessionId, idempotencyKey);
        if (previous) return replay(previous);
        await requireIssuedSession(tx, sessionId);
        throw forbidden(ERROR_TEXTS.cannotOrderAtTable);
      }
      const { lines, split, previous } = parseVisitState(await stateRead.answer());
      if (previous) return replay(previous);
      if (!methodsOf(visit, deps.provider).includes(body.method)) {
        throw new HttpError(422, PAYMENT_TEXTS.methodNotOffered(body.method));
      }
      const plan = planPayment(lines, split, body.selection);
      if (plan.amount !== body.expectedAmount)
        throw new HttpError(409, PAYMENT_TEXTS.amountChanged(plan.amount));
      if (body.method === 'ONLINE' && plan.amount + body.tip === 0)
        throw new HttpError(422, PAYMENT_TEXTS.zeroOnline);
      const online = body.method === 'ONLINE' ? deps.provider : null;
      // What the provider would refuse is refused here, before anything is reserved (Stripe: 8 digits,
      // and its minimum charge — 175 Ft for HUF).
      const maximum = online?.maximumTotal(visit.currency) ?? null;
      if (maximum !== null && plan.amount + body.tip > maximum)
        throw new HttpError(422, PAYMENT_TEXTS.onlineTooLarge(maximum));
      const minimum = online?.minimumTotal(visit.currency) ?? null;
      if (minimum !== null && plan.amount + body.tip < minimum)
        throw new HttpError(422, PAYMENT_TEXTS.onlineTooSmall(minimum));
      const splitId = plan.newSplit
        ? await insertSplit(tx, { visitId: visit.visitId, ...plan.newSplit })
        : plan.shareCount > 0 && split
          ? split.id
          : null;
      const id = randomUUID();
      const row = {
        id,
        visitId: visit.visitId,
        sessionId,
        method: body.method,
        amount: plan.amount,
        tip: body.tip,
        provider: online?.name ?? null,
        idempotencyKey,
        requestHash: hash,
        splitId,
        shareCount: plan.shareCount,
        shareAmount: plan.shareAmount,
        checkoutUrl: null,
        // Stripe keeps a session open 30 minutes at least; ours lapses a little after it (providers/stripe.ts).
        reservationMinutes: Math.max(deps.reservationMinutes, online?.minimumReservationMinutes ?? 0),
        items: plan.items,
      };
      // The last statement of the transaction: on PostgreSQL its commit goes out with it (decision 038).
      commitWithNextStatement(tx);
      const { cursors, ...times } = await insertPayment(tx, row, {
        tableId: visit.tableId,
        event: {
          type: 'payment.changed',
          paymentId: id,
          status: 'PENDING',
          method: body.method,
          amount: plan.amount,
        },
      });
      await notifyTableEvents(database, tx, visit.tableId, cursors);
      // The answer is built from what this transaction read and wrote (no second read on the hot path).
      const byLine = new Map(lines.map((line) => [line.orderItemId, line]));
      const stored: StoredPayment = {
        ...row,
        tableId: visit.tableId,
        tableNumber: visit.tableNumber,
        restaurantId: visit.restaurantId,
        restaurantName: visit.restaurantName,
        shortName: visit.shortName,
        status: 'PENDING',
        currency: visit.currency,
        providerReference: null,
        paidAt: null,
        checkoutClosed: false,
        lateOutcome: null,
        refundReference: null,
        ...times,
        items: plan.items.map((item) => {
          const line = byLine.get(item.orderItemId) as LineState;
          return {
            orderItemId: item.orderItemId,
            titles: line.titles,
            unitPrice: line.unitPrice,
            vatPercent: line.vatPercent,
            quantity: item.quantity,
            amount: item.amount,
            choices: line.choices,
          };
        }),
      };
      return { stored, replay: false };
    },
  );

  let { stored } = created;
  if (!created.replay && stored.method === 'ONLINE' && deps.provider) {
    stored = await openCheckout(database, deps, deps.provider, stored, body.lang);
  }
  if (created.replay && stored.method === 'ONLINE') {
    // A retry never gets a pending payment without a way to pay: the provider's failure again (a new
    // key starts a fresh checkout), "still being processed" while the first request opens it, and a
    // payment ended since as it is now, without its checkout URL (the result page shows it).
    if (stored.status === 'PENDING' && stored.checkoutUrl === null)
      throw new HttpError(409, PAYMENT_TEXTS.inProgress);
    if (stored.status === 'FAILED' && stored.providerReference === null)
      throw new HttpError(502, PAYMENT_TEXTS.providerFailed);
    if (stored.status !== 'PENDING') return { ...toApiPayment(stored, sessionId), checkoutUrl: null };
  }
  // The first answer: a replay gets the payment as it was created (its current state is read by id).
  return { ...toApiPayment(stored, sessionId), status: 'PENDING', expiresAt: stored.expiresAt.toISOString() };
}

async function openCheckout(
  database: Database,
  deps: PaymentDeps,
  provider: OnlinePaymentProvider,
  stored: StoredPayment,
  lang: string,
): Promise<StoredPayment> {
  let session: Awaited<ReturnType<OnlinePaymentProvider['startCheckout']>>;
  try {
    session = await provider.startCheckout({
      paymentId: stored.id,
      total: stored.amount + stored.tip,
      currency: stored.currency,
      restaurantName: stored.restaurantName,
      tableNumber: stored.tableNumber,
      lang,
      resultUrl: resultUrl(deps.publicUrl, stored, lang),
      // The provider stops 5 minutes before our reservation lapses (never under its own floor).
      expiresAt: new Date(stored.expiresAt.getTime() - (provider.minimumReservationMinutes ? 5 * 60_000 : 0)),
      // One checkout per payment: a retry of the request replays the payment, a new attempt is a new payment.
      idempotencyKey: `tablo-payment-${stored.id}`,
    });
  } catch (error) {
    await settlePayment(database, stored.id, 'FAILED');
    throw Object.assign(new HttpError(502, PAYMENT_TEXTS.providerFailed), { cause: error });
  }
  const status = await setCheckout(database.db, stored.id, session.checkoutUrl, session.reference);
  if (status !== 'PENDING') {
    // Ended while the session was being opened (a table closed, the reservation swept): the session is
    // expired at once, and its URL never handed out.
    if (session.reference) {
      await closeCheckout(database, provider, stored.id).catch(() => {
        // The reconciler closes it later (its checkout is not marked closed).
      });
    }
    throw new HttpError(409, PAYMENT_TEXTS.endedMeanwhile(status ?? 'CANCELLED'));
  }
  return { ...stored, checkoutUrl: session.checkoutUrl, providerReference: session.reference };
}

// ——— settling ———

export interface SettleOptions {
  /** Checks the payment under the lock before anything changes (throws to refuse). */
  check?: (payment: StoredPayment) => void;
  /** Only when its reservation has lapsed (the sweeper). */
  onlyIfExpired?: boolean;
  /** The outcome comes from the provider (its event or its session's state): its checkout is over. */
  fromProvider?: boolean;
}

/**
 * PENDING → SUCCEEDED | FAILED | CANCELLED under the visit lock, with its events in the same transaction.
 * A payment that left PENDING already is answered unchanged (`changed: false`): replayed webhooks and
 * repeated confirmations change nothing.
 */
export function settlePayment(
  database: Database,
  paymentId: string,
  to: Outcome,
  options: SettleOptions = {},
): Promise<{ changed: boolean; payment: StoredPayment } | null> {
  return database.transaction((tx) =>
    settleInTransaction(database, tx, paymentId, to, { ...options, ownTransaction: true }),
  );
}

/** settlePayment inside the caller's transaction (closing a table cancels its pending payments with it). */
export async function settleInTransaction(
  database: Database,
  tx: Db,
  paymentId: string,
  to: Outcome,
  options: SettleOptions & { ownTransaction?: boolean } = {},
): Promise<{ changed: boolean; payment: StoredPayment } | null> {
  // Round trip 1: the visit lock and the payment. Round trip 2: everything else (settleRows). A share
  // payment reads its split in between.
  const stored = await loadPayment(tx, paymentId, { lock: true });
  if (!stored) return null;
  options.check?.(stored);
  if (stored.status !== 'PENDING') return { changed: false, payment: stored };
  if (options.onlyIfExpired && stored.expiresAt.getTime() > Date.now()) {
    return { changed: false, payment: stored };
  }
  const { units, closeSplit } = await settlementOf(tx, stored, to);
  // When the transaction is ours, settleRows is its last statement: on PostgreSQL its commit goes out
  // with it (decision 038), and a payment found settled meanwhile is re-read after that commit.
  const committed = options.ownTransaction === true && commitWithNextStatement(tx);
  const { changed, cursors, providerReference } = await settleRows(tx, {
    paymentId,
    to,
    tableId: stored.tableId,
    visitId: stored.visitId,
    method: stored.method,
    amount: stored.amount,
    units,
    closeSplit,
    closeCheckout: options.fromProvider === true,
  });
  if (!changed) {
    // It left PENDING while this transaction waited for the visit lock: answered as it is now.
    const current = await loadPayment(committed ? database.db : tx, paymentId);
    if (!current) return null;
    options.check?.(current);
    return { changed: false, payment: current };
  }
  await notifyTableEvents(database, tx, stored.tableId, cursors);
  if (to !== 'SUCCEEDED' && !options.fromProvider && providerReference !== null) {
    // We ended an online payment whose checkout is open at the provider: after the commit, the payments
    // module expires it there (checkout-outcomes.ts); a lost doorbell is caught by the reconciler. The
    // reference is the row's as updated, so a session stored meanwhile is not missed.
    await database.notify(CHECKOUT_ENDED_CHANNEL, paymentId, tx);
  }
  return {
    changed: true,
    payment: {
      ...stored,
      status: to,
      providerReference: providerReference ?? stored.providerReference,
      checkoutClosed: stored.checkoutClosed || options.fromProvider === true,
    },
  };
}

/**
 * What settling changes besides the payment: a success pays its units (and, with the split's last share,
 * every unit the split claimed, closing it PAID); a share payment that fails leaves a split nobody has
 * paid or is paying any share of idle, and an idle split is dissolved (CANCELLED: its units are free).
 */
async function settlementOf(
  tx: Db,
  stored: StoredPayment,
  to: Outcome,
): Promise<Pick<Settlement, 'units' | 'closeSplit'>> {
  const units = new Map<number, number>();
  const add = (orderItemId: number, quantity: number) =>
    units.set(orderItemId, (units.get(orderItemId) ?? 0) + quantity);
  if (to === 'SUCCEEDED') for (const item of stored.items) add(item.orderItemId, item.quantity);
  let closeSplit: Settlement['closeSplit'] = null;
  if (stored.splitId !== null) {
    // Read before this payment leaves PENDING: its own shares still count as reserved.
    const split = await loadOpenSplit(tx, stored.visitId);
    if (split && split.id === stored.splitId) {
      if (to === 'SUCCEEDED' && split.paidShares + stored.shareCount === split.shares) {
        for (const claim of await splitClaims(tx, split.id)) add(claim.orderItemId, claim.quantity);
        closeSplit = { id: split.id, status: 'PAID' };
      } else if (
        to !== 'SUCCEEDED' &&
        split.paidShares === 0 &&
        split.reservedShares - stored.shareCount === 0
      ) {
        closeSplit = { id: split.id, status: 'CANCELLED' };
      }
    }
  }
  const ids = [...units.keys()].sort((a, b) => a - b);
  return {
    units: ids.map((orderItemId) => ({ orderItemId, quantity: units.get(orderItemId) as number })),
    closeSplit,
  };
}

/**
 * For closing a table (staff module, `closeUnpaidVisits` with force): cancels the visit's pending
 * payments in the caller's transaction, releasing their units, and ends its open equal split — one with
 * paid shares outlives its pending ones, and would otherwise stay OPEN on the closed visit, its units
 * claimed for ever (decision 053). Answers how many payments it cancelled.
 */
export async function cancelPendingPayments(database: Database, tx: Db, visitId: number): Promise<number> {
  let cancelled = 0;
  for (const id of await pendingPaymentIds(tx, visitId)) {
    if ((await settleInTransaction(database, tx, id, 'CANCELLED'))?.changed) cancelled++;
  }
  await cancelOpenSplit(tx, visitId);
  return cancelled;
}

/** What is unpaid at each visit (free + reserved units and unpaid split shares), for the staff console. */
export async function unpaidAmounts(db: Db, visitIds: number[]): Promise<Map<number, number>> {
  const amounts = new Map<number, number>();
  for (const visitId of visitIds) {
    const { lines, split } = await loadVisitState(db, visitId);
    amounts.set(visitId, amountsOf(lines, split).unpaidAmount);
  }
  return amounts;
}

/**
 * Called by the staff module right after an order became SERVED, in its transaction (which holds the
 * order's row lock): an order whose units are all paid already becomes PAID now. Answers whether it did.
 */
export async function markPaidOrdersAfterServe(
  database: Database,
  tx: Db,
  order: { id: number; tableId: number; visitId: number },
): Promise<boolean> {
  const [paid] = await markFullyPaidServed(tx, [order.id]);
  if (paid === undefined) return false;
  await appendTableEvent(database, tx, {
    tableId: order.tableId,
    visitId: order.visitId,
    event: { type: 'order.status_changed', orderId: order.id, status: 'PAID', rejectReason: null },
  });
  return true;
}

export interface ExpiryScope {
  visitId?: number;
  limit?: number;
  /** Payments not to try again (they failed earlier in the same sweeper pass). */
  skip?: ReadonlySet<string>;
  /**
   * A payment that cannot be settled is reported here and left PENDING; the others are still expired
   * (one bad row must not stop every later expiry, nor fail a payable read of its table). Its ids are
   * added to `skip` when that is a Set.
   */
  onError?: (error: Error) => void;
}

/** Fails PENDING payments whose reservation lapsed (of one visit, or everywhere); answers how many. */
export async function expireDuePayments(database: Database, scope: ExpiryScope = {}): Promise<number> {
  const due = await duePayments(database.db, scope.limit ?? 100, scope.visitId, [...(scope.skip ?? [])]);
  let expired = 0;
  for (const { id } of due) {
    try {
      const result = await settlePayment(database, id, 'FAILED', { onlyIfExpired: true });
      if (result?.changed) expired++;
    } catch (error) {
      if (scope.skip instanceof Set) scope.skip.add(id);
      scope.onError?.(new Error(`payment ${id} could not be expired`, { cause: error }));
    }
  }
  return expired;
}

// ——— staff ———

function staffCheck(restaurantId: number, action: 'confirm' | 'cancel') {
  return (stored: StoredPayment) => {
    if (stored.restaurantId !== restaurantId) throw notFound(PAYMENT_TEXTS.notFound);
    if (stored.method === 'ONLINE') throw new HttpError(409, PAYMENT_TEXTS.onlineBySystem);
    const done = action === 'confirm' ? 'SUCCEEDED' : 'CANCELLED';
    if (stored.status !== 'PENDING' && stored.status !== done) {
      throw new HttpError(409, PAYMENT_TEXTS.alreadyFinished(stored.status));
    }
  };
}

/** POST /api/staff/payments/:id/confirm | cancel: another restaurant's payment is not found. */
export async function staffSettle(
  database: Database,
  restaurantId: number,
  paymentId: string,
  action: 'confirm' | 'cancel',
): Promise<Payment> {
  const result = await settlePayment(database, paymentId, action === 'confirm' ? 'SUCCEEDED' : 'CANCELLED', {
    check: staffCheck(restaurantId, action),
  });
  if (!result) throw notFound(PAYMENT_TEXTS.notFound);
  return toApiPayment(result.payment, null);
}
