import WebSocket from 'ws';

/**
 * The reconnect loop of the web app's live clients (web/src/lib/live-client.ts and
 * web/src/features/staff/live/staff-live-client.ts) for node: the URL is built afresh from the client's
 * cursors on every attempt, closes other than the final ones reconnect with the same backoff (0.5 s
 * doubling to 5 s, each wait 50–100 %; reset by `ready`), and 4429 waits 30 s. It also records what a
 * test needs: where each connection landed (nginx's X-Upstream on the 101) and when.
 */

export const BACKOFF_MIN_MS = 500;
export const BACKOFF_MAX_MS = 5_000;
const TOO_MANY_WAIT_MS = 30_000;
const TOO_MANY_CONNECTIONS = 4429;

export function backoffDelay(attempt: number): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** attempt);
  return Math.round(ceiling * (0.5 + Math.random() * 0.5));
}

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
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private stopped = false;
  finalCode: number | null = null;

  constructor(private readonly handlers: SocketHandlers) {}

  start(): void {
    this.open();
  }

  /** `ready` arrived: the next drop reconnects quickly again. */
  caughtUp(): void {
    this.attempt = 0;
  }

  get isOpen(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.socket?.terminate();
    this.socket = null;
  }

  private open(): void {
    this.timer = null;
    if (this.stopped) return;
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
      if (this.stopped) return;
      if (this.handlers.isFinal(code)) {
        this.finalCode = code;
        this.stopped = true;
        return;
      }
      const wait = code === TOO_MANY_CONNECTIONS ? TOO_MANY_WAIT_MS : backoffDelay(this.attempt);
      this.attempt += 1;
      this.timer = setTimeout(() => this.open(), wait);
    });
  }
}
