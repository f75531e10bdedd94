import type { BenchAppInfo } from './orders-app.ts';

/** Diners of the bench app (support/orders-app.ts), each on its own phone: session, table, address. */

const REQUEST_TIMEOUT_MS = 10_000;

export interface Diner {
  sessionId: string;
  tableId: number;
  /** The phone's address (x-forwarded-for; the bench app trusts the proxy header). */
  ip: string;
}

/** A JSON request to the app's API from `ip`, given up after 10 s (a TimeoutError). */
export function call(base: string, path: string, ip: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${base}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...init.headers },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

/**
 * `count` diners, 20 at a time: a session from GET /api/order/uuid, joined to table i (round the tables)
 * with the table's QR token, from `addressOf(i)`.
 */
export async function joinDiners(
  base: string,
  info: BenchAppInfo,
  count: number,
  addressOf: (index: number) => string,
): Promise<Diner[]> {
  const diners: Diner[] = [];
  for (let start = 0; start < count; start += 20) {
    const batch = Array.from({ length: Math.min(20, count - start) }, async (_, offset) => {
      const i = start + offset;
      const ip = addressOf(i);
      const table = info.tables[i % info.tables.length];
      if (!table) throw new Error('no tables');
      const { uuid: sessionId } = (await (await call(base, '/order/uuid', ip)).json()) as { uuid: string };
      const joined = await call(base, '/table-sessions', ip, {
        method: 'POST',
        body: JSON.stringify({ shortName: info.shortName, tableId: table.id, token: table.token, sessionId }),
      });
      if (joined.status !== 200) throw new Error(`join: ${joined.status} ${await joined.text()}`);
      return { sessionId, tableId: table.id, ip };
    });
    diners.push(...(await Promise.all(batch)));
  }
  return diners;
}
