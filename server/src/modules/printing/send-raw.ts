import { Socket } from 'node:net';

/** Why a send failed: `unreachable` (refused, timed out, reset) leaves the job waiting for a retry. */
export class PrinterUnreachable extends Error {}

/**
 * Raw TCP ("port 9100"): connect, write, close. It succeeded when the bytes were flushed to the kernel and
 * the socket closed without error — the printer may still be printing, it cannot say more on this port.
 * `onConnected` runs between the connect and the first byte (the worker commits `sending_at` there).
 */
export function sendRaw(
  host: string,
  port: number,
  bytes: Uint8Array,
  timeoutMs: number,
  onConnected: () => Promise<void>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      reject(error);
    };
    let flushed = false;
    socket.once('finish', () => {
      flushed = true;
    });
    socket.setTimeout(timeoutMs, () => {
      // Every byte was handed over and our side closed: a printer that keeps its side open printed it.
      if (flushed && !settled) {
        settled = true;
        socket.destroy();
        resolve();
      } else fail(new PrinterUnreachable(`no answer within ${timeoutMs} ms`));
    });
    socket.once('error', (error: NodeJS.ErrnoException) =>
      fail(new PrinterUnreachable(error.code ? `${error.code} ${host}:${port}` : error.message)),
    );
    socket.once('close', (hadError) => {
      if (settled) return;
      if (hadError) return fail(new PrinterUnreachable('the connection closed with an error'));
      settled = true;
      resolve();
    });
    socket.connect(port, host, () => {
      onConnected().then(
        () => {
          if (settled) return;
          socket.end(bytes);
        },
        (error: unknown) => fail(error instanceof Error ? error : new Error(String(error))),
      );
    });
  });
}
