import { MenuFileSchema } from '@tablo/contract/menu-import';
import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createPostgresTestDatabaseUrl,
  createTestDatabase,
  testDatabaseKinds,
} from '../../test/helpers/test-database.ts';
import type { Database } from '../db/database.ts';
import { openPostgres } from '../db/postgres.ts';
import { diningTable, restaurant, staffUser } from '../db/schema.ts';
import { exportMenu } from '../modules/menu-import/export-menu.ts';
import { setRestaurantContact } from '../modules/restaurants/contact.ts';
import { createRestaurant } from '../modules/restaurants/manage-restaurants.ts';
import { verifyPassword } from '../modules/staff/password.ts';
import { resetStaffPassword, setStaffDisabled } from '../modules/staff/staff-accounts.ts';
import { DEMO_CONTACT, DEMO_STAFF, demoStaffLines, usableDemoStaff } from './demo-staff.ts';
import { DEMO_MENU } from './menu/demo-menu.ts';
import { seedDemo, seedDemoIfEmpty } from './seed.ts';

describe.each(testDatabaseKinds())('demo seed on %s', (kind) => {
  let database: Database;
  afterEach(async () => {
    await database.close();
  });

  it('seeds an empty database once, with tables 1–13 whose ids are their numbers', async () => {
    database = await createTestDatabase(kind);
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    expect(await seedDemoIfEmpty(database, { publicUrl: 'http://localhost:4000', log })).toBe(true);
    expect(await seedDemoIfEmpty(database, { log })).toBe(false);

    const restaurants = await database.db
      .select({
        shortName: restaurant.shortName,
        isEnabled: restaurant.isEnabled,
        isOrderingEnabled: restaurant.isOrderingEnabled,
      })
      .from(restaurant)
      .orderBy(asc(restaurant.id));
    expect(restaurants).toEqual([
      { shortName: 'demo', isEnabled: true, isOrderingEnabled: true },
      { shortName: 'demo-menu', isEnabled: true, isOrderingEnabled: false },
      { shortName: 'demo-closed', isEnabled: false, isOrderingEnabled: false },
    ]);
    const tables = await database.db.select().from(diningTable).orderBy(asc(diningTable.id));
    expect(tables.map((t) => [t.id, t.tableNumber, t.isEnabled])).toEqual(
      Array.from({ length: 13 }, (_, i) => [i + 1, i + 1, i < 12]),
    );
    const tableOne = tables[0];
    expect(lines).toEqual([
      `Demo restaurant "demo" is ready. Order at table 1: http://localhost:4000/order/demo/1/hu?t=${tableOne?.qrToken}`,
    ]);
    expect(await exportMenu(database, 'demo')).toEqual(MenuFileSchema.parse(DEMO_MENU));
    expect(await exportMenu(database, 'demo-closed')).toEqual(MenuFileSchema.parse(DEMO_MENU));
  });

  it('seeds one staff account per role and the contact, once; start-up lists the usable accounts', async () => {
    database = await createTestDatabase(kind);
    await seedDemoIfEmpty(database, { log: () => {} });
    const accounts = await database.db
      .select({ email: staffUser.email, role: staffUser.role, hash: staffUser.passwordHash })
      .from(staffUser)
      .orderBy(asc(staffUser.id));
    expect(accounts.map((a) => [a.email, a.role])).toEqual(DEMO_STAFF.map((a) => [a.email, a.role]));
    for (const [i, account] of DEMO_STAFF.entries()) {
      expect(accounts[i]?.hash).toMatch(/^scrypt\$/);
      expect(await verifyPassword(account.password, accounts[i]?.hash ?? '')).toBe(true);
    }
    const [demo] = await database.db
      .select({ phone: restaurant.phone, reservationUrl: restaurant.reservationUrl })
      .from(restaurant)
      .where(eq(restaurant.shortName, 'demo'));
    expect(demo).toEqual(DEMO_CONTACT);
    expect(demoStaffLines('http://localhost:4000/', await usableDemoStaff(database.db))).toEqual([
      'Demo staff accounts (log in at http://localhost:4000/staff/login/hu):',
      '  OWNER    owner@demo.example    password demo-owner',
      '  MANAGER  manager@demo.example  password demo-manager',
      '  WAITER   waiter@demo.example   password demo-waiter',
      '  KITCHEN  kitchen@demo.example  password demo-kitchen',
    ]);

    // A changed password, a disabled account and a changed contact survive a refresh; a deleted account returns.
    await resetStaffPassword(database, 'owner@demo.example', 'a password of my own');
    await setStaffDisabled(database, 'waiter@demo.example', true);
    await database.db.delete(staffUser).where(eq(staffUser.email, 'kitchen@demo.example'));
    await setRestaurantContact(database, 'demo', { phone: '+36 30 111 2222' });
    await seedDemo(database, { log: () => {} });
    expect((await usableDemoStaff(database.db)).map((a) => a.role)).toEqual(['MANAGER', 'KITCHEN']);
    expect(await database.db.select().from(staffUser)).toHaveLength(4);
    const [after] = await database.db
      .select({ phone: restaurant.phone })
      .from(restaurant)
      .where(eq(restaurant.shortName, 'demo'));
    expect(after?.phone).toBe('+36 30 111 2222');
  });

  it('leaves a database that already has a restaurant alone', async () => {
    database = await createTestDatabase(kind);
    await createRestaurant(database, { shortName: 'mine', name: 'Mine' });
    expect(await seedDemoIfEmpty(database, { log: () => {} })).toBe(false);
    expect(await database.db.select({ shortName: restaurant.shortName }).from(restaurant)).toEqual([
      { shortName: 'mine' },
    ]);
  });

  it('seed-demo refreshes the demo in place and keeps its table tokens', async () => {
    database = await createTestDatabase(kind);
    const first = await seedDemo(database, { log: () => {} });
    await database.db.update(diningTable).set({ isEnabled: false }).where(eq(diningTable.tableNumber, 2));
    const again = await seedDemo(database, { log: () => {} });
    expect(again.tableOneUrl).toBe(first.tableOneUrl);
    const tables = await database.db.select().from(diningTable);
    expect(tables).toHaveLength(13);
    expect(tables.filter((t) => !t.isEnabled).map((t) => t.tableNumber)).toEqual([13]);
  });
});

// Only where there is a PostgreSQL to race on (TEST_DATABASE_URL); PGlite is one process by design.
if (testDatabaseKinds().includes('postgres')) {
  describe('demo seed on PostgreSQL with several instances', () => {
    it('seeds exactly once when instances start at the same moment', async () => {
      const fresh = await createPostgresTestDatabaseUrl(process.env.TEST_DATABASE_URL ?? '');
      const instances = await Promise.all([1, 2, 3].map(() => openPostgres({ url: fresh.url, poolSize: 2 })));
      try {
        const seeded = await Promise.all(instances.map((db) => seedDemoIfEmpty(db, { log: () => {} })));
        expect(seeded.filter(Boolean)).toHaveLength(1);
        const [one] = instances;
        if (!one) throw new Error('no instance');
        expect(await one.db.select({ shortName: restaurant.shortName }).from(restaurant)).toHaveLength(3);
        expect(await one.db.select().from(diningTable)).toHaveLength(13);
      } finally {
        for (const instance of instances) await instance.close();
        await fresh.drop();
      }
    });
  });
}
