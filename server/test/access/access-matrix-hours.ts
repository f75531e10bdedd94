import { closedDay } from '../../src/db/schema.ts';
import { loadHours } from '../../src/modules/hours/repository.ts';
import { answers, type Fresh, type MatrixRow } from './access-matrix.ts';
import type { Actor, World } from './access-world.ts';

/**
 * The opening hours' routes (issue 28, decision 074) in the access matrix: OWNER and MANAGER (`manageHours`)
 * of their own restaurant (no id in the path: another restaurant's owner reads and saves their own hours,
 * never the bistro's); WAITER and KITCHEN 403; diners 401.
 */

const OWN = answers({ OWNER: 200, MANAGER: 200, WAITER: 403, KITCHEN: 403, outsider: 200, diners: 401 });

const marker = (actor: Actor) => (actor === 'outsider' ? 'closed at other' : 'closed at bistro');

/** Each restaurant's closed day names it, so an answer shows whose hours it holds. */
async function markedDays(world: World): Promise<void> {
  await world.database.db
    .insert(closedDay)
    .values([
      { restaurantId: world.bistro.id, date: '2030-01-01', note: 'closed at bistro' },
      { restaurantId: world.other.id, date: '2030-01-01', note: 'closed at other' },
    ])
    .onConflictDoNothing();
}

function ownHours(_world: World, actor: Actor, body: string): void {
  const foreign = actor === 'outsider' ? 'closed at bistro' : 'closed at other';
  if (!body.includes(marker(actor)))
    throw new Error(`${actor} did not get their own hours: ${body.slice(0, 200)}`);
  if (body.includes(foreign)) throw new Error(`${actor}'s answer holds the other restaurant's hours`);
}

export const HOURS_ROWS: MatrixRow[] = [
  {
    route: 'GET /api/staff/hours',
    expect: OWN,
    fresh: async (world) => {
      await markedDays(world);
      return {};
    },
    request: () => ({ method: 'GET', url: '/api/staff/hours' }),
    check: ownHours,
  },
  {
    route: 'PUT /api/staff/hours',
    expect: OWN,
    writes: true,
    fresh: async (world): Promise<Fresh> => ({
      bistroVersion: (await loadHours(world.database.db, world.bistro.id)).version,
      otherVersion: (await loadHours(world.database.db, world.other.id)).version,
    }),
    request: (_world, actor, fresh) => ({
      method: 'PUT',
      url: '/api/staff/hours',
      payload: {
        // Midnight to noon and noon to midnight every day: the matrix's orders stay welcome at any time.
        spans: [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => [
          { weekday, opens: 0, closes: 720 },
          { weekday, opens: 720, closes: 0 },
        ]),
        closedDays: [{ date: '2030-01-01', note: marker(actor) }],
        businessDayCutoffHour: 4,
        version: Number(actor === 'outsider' ? fresh.otherVersion : fresh.bistroVersion),
      },
    }),
    check: ownHours,
  },
];
