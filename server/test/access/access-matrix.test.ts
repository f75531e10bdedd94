import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../helpers/test-database.ts';
import { forbiddenFor, leaksIn } from './access-leaks.ts';
import { type Fresh, MATRIX, type MatrixRow } from './access-matrix.ts';
import { ACCOUNT_ROWS, TEAM_ROWS } from './access-matrix-accounts.ts';
import { FIGURES_ROWS } from './access-matrix-figures.ts';
import { HOURS_ROWS } from './access-matrix-hours.ts';
import { MENU_EDITOR_ROWS } from './access-matrix-menu-editor.ts';
import { MENU_WINDOWS_ROWS } from './access-matrix-menu-windows.ts';
import { PREVIEW_ROWS } from './access-matrix-preview.ts';
import { PRINTING_ROWS } from './access-matrix-printing.ts';
import { SETUP_ROWS } from './access-matrix-setup.ts';
import { openSocket, placeOrderAt, SOCKET_CASES, type SocketCase } from './access-sockets.ts';
import {
  ACTORS,
  type Actor,
  buildWorld,
  inject,
  isStaff,
  NOTES,
  stayLoggedIn,
  type World,
} from './access-world.ts';

/**
 * Issue 11 point 8: every route that takes an id, tried by every kind of caller (access-matrix.ts holds the
 * matrix as data). Only who may gets in; no answer carries what its caller may not read; a refused write
 * changes nothing; and nothing the app logged while all this ran holds a session id, token or password.
 */

/** Tables a route could change, and the columns left out because reading touches them ("last seen"). */
const WATCHED: [string, string[]][] = [
  ['orders', []],
  ['order_item', []],
  ['payment', []],
  ['payment_item', []],
  ['refund', []],
  ['bill_split', []],
  ['dining_table', []],
  ['menu_item', []],
  ['menu_option', []],
  ['menu_option_group', []],
  ['menu_item_option_group', []],
  ['menu_draft', ['updated_at']],
  ['menu_version', []],
  ['table_visit', []],
  ['visit_session', []],
  ['table_call', []],
  ['menu_item_rating', []],
  ['table_event', []],
  ['diner_session', ['last_seen']],
  ['staff_session', ['expires_at']],
  ['staff_user', []],
  ['account_token', []],
  ['restaurant', []],
  ['vat_key', []],
  ['picture_file', []],
  ['opening_hours', []],
  ['opening_span', []],
  ['closed_day', []],
];

/** One fingerprint of everything a route could change, in one statement. */
async function databaseState(world: World): Promise<unknown> {
  const parts = WATCHED.map(([table, skip]) => {
    const row = skip.length === 0 ? 't' : `(to_jsonb(t) - array[${skip.map((c) => `'${c}'`).join(',')}])`;
    return `(select md5(coalesce(string_agg(${row}::text, '|' order by ${row}::text), '')) from ${table} t) as ${table}`;
  });
  const result = await world.database.db.execute(sql.raw(`select ${parts.join(', ')}`));
  return (result as unknown as { rows: unknown[] }).rows;
}

const isAllowed = (status: number) => status < 300;

/** Refused callers first: a refusal that wrongly went through shows up before an allowed call needs the target. */
function cellOrder(row: MatrixRow): Actor[] {
  return [...ACTORS].sort((a, b) => Number(isAllowed(row.expect[a])) - Number(isAllowed(row.expect[b])));
}

