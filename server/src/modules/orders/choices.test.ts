import { OrderSchema, TableOrdersResponseSchema } from '@tablo/contract/order';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGrill } from '../../../test/helpers/choices.ts';
import { insertRestaurant } from '../../../test/helpers/fixtures.ts';
import {
  createOrderingApp,
  getTableOrders,
  joinedSession,
  type OrderingContext,
  postOrder,
} from '../../../test/helpers/ordering-kit.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { menuOption } from '../../db/schema.ts';
import { exportMenu } from '../menu-import/export-menu.ts';
import { importMenu } from '../menu-import/import-menu.ts';

describe.each(testDatabaseKinds())('orders with choices (issue 27) on %s', (kind) => {
  let ctx: OrderingContext;
  let grill: Awaited<ReturnType<typeof insertGrill>>;
  let tableId: number;
  let run = 0;

  beforeAll(async () => {
    ctx = await createOrderingApp(kind);
    grill = await insertGrill(ctx.database.db, insertRestaurant);
    tableId = grill.grill.tables[1] as number;
  });
  afterAll(() => ctx.close());

  const g = () => grill.groups;
  async function order(
    items: Record<string, unknown>[],
    key = `choices-${kind}-${run++}`,
    sessionId?: string,
  ) {
    const session = sessionId ?? (await joinedSession(ctx, 'grill', tableId)).sessionId;
    const response = await postOrder(ctx.app, key, { sessionId: session, tableId, note: '', items });
    return { response, sessionId: session };
  }
  const steak = (choices: { optionId: number; quantity?: number }[], quantity = 1) => ({
    menuItemId: grill.item('steak'),
    quantity,
    note: '',
    choices,
  });

  it('prices a steak medium rare with pepper sauce from the database and keeps the choices', async () => {
    const { response, sessionId } = await order([
      steak(
        [
          { optionId: g().doneness.options['medium-rare'] as number },
          { optionId: g().sauces.options.pepper as number },
        ],
        2,
      ),
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const placed = OrderSchema.parse(response.json());
    expect(placed.total).toBe(2 * (5900 + 600));
    const [line] = placed.items;
    expect(line).toMatchObject({ unitPrice: 6500, quantity: 2, lineTotal: 13000 });
    expect(line?.choices).toEqual([
      {
        optionId: g().doneness.options['medium-rare'],
        groupId: g().doneness.id,
        groupTitles: [
          { isoCode: 'hu', title: 'Sütési fok' },
          { isoCode: 'en', title: 'Doneness' },
          { isoCode: 'de', title: 'Garstufe' },
        ],
        titles: [
          { isoCode: 'hu', title: 'Angolosan' },
          { isoCode: 'en', title: 'Medium rare' },
          { isoCode: 'de', title: 'Medium rare' },
        ],
        quantity: 1,
        freeQuantity: 0,
        priceDelta: 0,
        allergens: [],
      },
      {
        optionId: g().sauces.options.pepper,
        groupId: g().sauces.id,
        groupTitles: [
          { isoCode: 'hu', title: 'Szószok' },
          { isoCode: 'en', title: 'Sauces' },
          { isoCode: 'de', title: 'Soßen' },
        ],
        titles: [
          { isoCode: 'en', title: 'Pepper sauce' },
          { isoCode: 'de', title: 'Pfeffersoße' },
        ],
        quantity: 1,
        freeQuantity: 0,
        priceDelta: 600,
        allergens: ['MILK'],
      },
    ]);
    // My Table answers the same snapshot.
    const table = TableOrdersResponseSchema.parse((await getTableOrders(ctx.app, tableId, sessionId)).json());
    expect(table.orders.find((o) => o.id === placed.id)?.items[0]?.choices).toEqual(line?.choices);
  });

  it('refuses a steak without its required doneness, naming the dish and the group (defaults are not applied)', async () => {
    const { response } = await order([steak([])]);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      `Menu item ${grill.item('steak')} (Rib-eye steak): a choice of "Doneness" is required`,
    );
  });

  it('refuses too many and too few choices', async () => {
    const s = g().sauces.options;
    const tooMany = await order([
      steak([
        { optionId: g().doneness.options.medium as number },
        { optionId: s.pepper as number },
        { optionId: s.mushroom as number },
        { optionId: s.garlic as number },
      ]),
    ]);
    expect(tooMany.response.statusCode).toBe(422);
    expect(tooMany.response.json().message).toBe(
      `Menu item ${grill.item('steak')} (Rib-eye steak): choose at most 2 of "Sauces"`,
    );
    const tooFew = await order([
      {
        menuItemId: grill.item('nachos'),
        quantity: 1,
        note: '',
        choices: [{ optionId: g().dips.options.salsa }],
      },
    ]);
    expect(tooFew.response.statusCode).toBe(422);
    expect(tooFew.response.json().message).toBe(
      `Menu item ${grill.item('nachos')} (Nachos): choose at least 2 of "Dips"`,
    );
  });

  it("refuses an unknown option, another item's option and another restaurant's option", async () => {
    const oat = g().milk.options.oat as number;
    const { response } = await order([
      steak([{ optionId: g().doneness.options.medium as number }, { optionId: oat }, { optionId: 999_999 }]),
    ]);
    expect(response.statusCode).toBe(422);
    const dish = `Menu item ${grill.item('steak')} (Rib-eye steak)`;
    expect(response.json().message).toBe(
      `${dish}: option ${oat} (Oat milk, Milk) is another item's option, ${dish}: option 999999 is not on this restaurant's menu`,
    );
  });

  it('refuses a sold-out option, naming it', async () => {
    const oat = g().milk.options.oat as number;
    await ctx.database.db
      .update(menuOption)
      .set({ availabilityType: 'SOLD_OUT' })
      .where(eq(menuOption.id, oat));
    try {
      const { response } = await order([
        { menuItemId: grill.item('coffee'), quantity: 1, note: '', choices: [{ optionId: oat }] },
      ]);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(
        `Menu item ${grill.item('coffee')} (Latte): "Oat milk" of "Milk" is sold out`,
      );
    } finally {
      await ctx.database.db
        .update(menuOption)
        .set({ availabilityType: 'AVAILABLE' })
        .where(eq(menuOption.id, oat));
    }
  });

  it('refuses a price sent by the client (400) and the same option twice', async () => {
    const withPrice = await order([
      steak([{ optionId: g().doneness.options.medium as number, priceDelta: 0 } as { optionId: number }]),
    ]);
    expect(withPrice.response.statusCode).toBe(400);
    expect(withPrice.response.json().message).toMatch(/priceDelta/);
    const unitPrice = await order([
      { ...steak([{ optionId: g().doneness.options.medium as number }]), unitPrice: 1 },
    ]);
    expect(unitPrice.response.statusCode).toBe(400);
    const twice = await order([
      {
        menuItemId: grill.item('coffee'),
        quantity: 1,
        note: '',
        choices: [{ optionId: g().milk.options.none }, { optionId: g().milk.options.none }],
      },
    ]);
    expect(twice.response.statusCode).toBe(422);
    expect(twice.response.json().message).toBe(
      `Menu item ${grill.item('coffee')} (Latte): "No milk" of "Milk" is chosen more than once`,
    );
  });

  it('makes the cheapest units of a group free, whatever order they were chosen in', async () => {
    const { cheese, bacon } = g().extras.options;
    const { response } = await order([
      {
        menuItemId: grill.item('burger'),
        quantity: 1,
        note: '',
        choices: [
          { optionId: bacon, quantity: 1 },
          { optionId: cheese, quantity: 2 },
        ],
      },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const [line] = OrderSchema.parse(response.json()).items;
    // One of the two cheeses (300, the cheapest) is the free one: 3500 + 300 + 400.
    expect(line?.unitPrice).toBe(4200);
    expect(line?.choices.map((c) => [c.optionId, c.quantity, c.freeQuantity, c.priceDelta])).toEqual([
      [cheese, 2, 1, 300],
      [bacon, 1, 0, 400],
    ]);
  });

  it('answers the same order for the same key and body, and 422 for other choices under that key', async () => {
    const { sessionId } = await joinedSession(ctx, 'grill', tableId);
    const body = [steak([{ optionId: g().doneness.options.medium as number }])];
    const first = await order(body, 'same-key-choices', sessionId);
    const again = await order(body, 'same-key-choices', sessionId);
    expect(first.response.statusCode).toBe(201);
    expect(again.response.body).toBe(first.response.body);
    const other = await order(
      [steak([{ optionId: g().doneness.options['well-done'] as number }])],
      'same-key-choices',
      sessionId,
    );
    expect(other.response.statusCode).toBe(422);
  });

  it("keeps placed orders as they were when an option's price changes (a publish)", async () => {
    const pepper = g().sauces.options.pepper as number;
    const { response, sessionId } = await order([
      steak([{ optionId: g().doneness.options.medium as number }, { optionId: pepper }]),
    ]);
    const placed = OrderSchema.parse(response.json());
    const menu = await exportMenu(ctx.database, 'grill');
    await importMenu(ctx.database, 'grill', {
      ...menu,
      optionGroups: menu.optionGroups.map((group) => ({
        ...group,
        options: group.options.map((o) =>
          o.ref === 'pepper'
            ? {
                ...o,
                priceDelta: 900,
                translations: [{ isoCode: 'en', title: 'Green pepper sauce', description: '' }],
              }
            : o,
        ),
      })),
    });
    const table = TableOrdersResponseSchema.parse((await getTableOrders(ctx.app, tableId, sessionId)).json());
    const kept = table.orders.find((o) => o.id === placed.id);
    expect(kept?.total).toBe(6500);
    expect(kept?.items[0]?.choices[1]).toMatchObject({ optionId: pepper, priceDelta: 600 });
    expect(kept?.items[0]?.choices[1]?.titles).toContainEqual({ isoCode: 'en', title: 'Pepper sauce' });
    // The option kept its id through the re-import; a new order pays the new price.
    const next = await order([
      steak([{ optionId: g().doneness.options.medium as number }, { optionId: pepper }]),
    ]);
    expect(OrderSchema.parse(next.response.json()).total).toBe(6800);
  });
});
