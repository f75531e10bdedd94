import { answers, type MatrixRow } from './access-matrix.ts';
import type { World } from './access-world.ts';

/**
 * Time-based menus and "sold out for today" (issue 28) in the access matrix: OWNER and MANAGER read and
 * save the windows (`manageHours`), WAITER and KITCHEN 403, diners 401; another restaurant's owner reads its
 * own menu's windows and gets 422 for the bistro's category. "Sold out for today" is read by the floor
 * (`markSoldOut`), each restaurant its own (docs/decisions/075).
 */

const MANAGERS = { OWNER: 200, MANAGER: 200, WAITER: 403, KITCHEN: 403, diners: 401 } as const;
const FLOOR = { OWNER: 200, MANAGER: 200, WAITER: 200, KITCHEN: 403, diners: 401 } as const;

const soups = (world: World) => world.bistro.categories.soups as number;

export const MENU_WINDOWS_ROWS: MatrixRow[] = [
  {
    route: 'GET /api/staff/menu-windows',
    expect: answers({ ...MANAGERS, outsider: 200 }),
    request: () => ({ method: 'GET', url: '/api/staff/menu-windows' }),
    check: (world, actor, body) => {
      const bistro = body.includes(`"categoryId":${soups(world)},`);
      if (bistro !== (actor !== 'outsider')) throw new Error(`${actor} read the wrong restaurant's windows`);
    },
  },
  {
    route: 'PUT /api/staff/menu-windows',
    expect: answers({ ...MANAGERS, outsider: 422 }),
    writes: true,
    request: (world) => ({
      method: 'PUT',
      url: '/api/staff/menu-windows',
      payload: { categories: [{ categoryId: soups(world), windows: [] }], items: [] },
    }),
  },
  {
    route: 'GET /api/staff/menu-items/sold-out-today',
    expect: answers({ ...FLOOR, outsider: 200 }),
    request: () => ({ method: 'GET', url: '/api/staff/menu-items/sold-out-today' }),
    check: (_world, actor, body) => {
      if (!body.includes('"items":[')) throw new Error(`${actor} got no list`);
    },
  },
];
