import { WS_CLOSE } from '@tablo/contract/events';
import type { OrderStatus } from '@tablo/contract/order';
import {
  CSRF_HEADER,
  formatStaffSince,
  type StaffBoard,
  StaffBoardSchema,
  StaffMeSchema,
  StaffServerMessageSchema,
} from '@tablo/contract/staff';
import { ReconnectingSocket } from './reconnecting-socket.ts';

/**
 * A staff tablet in node, as the console works (web/src/features/staff): log in, read the board, follow
 * `/api/staff/ws` with one cursor per table (the cookie and the site's Origin), each table event applied
 * once per table cursor. Records every event cursor received per table to find duplicates.
 */
export class StaffLive {
  /** Order id → status of the open visits' orders, as the board shows them. */
  readonly orders = new Map<number, OrderStatus>();
  /** Order id → table, to drop a closed table's orders. */
  private readonly orderTable = new Map<number, number>();
  readonly cursors = new Map<number, number>();
  /** "table:cursor" of every event received. */
  private readonly received = new Set<string>();
  readonly duplicates: string[] = [];
  /** Payment id → status, from payment.changed. */
  readonly payments = new Map<string, string>();
  readyCount = 0;
  socket: ReconnectingSocket | null = null;

  private constructor(
    readonly base: string,
    readonly cookie: string,
    readonly csrf: string,
  ) {}

  static async login(base: string, email: string, password: string): Promise<StaffLive> {
    const response = await fetch(`${base}/api/staff/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (response.status !== 200) throw new Error(`staff login: ${response.status} ${await response.text()}`);
    const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const me = StaffMeSchema.parse(await response.json());
    return new StaffLive(base, cookie, me.csrfToken);
  }

  /** Authenticated staff request (cookie + CSRF), as the console sends them. */
  request(method: string, path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.base}/api${path}`, {
      method,
      headers: {
        cookie: this.cookie,
        [CSRF_HEADER]: this.csrf,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
  }

  async readBoard(): Promise<StaffBoard> {
    const response = await this.request('GET', '/staff/board');
    if (response.status !== 200) throw new Error(`board: ${response.status} ${await response.text()}`);
    return StaffBoardSchema.parse(await response.json());
  }

  /** Reads the board, then follows it live from its cursors. */
  async follow(): Promise<this> {
    const board = await this.readBoard();
    for (const visit of board.visits)
      for (const order of visit.orders) {
        this.orders.set(order.id, order.status);
        this.orderTable.set(order.id, visit.tableId);
      }
    for (const { tableId, cursor } of board.cursors) this.cursors.set(tableId, cursor);
    this.socket = new ReconnectingSocket({
      url: () => {
        const since = formatStaffSince([...this.cursors].map(([tableId, cursor]) => ({ tableId, cursor })));
        return `${this.base.replace(/^http/, 'ws')}/api/staff/ws${since ? `?since=${since}` : ''}`;
      },
      headers: () => ({ cookie: this.cookie, origin: this.base }),
      onMessage: (raw) => this.handle(raw),
      isFinal: (code) => code === WS_CLOSE.unauthorized || code === WS_CLOSE.forbidden,
    });
    this.socket.start();
    return this;
  }

  stop(): void {
    this.socket?.stop();
  }

  private handle(raw: unknown): void {
    const message = StaffServerMessageSchema.parse(raw);
    if (message.type === 'ready') {
      this.readyCount++;
      this.socket?.caughtUp();
      return;
    }
    if (message.type === 'error' || message.type === 'table.updated' || message.type === 'printer.status')
      return;
    const key = `${message.tableId}:${message.cursor}`;
    if (this.received.has(key)) this.duplicates.push(key);
    this.received.add(key);
    if (message.cursor <= (this.cursors.get(message.tableId) ?? 0)) return;
    this.cursors.set(message.tableId, message.cursor);
    switch (message.type) {
      case 'order.placed':
        this.orders.set(message.order.id, message.order.status);
        this.orderTable.set(message.order.id, message.tableId);
        return;
      case 'order.status_changed':
        this.orders.set(message.orderId, message.status);
        return;
      case 'payment.changed':
        this.payments.set(message.paymentId, message.status);
        return;
      case 'table.closed':
        for (const [orderId, tableId] of this.orderTable)
          if (tableId === message.tableId) {
            this.orders.delete(orderId);
            this.orderTable.delete(orderId);
          }
        return;
      default:
    }
  }
}