describe.each(testDatabaseKinds())('access matrix on %s', (kind) => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(kind);
  }, 60_000);
  afterAll(() => world?.close());

  describe('websockets', () => {
    let httpBase: string;
    beforeAll(async () => {
      httpBase = await world.app.listen({ host: '127.0.0.1', port: 0 });
    });

    const label = (c: SocketCase) =>
      `${c.channel} socket as ${c.actor}${c.origin === 'foreign' ? ' from a foreign Origin' : ''}`;
    it('admits exactly who may, with nothing in its messages they may not read', async () => {
      const problems: string[] = [];
      const open = await Promise.all(SOCKET_CASES.map((c) => openSocket(world, httpBase, c)));
      for (const [index, c] of SOCKET_CASES.entries()) {
        const socket = open[index];
        if (!socket) continue;
        const outcome = await socket.outcome;
        if (outcome !== c.expect) problems.push(`${label(c)}: ${outcome} (expected ${c.expect})`);
      }
      // A live order at table A reaches its table and the bistro's board, and nobody else.
      const admitted = open.filter((socket) => socket.outcomeNow() === 'ready');
      await placeOrderAt(world);
      for (const socket of admitted) if (socket.mustSeeLiveOrder) await socket.untilSeen(NOTES.A);
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (const [index, c] of SOCKET_CASES.entries()) {
        const socket = open[index];
        if (!socket) continue;
        const leaks = leaksIn(socket.text(), forbiddenFor(world, c.actor));
        if (leaks.length > 0) problems.push(`${label(c)}: its messages hold ${leaks.join(', ')}`);
      }
      await Promise.all(open.map((socket) => socket.close()));
      expect(problems).toEqual([]);
    });
  });

  // The accounts and menu editor rows (issue 26) before the join rows, which must run last (access-matrix.ts).
  const joins = MATRIX.filter((row) => row.route.startsWith('POST /api/table-sessions'));
  const rows = [
    ...MATRIX.filter((row) => !joins.includes(row)),
    ...TEAM_ROWS,
    ...ACCOUNT_ROWS,
    ...MENU_EDITOR_ROWS,
    ...SETUP_ROWS,
    ...PREVIEW_ROWS,
    ...HOURS_ROWS,
    ...PRINTING_ROWS,
    ...FIGURES_ROWS,
    ...MENU_WINDOWS_ROWS,
    ...joins,
  ];
  for (const row of rows) {
    it(row.route, async () => {
      const problems: string[] = [];
      let shared: Fresh | null = null;
      for (const actor of cellOrder(row)) {
        const expected = row.expect[actor];
        let fresh: Fresh = {};
        if (row.fresh && isAllowed(expected)) fresh = await row.fresh(world);
        else if (row.fresh) {
          shared ??= await row.fresh(world);
          fresh = shared;
        }
        const before = row.writes && !isAllowed(expected) ? await databaseState(world) : null;
        const request = row.request(world, actor, fresh);
        const response = await inject(world, actor, request);
        const where = `${row.route} as ${actor}`;
        if (response.statusCode !== expected) {
          problems.push(
            `${where}: ${response.statusCode} (expected ${expected}) ${response.body.slice(0, 200)}`,
          );
        }
        if (
          response.statusCode >= 400 &&
          !/^application\/json/.test(String(response.headers['content-type']))
        ) {
          if (!row.route.startsWith('GET /sandbox')) problems.push(`${where}: an error that is not JSON`);
        }
        const seen = `${JSON.stringify(response.headers)}\n${response.body}`;
        const leaks = leaksIn(seen, forbiddenFor(world, actor), String(request.url));
        if (leaks.length > 0) problems.push(`${where}: the answer holds ${leaks.join(', ')}`);
        if (isAllowed(expected) && response.statusCode === expected && row.check) {
          try {
            row.check(world, actor, response.body);
          } catch (error) {
            problems.push(`${where}: ${(error as Error).message}`);
          }
        }
        if (before) {
          const after = await databaseState(world);
          if (JSON.stringify(after) !== JSON.stringify(before))
            problems.push(`${where}: a refused write changed the database`);
        }
        if (row.endsSession && isStaff(actor)) await stayLoggedIn(world, actor);
      }
      expect(problems).toEqual([]);
    });
  }

  it('logged no session id, token, password or hash while all of the above ran', () => {
    const log = world.logLines.join('');
    expect(log).toContain('request completed');
    const secrets = [
      ...world.alwaysSecret(),
      ...world.retired,
      ...world.tokens.bistro,
      ...world.tokens.other,
    ];
    secrets.push(...Object.values(world.staff).map((who) => who.csrf));
    expect(leaksIn(log, secrets)).toEqual([]);
  });
});
