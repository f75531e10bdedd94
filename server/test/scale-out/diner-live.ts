import { type ServerMessage, ServerMessageSchema, WS_CLOSE } from '@tablo/contract/events';
import type { OrderStatus } from '@tablo/contract/order';
import { ReconnectingSocket } from './reconnecting-socket.ts';

/**
 * A diner's live connection in node, applying the protocol of web/src/lib/live-client.ts (decision 010):
 * connect with `since` = the last applied cursor, a snapshot replaces the state, each event cursor is
 * applied once in order. Besides the state it records what a test checks: every event cursor *received*
 * (a cursor the server sends twice is a duplicate, even though the client would skip it), events of
 * another table or visit, and the receipt time of each cursor.
 */
export class DinerLive {
  cursor: number;
  /** Order id → status, as "My Table" would show it. */
  readonly orders = new Map<number, OrderStatus>();
  /** Payment id → status, from payment.changed events. */
  readonly payments = new Map<string, string>();
  /** Cursor → performance.now() of its first receipt. */
  readonly receivedAt = new Map<number, number>();
  readonly duplicates: number[] = [];
  readonly foreign: ServerMessage[] = [];
  /** Events applied (at most once per cursor by construction; counted to prove it). */
  applied = 0;
  snapshots = 0;
  readyCount = 0;
  readonly socket: ReconnectingSocket;

  constructor(
    readonly base: string,
    readonly tableId: number,
    readonly visitId: number,
    readonly sessionId: string,
    joinCursor: number,
  ) {
    this.cursor = joinCursor;
    this.socket = new ReconnectingSocket({
      url: () => {
        const params = new URLSearchParams({ table_id: String(tableId), session_id: sessionId });
        if (this.cursor > 0) params.set('since', String(this.cursor));
        return `${base.replace(/^http/, 'ws')}/api/ws?${params}`;
      },
      onMessage: (raw, at) => this.handle(ServerMessageSchema.parse(raw), at),
      isFinal: (code) =>
        code === WS_CLOSE.forbidden || code === WS_CLOSE.tableClosed || code === WS_CLOSE.badRequest,
    });
  }

  start(): this {
    this.socket.start();
    return this;
  }

  stop(): void {
    this.socket.stop();
  }

  private handle(message: ServerMessage, at: number): void {
    switch (message.type) {
      case 'snapshot':
        this.snapshots++;
        this.cursor = message.cursor;
        this.orders.clear();
        for (const order of message.orders) this.orders.set(order.id, order.status);
        return;
      case 'ready':
        this.readyCount++;
        this.socket.caughtUp();
        if (message.cursor > this.cursor) this.cursor = message.cursor;
        return;
      case 'error':
        return;
      default: {
        if (message.tableId !== this.tableId || (message.visitId !== this.visitId && message.visitId !== 0))
          this.foreign.push(message);
        if (this.receivedAt.has(message.cursor)) this.duplicates.push(message.cursor);
        else this.receivedAt.set(message.cursor, at);
        if (message.cursor <= this.cursor) return;
        this.cursor = message.cursor;
        this.applied++;
        if (message.type === 'order.placed') this.orders.set(message.order.id, message.order.status);
        else if (message.type === 'order.status_changed') this.orders.set(message.orderId, message.status);
        else if (message.type === 'payment.changed') this.payments.set(message.paymentId, message.status);
      }
    }
  }
}
