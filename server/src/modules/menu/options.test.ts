import { MenuSchema } from '@tablo/contract/menu';
import { MenuOptionsSchema } from '@tablo/contract/menu-options';
import { OrderSchema } from '@tablo/contract/order';
import type { StaffRole } from '@tablo/contract/staff';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGrill } from '../../../test/helpers/choices.ts';
import { insertRestaurant } from '../../../test/helpers/fixtures.ts';
import {
  createOrderingApp,
  joinedSession,
  type OrderingContext,
  postOrder,
} from '../../../test/helpers/ordering-kit.ts';
import { asStaff, type LoggedIn, staffOfEveryRole } from '../../../test/helpers/staff.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { notifyMenuChanged } from '../../db/channels.ts';
import { menuOptionGroup } from '../../db/schema.ts';
import { readTableEvents } from '../live/event-log.ts';

describe.each(testDatabaseKinds())('choices in the menu answers (issue 27) on %s', (kind) => {
  let ctx: OrderingContext;
  let grill: Awaited<ReturnType<typeof insertGrill>>;
  let staff: Record<StaffRole, LoggedIn>;
  let outsider: LoggedIn;

  beforeAll(async () => {
    ctx = await createOrderingApp(kind);
    grill = await insertGrill(ctx.database.db, insertRestaurant);
    staff = await staffOfEveryRole(ctx.app, ctx.database, 'grill');
    outsider = (await staffOfEveryRole(ctx.app, ctx.database, 'bistro')).OWNER;
  });
  afterAll(() => ctx.close());

  const getOptions = (headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: '/api/menu/current/grill/options', headers });
  const availability = (who: LoggedIn, optionId: number, availabilityType: string, csrf = true) =>
    asStaff(
      ctx.app,
      who,
      'PUT',
      `/api/staff/menu-options/${optionId}/availability`,
      { availabilityType },
      { csrf },
    );

  it("the menu names each item's groups and what its defaults add; dishes without choices say 0 and []", async () => {
    const menu = MenuSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/menu/current/grill' })).json(),
    );
    const items = new Map(menu.flatMap((c) => c.menuItems).map((item) => [item.id, item]));
    const { groups } = grill;
    expect(items.get(grill.item('steak'))).toMatchObject({
      optionGroupIds: [groups.doneness.id, groups.sauces.id],
      defaultChoicesPrice: 0,
    });
    // Salsa (100) and aioli (150) are the nachos' defaults.
    expect(items.get(grill.item('nachos'))).toMatchObject({
      optionGroupIds: [groups.dips.id],
      defaultChoicesPrice: 250,
    });
    expect(items.get(grill.item('plain'))).toMatchObject({ optionGroupIds: [], defaultChoicesPrice: 0 });
    // The groups themselves are not in the menu document.
    expect(JSON.stringify(menu)).not.toContain('Medium rare');
  });

  it("answers every active group with its options in order, allergens in the spec's order, with an ETag", async () => {
    const response = await getOptions({ 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    const plain = await getOptions();
    const { groups } = MenuOptionsSchema.parse(plain.json());
    expect(groups.map((group) => group.id)).toEqual(
      ['doneness', 'sauces', 'milk', 'extras', 'dips'].map((ref) => grill.groups[ref as 'milk'].id),
    );
    const sauces = groups[1];
    expect(sauces).toMatchObject({ kind: 'MULTIPLE', minChoices: 0, maxChoices: 2, freeChoices: 0 });
    expect(sauces?.options.map((o) => [o.translations[0]?.title, o.priceDelta, o.allergens])).toEqual([
      ['Pepper sauce', 600, [{ type: 'MILK' }]],
      ['Mushroom sauce', 500, []],
      // Stored MILK, EGGS; the spec's order puts EGGS first.
      ['Garlic sauce', 400, [{ type: 'EGGS' }, { type: 'MILK' }]],
    ]);
    expect(groups[0]?.options.find((o) => o.isDefault)?.translations.map((t) => t.title)).toContain('Medium');
    const etag = String(response.headers.etag);
    const again = await getOptions({ 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(
      String((await ctx.app.inject({ method: 'GET', url: '/api/menu/current/grill' })).headers.etag),
    ).not.toBe(etag);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/menu/current/nope/options' })).statusCode).toBe(
      404,
    );
  });

  it('a waiter marks an option sold out: the options answer, open tables and new orders follow', async () => {
    const oat = grill.groups.milk.options.oat as number;
    const tableId = grill.grill.tables[2] as number;
    const diner = await joinedSession(ctx, 'grill', tableId);
    const before = String((await getOptions()).headers.etag);
    // Without the CSRF header, and from another restaurant: refused, nothing changes.
    expect((await availability(staff.WAITER, oat, 'SOLD_OUT', false)).statusCode).toBe(403);
    expect((await availability(outsider, oat, 'SOLD_OUT')).statusCode).toBe(404);
    expect((await availability(staff.KITCHEN, oat, 'SOLD_OUT')).statusCode).toBe(403);
    expect((await availability(staff.WAITER, oat, 'GONE')).statusCode).toBe(400);
    const sold = await availability(staff.WAITER, oat, 'SOLD_OUT');
    expect(sold.statusCode).toBe(200);
    expect(sold.json()).toEqual({ availabilityType: 'SOLD_OUT' });
    await expect
      .poll(async () => {
        const { groups } = MenuOptionsSchema.parse((await getOptions()).json());
        return groups.flatMap((g) => g.options).find((o) => o.id === oat)?.availabilityType;
      })
      .toBe('SOLD_OUT');
    expect(String((await getOptions()).headers.etag)).not.toBe(before);
    const events = await readTableEvents(ctx.database.db, tableId, diner.joined.cursor);
    expect(events.map((e) => e.event)).toContainEqual({
      type: 'option.availability_changed',
      optionId: oat,
      availabilityType: 'SOLD_OUT',
    });
    const refused = await postOrder(ctx.app, 'oat-sold-out', {
      sessionId: diner.sessionId,
      tableId,
      items: [{ menuItemId: grill.item('coffee'), quantity: 1, choices: [{ optionId: oat }] }],
    });
    expect(refused.statusCode).toBe(422);
    expect((await availability(staff.MANAGER, oat, 'AVAILABLE')).statusCode).toBe(200);
    const placed = await postOrder(ctx.app, 'oat-again', {
      sessionId: diner.sessionId,
      tableId,
      items: [{ menuItemId: grill.item('coffee'), quantity: 2, choices: [{ optionId: oat }] }],
    });
    expect(OrderSchema.parse(placed.json()).total).toBe(2 * 1000);
  });

  it('leaves an inactive group out of both answers', async () => {
    await ctx.database.db
      .update(menuOptionGroup)
      .set({ isActive: false })
      .where(eq(menuOptionGroup.id, grill.groups.sauces.id));
    await notifyMenuChanged(ctx.database, 'grill');
    // The answers are rebuilt after the change's coalescing window, later on a loaded machine: 5 s.
    await expect
      .poll(async () => MenuOptionsSchema.parse((await getOptions()).json()).groups.map((g) => g.id), {
        timeout: 5_000,
      })
      .not.toContain(grill.groups.sauces.id);
    await expect
      .poll(
        async () => {
          const menu = MenuSchema.parse(
            (await ctx.app.inject({ method: 'GET', url: '/api/menu/current/grill' })).json(),
          );
          return menu.flatMap((c) => c.menuItems).find((item) => item.id === grill.item('steak'))
            ?.optionGroupIds;
        },
        { timeout: 5_000 },
      )
      .toEqual([grill.groups.doneness.id]);
  });
});
