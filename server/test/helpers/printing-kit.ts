import type { Database } from '../../src/db/database.ts';
import type { App } from '../../src/lib/app-type.ts';
import { createStaff } from '../../src/modules/staff/create-staff.ts';
import { insertOptionGroup } from './choices.ts';
import { type InsertedRestaurant, insertRestaurant } from './fixtures.ts';
import { joinedSession, type OrderingContext, postOrder } from './ordering-kit.ts';
import { asStaff, type LoggedIn, logIn, TEST_STAFF_PASSWORD } from './staff.ts';

/** Retries every 50 ms doubling to 200 ms, so an outage of a test lasts a moment. */
export const FAST_PRINTING = { backoffMs: 50, maxBackoffMs: 200, sendTimeoutMs: 2000, pollMs: 1000 };

/**
 * A pub with a bar (drinks) and a kitchen (soups): a beer, and a goulash whose heat is a choice, titles in
 * Hungarian with ő and ű (not in code pages 437 or 1252: they print right only through 852).
 */
export interface Pub {
  restaurant: InsertedRestaurant;
  heat: { id: number; options: Record<string, number> };
  manager: LoggedIn;
  waiter: LoggedIn;
}

export async function insertPub(app: App, database: Database, shortName = 'pub'): Promise<Pub> {
  const restaurant = await insertRestaurant(database.db, {
    shortName,
    name: 'Kőbánya Söröző',
    tables: [1, 2, 3, 4],
    categories: [
      {
        ref: 'drinks',
        titles: { hu: 'Italok', en: 'Drinks' },
        items: [{ ref: 'beer', priceGross: 900, vat: 'alcohol', titles: { hu: 'Kőbányai sör', en: 'Beer' } }],
      },
      {
        ref: 'soups',
        titles: { hu: 'Levesek', en: 'Soups' },
        items: [{ ref: 'goulash', priceGross: 2490, titles: { hu: 'Gulyásleves', en: 'Goulash soup' } }],
      },
    ],
  });
  const heat = await insertOptionGroup(
    database.db,
    restaurant.id,
    {
      ref: 'heat',
      kind: 'SINGLE',
      minChoices: 0,
      maxChoices: 1,
      titles: { hu: 'Erősség', en: 'Heat' },
      options: [
        { ref: 'mild', titles: { hu: 'Enyhe', en: 'Mild' } },
        { ref: 'hot', titles: { hu: 'Csípős-erős', en: 'Hot' } },
      ],
    },
    [restaurant.items.goulash as number],
  );
  await createStaff(database, {
    shortName,
    email: `manager@${shortName}.test`,
    role: 'MANAGER',
    password: TEST_STAFF_PASSWORD,
  });
  await createStaff(database, {
    shortName,
    email: `waiter@${shortName}.test`,
    role: 'WAITER',
    password: TEST_STAFF_PASSWORD,
  });
  return {
    restaurant,
    heat,
    manager: await logIn(app, `manager@${shortName}.test`),
    waiter: await logIn(app, `waiter@${shortName}.test`),
  };
}

export async function addPrinter(
  app: App,
  who: LoggedIn,
  body: {
    name: string;
    address: string;
    categoryIds: number[];
    paperWidth?: 58 | 80;
    commandSet?: 'ESC_POS' | 'STAR';
  },
): Promise<number> {
  const response = await asStaff(app, who, 'POST', '/api/staff/printers', body);
  if (response.statusCode !== 201) throw new Error(`printer ${response.statusCode} ${response.body}`);
  return (response.json() as { id: number }).id;
}

let keys = 0;

/** A diner at `tableNumber` orders; answers the order's id. */
export async function placeOrder(
  app: App,
  database: Database,
  pub: Pub,
  tableNumber: number,
  items: { ref: 'beer' | 'goulash'; quantity?: number; note?: string; hot?: boolean }[],
): Promise<number> {
  const tableId = pub.restaurant.tables[tableNumber] as number;
  const { sessionId } = await joinedSession(
    { app, database } as OrderingContext,
    pub.restaurant.shortName,
    tableId,
  );
  keys += 1;
  const response = await postOrder(app, `print-${keys}-${Date.now()}`, {
    sessionId,
    tableId,
    note: '',
    items: items.map((line) => ({
      menuItemId: pub.restaurant.items[line.ref],
      quantity: line.quantity ?? 1,
      note: line.note ?? '',
      choices: line.hot ? [{ optionId: pub.heat.options.hot }] : [],
    })),
  });
  if (response.statusCode !== 201 && response.statusCode !== 200)
    throw new Error(`order ${response.statusCode} ${response.body}`);
  return (response.json() as { id: number }).id;
}

export async function moveOrder(app: App, who: LoggedIn, orderId: number, status: 'ACCEPTED' | 'REJECTED') {
  const response = await asStaff(app, who, 'PATCH', `/api/staff/orders/${orderId}`, {
    status,
    ...(status === 'REJECTED' ? { reason: 'kifogyott' } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`move ${response.statusCode} ${response.body}`);
}
