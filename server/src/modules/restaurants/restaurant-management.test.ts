import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { MENU_CHANGED_CHANNEL } from '../../db/channels.ts';
import type { Database } from '../../db/database.ts';
import { restaurant } from '../../db/schema.ts';
import {
  InvalidInputError,
  RestaurantExistsError,
  RestaurantNotFoundError,
  TableNotFoundError,
} from './errors.ts';
import { createRestaurant } from './manage-restaurants.ts';
import { addTables, listTables, listTableUrls, rotateTableToken, setTableEnabled } from './manage-tables.ts';

describe.each(testDatabaseKinds())('restaurant and table management on %s', (kind) => {
  let database: Database;
  let heard: (string | null)[];
  beforeEach(async () => {
    database = await createTestDatabase(kind);
    heard = [];
    await database.listen(MENU_CHANGED_CHANNEL, (payload) => heard.push(payload));
  });
  afterEach(async () => {
    await database.close();
  });

  it('creates a restaurant with defaults and refuses a taken or malformed short name', async () => {
    await createRestaurant(database, { shortName: 'kisbiro', name: 'Kisbíró Étkezde' });
    const [row] = await database.db.select().from(restaurant);
    expect(row).toMatchObject({
      shortName: 'kisbiro',
      name: 'Kisbíró Étkezde',
      isEnabled: true,
      isOrderingEnabled: true,
      imageUrl: null,
      descriptionHu: '',
    });
    await expect(createRestaurant(database, { shortName: 'kisbiro', name: 'Again' })).rejects.toThrow(
      RestaurantExistsError,
    );
    const bad = createRestaurant(database, { shortName: 'Kis Bíró', name: '' });
    await expect(bad).rejects.toThrow(InvalidInputError);
    await expect(bad).rejects.toThrow(/shortName: must be lowercase letters/);
    await expect(bad).rejects.toThrow(/name: /);
    await expect.poll(() => heard).toEqual(['kisbiro']);
  });

  it('adds numbered tables with distinct 128-bit tokens, continuing after the highest number', async () => {
    await createRestaurant(database, { shortName: 'bistro', name: 'Bistro' });
    const first = await addTables(database, 'bistro', { count: 3 });
    expect(first.map((t) => t.tableNumber)).toEqual([1, 2, 3]);
    const more = await addTables(database, 'bistro', { numbers: [10, 7] });
    expect(more.map((t) => t.tableNumber)).toEqual([10, 7]);
    const next = await addTables(database, 'bistro', { count: 1 });
    expect(next.map((t) => t.tableNumber)).toEqual([11]);

    const tables = await listTables(database.db, 'bistro');
    expect(tables.map((t) => t.tableNumber)).toEqual([1, 2, 3, 7, 10, 11]);
    for (const table of tables) expect(table.token).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(tables.map((t) => t.token)).size).toBe(tables.length);
    await expect.poll(() => heard.length).toBe(4);
  });

  it('adds nothing when one of the numbers is taken, and names it', async () => {
    await createRestaurant(database, { shortName: 'bistro', name: 'Bistro' });
    await addTables(database, 'bistro', { numbers: [1, 2] });
    await expect(addTables(database, 'bistro', { numbers: [3, 2] })).rejects.toThrow(
      'Restaurant "bistro" already has table 2; nothing was added.',
    );
    await expect(addTables(database, 'bistro', { numbers: [4, 0] })).rejects.toThrow(/whole numbers from 1/);
    await expect(addTables(database, 'nope', { count: 2 })).rejects.toThrow(RestaurantNotFoundError);
    expect((await listTables(database.db, 'bistro')).map((t) => t.tableNumber)).toEqual([1, 2]);
  });

  it('disables a table and rotates its token so the old QR code stops matching', async () => {
    await createRestaurant(database, { shortName: 'bistro', name: 'Bistro' });
    const [table] = await addTables(database, 'bistro', { count: 1 });
    const disabled = await setTableEnabled(database, 'bistro', 1, false);
    expect(disabled).toMatchObject({ tableNumber: 1, isEnabled: false, token: table?.token });
    const rotated = await rotateTableToken(database, 'bistro', 1);
    expect(rotated.id).toBe(table?.id);
    expect(rotated.token).toMatch(/^[0-9a-f]{32}$/);
    expect(rotated.token).not.toBe(table?.token);
    await expect(rotateTableToken(database, 'bistro', 9)).rejects.toThrow(TableNotFoundError);
    await expect(rotateTableToken(database, 'bistro', 9)).rejects.toThrow(
      'Restaurant "bistro" has no table 9.',
    );
  });

  it("lists each table's ordering URL with its id, language and token", async () => {
    await createRestaurant(database, { shortName: 'bistro', name: 'Bistro' });
    await addTables(database, 'bistro', { numbers: [5, 6] });
    const urls = await listTableUrls(database, 'bistro', 'https://menu.example.hu/', 'en');
    expect(urls).toHaveLength(2);
    for (const table of urls) {
      expect(table.url).toBe(`https://menu.example.hu/order/bistro/${table.id}/en?t=${table.token}`);
    }
    await expect(listTableUrls(database, 'bistro', 'https://x.example', 'xx')).rejects.toThrow(
      /Unknown language "xx"/,
    );
  });
});
