import { JoinTableResponseSchema } from '@tablo/contract/table-session';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRestaurant } from '../../../test/helpers/fixtures.ts';
import { createOrderingApp, newSession, type OrderingContext } from '../../../test/helpers/ordering-kit.ts';
import { decodeSheet, decodeSvg, sheetText } from '../../../test/helpers/qr.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { restaurant } from '../../db/schema.ts';
import type { App } from '../../lib/app-type.ts';
import { addTables, listTableUrls } from '../restaurants/manage-tables.ts';
import { createStaff } from '../staff/create-staff.ts';
import { INSTRUCTIONS } from './sheet.ts';

const PASSWORD = 'correct horse battery';
const PUBLIC_URL = 'http://localhost:3000';

async function logIn(app: App, email: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/staff/login',
    payload: { email, password: PASSWORD },
  });
  const cookie = response.cookies.find((c) => c.name === 'tablo_staff');
  if (!cookie) throw new Error(`login ${response.statusCode} ${response.body}`);
  return `tablo_staff=${cookie.value}`;
}

describe.each(testDatabaseKinds())('QR codes on %s', { timeout: 60_000 }, (kind) => {
  let ctx: OrderingContext;
  let manager = '';
  let waiter = '';
  let emptyOwner = '';
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    ctx = await createOrderingApp(kind);
    // Tables 1, 2, 3 and 5–9 enabled, 4 disabled: two pages of six.
    await addTables(ctx.database, 'bistro', { numbers: [5, 6, 7, 8, 9] });
    await ctx.database.db
      .update(restaurant)
      .set({ name: 'Kőbányai Fűszer Bisztró' })
      .where(eq(restaurant.id, ctx.bistro.id));
    await insertRestaurant(ctx.database.db, { shortName: 'empty', tables: [-1] });
    const staff = [
      ['bistro', 'mia@bistro.test', 'MANAGER'],
      ['bistro', 'wes@bistro.test', 'WAITER'],
      ['empty', 'olga@empty.test', 'OWNER'],
    ] as const;
    for (const [shortName, email, role] of staff) {
      await createStaff(ctx.database, { shortName, email, password: PASSWORD, role });
    }
    [manager = '', waiter = '', emptyOwner = ''] = await Promise.all(
      staff.map(([, email]) => logIn(ctx.app, email)),
    );
  });
  afterAll(() => ctx.close());

  it('prints one decodable code per enabled table, each opening its table with a token that joins it', async () => {
    const response = await get('/api/staff/qr-sheet.pdf', manager);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="bistro-qr-codes.pdf"');
    const decoded = await decodeSheet(response.rawPayload);
    expect(decoded).toHaveLength(12);

    const expected = (await listTableUrls(ctx.database, 'bistro', PUBLIC_URL, 'hu')).filter(
      (t) => t.isEnabled,
    );
    expect(expected.map((t) => t.tableNumber)).toEqual([1, 2, 3, 5, 6, 7, 8, 9]);
    // In table order, one per cell, the disabled table 4 left out, the last page's spare cells empty.
    expect(decoded).toEqual([...expected.map((t) => t.url), null, null, null, null]);

    for (const url of decoded.filter((u): u is string => u !== null)) {
      const parsed = new URL(url);
      const match = /^\/order\/bistro\/(\d+)\/hu$/.exec(parsed.pathname);
      expect(match, url).not.toBeNull();
      const tableId = Number(match?.[1]);
      const join = await ctx.app.inject({
        method: 'POST',
        url: '/api/table-sessions',
        payload: {
          shortName: 'bistro',
          tableId,
          token: parsed.searchParams.get('t'),
          sessionId: await newSession(ctx.app),
        },
      });
      expect(join.statusCode).toBe(200);
      const joined = JoinTableResponseSchema.parse(join.json());
      expect(joined.tableId).toBe(tableId);
      expect(joined.tableNumber).toBe(expected.find((t) => t.id === tableId)?.tableNumber);
    }
  });

  it('names the restaurant with its accents, and tells diners what to do in Hungarian and English', async () => {
    const text = await sheetText((await get('/api/staff/qr-sheet.pdf?lang=en', manager)).rawPayload);
    expect(text).toContain('Kőbányai Fűszer Bisztró');
    expect(text).toContain('Table 9');
    expect(text).toContain(INSTRUCTIONS.hu);
    expect(text).toContain(INSTRUCTIONS.en);
    const decoded = await decodeSheet((await get('/api/staff/qr-sheet.pdf?lang=en', manager)).rawPayload);
    expect(decoded[0]).toMatch(/^http:\/\/localhost:3000\/order\/bistro\/\d+\/en\?t=[0-9a-f]{32}$/);
  });

  it("answers one table's code as SVG that decodes to its URL", async () => {
    const table1 = ctx.bistro.tables[1] as number;
    const response = await get(`/api/staff/tables/${table1}/qr.svg`, manager);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    const [url] = (await listTableUrls(ctx.database, 'bistro', PUBLIC_URL, 'hu')).filter(
      (t) => t.id === table1,
    );
    expect(await decodeSvg(response.body)).toBe(url?.url);
  });

  it('refuses bad input, other restaurants, missing sessions and roles that may not manage tables', async () => {
    const table1 = ctx.bistro.tables[1] as number;
    const otherTable = ctx.other.tables[1] as number;
    expect((await get('/api/staff/qr-sheet.pdf')).statusCode).toBe(401);
    expect((await get('/api/staff/qr-sheet.pdf', waiter)).statusCode).toBe(403);
    expect((await get(`/api/staff/tables/${table1}/qr.svg`, waiter)).statusCode).toBe(403);
    expect((await get(`/api/staff/tables/${table1}/qr.svg`)).statusCode).toBe(401);
    const bad = await get('/api/staff/qr-sheet.pdf?lang=de', manager);
    expect(bad.statusCode).toBe(400);
    const foreign = await get(`/api/staff/tables/${otherTable}/qr.svg`, manager);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ message: 'Table not found' });
    expect((await get(`/api/staff/tables/${table1}/qr.svg`, emptyOwner)).statusCode).toBe(404);
    expect((await get('/api/staff/tables/abc/qr.svg', manager)).statusCode).toBe(400);
    const nothing = await get('/api/staff/qr-sheet.pdf', emptyOwner);
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json().message).toMatch(/no enabled table/);
  });
});
