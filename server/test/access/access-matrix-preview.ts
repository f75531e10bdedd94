import { apiPaths } from '@tablo/contract/paths';
import { answers, type MatrixRow } from './access-matrix.ts';
import type { Actor, World } from './access-world.ts';

/**
 * The owner's menu preview (docs/decisions/069-owner-preview.md) in the access matrix: the restaurant's own
 * OWNER and MANAGER read its menu; WAITER and KITCHEN 403; diners 401; another restaurant's owner 404, the
 * same as a name that does not exist.
 */
export const PREVIEW_ROWS: MatrixRow[] = [
  {
    route: 'GET /api/staff/menu-preview/:shortName',
    expect: answers({ OWNER: 200, MANAGER: 200, WAITER: 403, KITCHEN: 403, outsider: 404, diners: 401 }),
    request: () => ({ method: 'GET', url: `/api${apiPaths.menuPreview('bistro')}` }),
    check: (_world: World, actor: Actor, body: string) => {
      if (!body.includes('Gulyásleves') || !body.includes('"restaurantShortName":"bistro"'))
        throw new Error(`${actor} did not get the bistro's menu: ${body.slice(0, 200)}`);
    },
  },
];
