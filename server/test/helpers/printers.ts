import { createServer, type Server, type Socket } from 'node:net';
import iconv from 'iconv-lite';

/**
 * A receipt printer as a real TCP server on 127.0.0.1: each connection's bytes are one ticket, decoded
 * from code page 852 as a Hungarian ESC/POS printer would. `stop()` refuses connections from then on (a
 * printer switched off); `start()` again listens on the same port.
 */
export class TestPrinter {
  readonly raw: Buffer[] = [];
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private waiters: (() => void)[] = [];

  private constructor(public port: number) {}

  static async start(port = 0): Promise<TestPrinter> {
    const printer = new TestPrinter(port);
    await printer.start();
    return printer;
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** Every ticket received so far, as text. */
  get tickets(): string[] {
    return this.raw.map((bytes) => iconv.decode(bytes, 'cp852'));
  }

  async start(): Promise<void> {
    const server = createServer((socket) => {
      this.sockets.add(socket);
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('end', () => {
        this.raw.push(Buffer.concat(chunks));
        for (const waiter of this.waiters.splice(0)) waiter();
      });
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (address && typeof address === 'object') this.port = address.port;
    this.server = server;
  }

  /**
   * Switched off between tickets: connections are refused from now on, and a ticket already coming in is
   * received whole (within `graceMs`). Cutting one off halfway would model the moment decision 072 names:
   * the bytes may be out while the printer never finishes them, which no port-9100 sender can tell.
   */
  async stop(graceMs = 2000): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const cutOff = setTimeout(() => {
      for (const socket of this.sockets) socket.destroy();
    }, graceMs);
    await closed;
    clearTimeout(cutOff);
  }

  /** Resolves once `count` tickets arrived; rejects after `timeoutMs` saying what did. */
  async waitForTickets(count: number, timeoutMs = 10_000): Promise<string[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.raw.length < count) {
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `printer ${this.port}: ${this.raw.length} of ${count} tickets: ${JSON.stringify(this.tickets)}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.tickets;
  }
}

/** The order numbers on tickets, in the order printed. */
export function orderNumbersOn(tickets: readonly string[]): number[] {
  return tickets.map((ticket) => Number(/Rendelés #(\d+)/.exec(ticket)?.[1] ?? Number.NaN));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
