import { type Menu, MenuSchema } from '@tablo/contract/menu';
import { type Order, OrderSchema } from '@tablo/contract/order';
import { SessionUuidResponseSchema } from '@tablo/contract/session';

/**
 * What a diner's phone does through the API when a journey needs an order but is not about ordering: scan
 * the table's code, join its visit, read the menu, place an order — the same requests the order page sends.
 */

/** A 2xx answer's JSON; anything else throws with its status and body. */
export async function okJson(response: Response): Promise<unknown> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A new phone at the table of `tableUrl` (its QR code's address): a session joined to the table's visit. */
export async function joinTable(
  baseUrl: string,
  tableUrl: string,
  shortName = 'demo',
): Promise<{ tableId: number; sessionId: string }> {
  const scan = new URL(tableUrl, baseUrl);
  const tableId = Number(scan.pathname.split('/')[3]);
  const { uuid } = SessionUuidResponseSchema.parse(await okJson(await fetch(`${baseUrl}/api/order/uuid`)));
  await okJson(
    await fetch(`${baseUrl}/api/table-sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ shortName, tableId, token: scan.searchParams.get('t'), sessionId: uuid }),
    }),
  );
  return { tableId, sessionId: uuid };
}

/** The restaurant's published menu, as the diner's page reads it. */
export async function readMenu(baseUrl: string, shortName = 'demo'): Promise<Menu> {
  return MenuSchema.parse(await okJson(await fetch(`${baseUrl}/api/menu/current/${shortName}`)));
}

/** Places an order for the joined phone, as stored. */
export async function placeOrder(
  baseUrl: string,
  at: { tableId: number; sessionId: string },
  order: { items: { menuItemId: number; quantity: number; note?: string }[]; note?: string },
): Promise<Order> {
  return OrderSchema.parse(
    await okJson(
      await fetch(`${baseUrl}/api/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ sessionId: at.sessionId, tableId: at.tableId, ...order }),
      }),
    ),
  );
}
