import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { diningTable, restaurant } from '../../src/db/schema.ts';
import { getSettings } from '../../src/modules/restaurants/settings.ts';
import { multipartBody } from '../helpers/pictures.ts';
import { answers, type Fresh, type MatrixRow } from './access-matrix.ts';
import type { Actor, World } from './access-world.ts';

/**
 * The restaurant set-up routes of issue 26 (decision 061) in the access matrix: OWNER and MANAGER only,
 * always of their own restaurant (no restaurant in the path: another restaurant's owner reads and changes
 * theirs, never the bistro's); a table id of another restaurant is 404.
 */

const OWN = (ok: number) =>
  answers({ OWNER: ok, MANAGER: ok, WAITER: 403, KITCHEN: 403, outsider: ok, diners: 401 });

/** The outsider's answers are about their own restaurant, everyone else's about the bistro. */
function ownRestaurant(_world: World, actor: Actor, body: string): void {
  const own = actor === 'outsider' ? 'other' : 'bistro';
  const foreign = actor === 'outsider' ? 'bistro' : 'other';
  if (!body.includes(`"shortName":"${own}"`))
    throw new Error(`${actor}'s answer is not about ${own}: ${body.slice(0, 200)}`);
  if (body.includes(`"shortName":"${foreign}"`)) throw new Error(`${actor}'s answer names ${foreign}`);
}

const restaurantIdOf = (world: World, actor: Actor) =>
  actor === 'outsider' ? world.other.id : world.bistro.id;

/** The settings as the screen sends them back (every text as a string), at their current version. */
async function settingsBody(world: World, actor: Actor) {
  const {
    shortName: _s,
    image: _i,
    ...settings
  } = await getSettings(world.database.db, restaurantIdOf(world, actor));
  return {
    ...settings,
    phone: settings.phone ?? '',
    reservationUrl: settings.reservationUrl ?? '',
    address: settings.address ?? '',
    taxNumber: settings.taxNumber ?? '',
  };
}

let bodies = new Map<Actor, unknown>();

/** Table numbers no other row uses (spare tables are numbered from 100 up at random). */
let nextNumber = 40;

/** A bistro table that never had a visit (one with a visit cannot be removed). */
async function unusedTable(world: World): Promise<number> {
  nextNumber += 1;
  const [row] = await world.database.db
    .insert(diningTable)
    .values({
      restaurantId: world.bistro.id,
      tableNumber: nextNumber,
      qrToken: `matrix-unused-${nextNumber}`,
    })
    .returning({ id: diningTable.id });
  if (!row) throw new Error('no table');
  return row.id;
}

export const SETUP_ROWS: MatrixRow[] = [
  {
    route: 'GET /api/staff/restaurant/settings',
    expect: OWN(200),
    request: () => ({ method: 'GET', url: '/api/staff/restaurant/settings' }),
    check: ownRestaurant,
  },
  {
    route: 'PUT /api/staff/restaurant/settings',
    expect: OWN(200),
    writes: true,
    fresh: async (world) => {
      bodies = new Map();
      for (const actor of ['OWNER', 'MANAGER', 'WAITER', 'KITCHEN', 'outsider'] as const)
        bodies.set(actor, await settingsBody(world, actor));
      return {};
    },
    request: (_world, actor) => ({
      method: 'PUT',
      url: '/api/staff/restaurant/settings',
      payload: (bodies.get(actor) ?? { version: 1 }) as Record<string, unknown>,
    }),
    check: ownRestaurant,
  },
  {
    route: 'PUT /api/staff/restaurant/picture',
    expect: OWN(200),
    writes: true,
    fresh: async (): Promise<Fresh> => {
      const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa5500' } })
        .jpeg()
        .toBuffer();
      return { jpeg: jpeg.toString('base64') };
    },
    request: (_world, _actor, fresh) => {
      const body = multipartBody(Buffer.from(String(fresh.jpeg), 'base64'), 'hero.jpg', 'image/jpeg');
      return {
        method: 'PUT',
        url: '/api/staff/restaurant/picture',
        payload: body.payload,
        headers: body.headers,
      };
    },
    check: ownRestaurant,
  },
  {
    route: 'GET /api/staff/restaurant/setup',
    expect: OWN(200),
    request: () => ({ method: 'GET', url: '/api/staff/restaurant/setup' }),
    check: ownRestaurant,
  },
  {
    route: 'PUT /api/staff/restaurant/setup/qr-codes',
    expect: OWN(200),
    writes: true,
    request: () => ({ method: 'PUT', url: '/api/staff/restaurant/setup/qr-codes', payload: { done: true } }),
    check: ownRestaurant,
  },
  {
    route: 'POST /api/staff/restaurant/open',
    expect: OWN(200),
    writes: true,
    // Both restaurants have a menu, tables and descriptions; a phone number completes their details.
    fresh: async (world) => {
      await world.database.db
        .update(restaurant)
        .set({ phone: '+36 1 234 5678' })
        .where(inArray(restaurant.id, [world.bistro.id, world.other.id]));
      return {};
    },
    request: () => ({ method: 'POST', url: '/api/staff/restaurant/open', payload: {} }),
    check: ownRestaurant,
  },
  {
    route: 'POST /api/staff/tables',
    expect: OWN(201),
    writes: true,
    request: () => {
      nextNumber += 1;
      return {
        method: 'POST',
        url: '/api/staff/tables',
        payload: { ranges: [{ from: nextNumber, to: nextNumber }] },
      };
    },
  },
  {
    route: 'DELETE /api/staff/tables/:tableId',
    expect: answers({ OWNER: 204, MANAGER: 204, WAITER: 403, KITCHEN: 403, outsider: 404, diners: 401 }),
    writes: true,
    fresh: async (world) => ({ tableId: await unusedTable(world) }),
    request: (_world, _actor, fresh) => ({ method: 'DELETE', url: `/api/staff/tables/${fresh.tableId}` }),
  },
];
