import { WS_CLOSE } from '@tablo/contract/events';
import { type ReconnectSchedule, reconnectSchedule } from '@tablo/contract/live-reconnect';
import WebSocket from 'ws';

/**
 * The reconnect loop of the web app's live clients (web/src/lib/live-client.ts and
 * web/src/features/staff/live/staff-live-client.ts) for node: the URL is built afresh from the client's
 * cursors on every attempt, closes other than the final ones reconnect on the same schedule — the
 * contract's `live-reconnect.ts`, which the web clients use too (0.5 s doubling to 5 s, each wait 50–100 %;
 * reset by `ready`; 4429 waits 30 s; decision 065). It also records what a test needs: where each
 * connection landed (nginx's X-Upstream on the 101) and when.
 */

export interface Connection {
  /** The instance that accepted the upgrade (nginx's X-Upstream), or the URL's host without nginx. */
  upstream: string;
  openedAt: number;
  closedAt: number | null;
  closeCode: number | null;
}

export interface SocketHandlers {
  url(): string;
  headers?(): Record<string, string>;
  /** Each message, parsed as JSON; received at `at` (performance.now()). */
  onMessage(message: unknown, at: number): void;
  /** A close code after which the client does not reconnect (e.g. 4403, 4410, 4401). */
  isFinal(code: number): boolean;
}

export class ReconnectingSocket {
  readonly connections: Connection[] = [];
  private socket: WebSocket | null = null;
  private readonly reconnect: ReconnectSchedule = reconnectSchedule(() => this.open());
  finalCode: number | null = null;

  constructor(private readonly handlers: SocketHandlers) {}

  start(): void {
    if (this.reconnect.active) this.open();
  }

  /** `ready` arrived: the next drop reconnects quickly again. */
  caughtUp(): void {
    this.reconnect.caughtUp();
  }

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  stop(): void {
    this.reconnect.stop();
    this.socket?.terminate();
    this.socket = null;
  }

  private open(): void {
    const url = this.handlers.url();
    const socket = new WebSocket(url, { headers: this.handlers.headers?.() ?? {} });
    this.socket = socket;
    let connection: Connection | null = null;
    socket.on('upgrade', (response) => {
      const upstream = response.headers['x-upstream'];
      connection = {
        upstream: (Array.isArray(upstream) ? upstream[0] : upstream) ?? new URL(url).host,
        openedAt: performance.now(),
        closedAt: null,
        closeCode: null,
      };
      this.connections.push(connection);
    });
    socket.on('message', (data) => {
      if (this.socket !== socket) return;
      const at = performance.now();
      this.handlers.onMessage(JSON.parse(String(data)), at);
    });
    socket.on('error', () => {});
    socket.on('close', (code) => {
      if (connection) {
        connection.closedAt = performance.now();
        connection.closeCode = code;
      }
      if (this.socket !== socket) return;
      this.socket = null;
      if (!this.reconnect.active) return;
      if (this.handlers.isFinal(code)) {
        this.finalCode = code;
        this.reconnect.stop();
        return;
      }
      this.reconnect.retry({ tooManyConnections: code === WS_CLOSE.tooManyConnections });
    });
  }
}
