import { FiguresSchema } from '@tablo/contract/figures';
import { answers, type MatrixRow } from './access-matrix.ts';
import type { Actor, World } from './access-world.ts';

/**
 * The day's figures (issue 28, docs/decisions/076) in the access matrix: the restaurant's own OWNER and
 * MANAGER read them; WAITER and KITCHEN 403; diners 401. The route names no restaurant: another
 * restaurant's owner gets its own figures, never a line of the bistro's.
 */
const READERS = answers({ OWNER: 200, MANAGER: 200, WAITER: 403, KITCHEN: 403, outsider: 200, diners: 401 });

function ownFigures(_world: World, actor: Actor, body: string) {
  const bistroDish = body.includes('Gulyásleves');
  if (actor === 'outsider' && bistroDish) throw new Error("the outsider read the bistro's figures");
}

export const FIGURES_ROWS: MatrixRow[] = [
  {
    route: 'GET /api/staff/figures',
    expect: READERS,
    request: () => ({ method: 'GET', url: '/api/staff/figures' }),
    check: (world, actor, body) => {
      FiguresSchema.parse(JSON.parse(body));
      ownFigures(world, actor, body);
    },
  },
  {
    route: 'GET /api/staff/figures.csv',
    expect: READERS,
    request: () => ({ method: 'GET', url: '/api/staff/figures.csv?lang=hu' }),
    check: (world, actor, body) => {
      if (!body.startsWith('\uFEFFsection,id,name,measure,value'))
        throw new Error(`${actor} got no figures CSV: ${body.slice(0, 80)}`);
      ownFigures(world, actor, body);
    },
  },
];
