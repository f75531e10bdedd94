import { MenuSchema } from '@tablo/contract/menu';
import { type MenuDraft, MenuDraftSchema, MenuVersionsSchema } from '@tablo/contract/menu-editor';
import type { MenuFile } from '@tablo/contract/menu-import';
import { TableOrdersResponseSchema } from '@tablo/contract/order';
import type { StaffRole } from '@tablo/contract/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/helpers/eventually.ts';
import { RecordingClient, wsUrl } from '../../../test/helpers/live.ts';
import {
  createOrderingApp,
  getTableOrders,
  joinedSession,
  type OrderingContext,
  postOrder,
} from '../../../test/helpers/ordering-kit.ts';
import { asStaff, type LoggedIn, staffOfEveryRole } from '../../../test/helpers/staff.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';

type Item = MenuFile['categories'][number]['items'][number];

function itemOf(menu: MenuFile, ref: string): Item {
  const item = menu.categories
    .flatMap((category) => category.items)
    .find((candidate) => candidate.ref === ref);
  if (!item) throw new Error(`no item ${ref}`);
  return item;
}

function fieldsOf(item: Item): Omit<Item, 'ref'> {
  const { ref: _ref, ...fields } = item;
  return fields;
}

describe.each(testDatabaseKinds())('the menu editor on %s', (kind) => {
  let ctx: OrderingContext;
  let staff: Record<StaffRole, LoggedIn>;
  let outsider: LoggedIn;

  beforeAll(async () => {
    ctx = await createOrderingApp(kind);
    staff = await staffOfEveryRole(ctx.app, ctx.database, 'bistro');
    outsider = (await staffOfEveryRole(ctx.app, ctx.database, 'other')).OWNER;
  }, 60_000);
  afterAll(() => ctx.close());

  const call = (who: LoggedIn, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    asStaff(ctx.app, who, method, `/api/staff/menu-editor${path}`, body);
  const draftOf = async (who: LoggedIn = staff.MANAGER): Promise<MenuDraft> => {
    const response = await call(who, 'GET', '/draft');
    expect(response.statusCode, response.body).toBe(200);
    return MenuDraftSchema.parse(response.json());
  };
  const dinerMenu = async () =>
    MenuSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/menu/current/bistro' })).json());
  const dinerPrice = async (itemId: number) =>
    (await dinerMenu()).flatMap((c) => c.menuItems).find((item) => item.id === itemId)?.priceGross;
  const saveItem = (who: LoggedIn, ref: string, baseVersion: number, item: Omit<Item, 'ref'>) =>
    call(who, 'PUT', `/draft/items/${ref}`, { baseVersion, item });
  const discard = async () => expect((await call(staff.OWNER, 'DELETE', '/draft')).statusCode).toBe(200);

  it('a price changed in the draft stays unseen until publish; publish reaches the open menu live; the order keeps its price; restoring brings the old price back', async () => {
    const goulash = ctx.bistro.items.goulash as number;
    const tableId = ctx.bistro.tables[1] as number;
    const { sessionId } = await joinedSession(ctx, 'bistro', tableId);
    const placed = await postOrder(ctx.app, 'editor-order-1', {
      sessionId,
      tableId,
      items: [{ menuItemId: goulash, quantity: 1 }],
    });
    expect(placed.statusCode, placed.body).toBe(201);

    const base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const diner = new RecordingClient(wsUrl(base.replace(/^http/, 'ws'), { tableId, sessionId }));
    await diner.ready();

    const draft = await draftOf();
    expect(draft.hasChanges).toBe(false);
    const before = itemOf(draft.menu, 'goulash');
    expect(before.priceGross).toBe(2490);
    const saved = await saveItem(staff.MANAGER, 'goulash', draft.version, {
      ...fieldsOf(before),
      priceGross: 2990,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const edited = MenuDraftSchema.parse(saved.json());
    expect(edited.hasChanges).toBe(true);
    expect(itemOf(edited.menu, 'goulash').priceGross).toBe(2990);
    expect(await dinerPrice(goulash)).toBe(2490);

    const published = await call(staff.MANAGER, 'POST', '/publish', { baseVersion: edited.version });
    expect(published.statusCode, published.body).toBe(200);
    expect(MenuDraftSchema.parse(published.json())).toMatchObject({ hasChanges: false, liveVersion: 2 });
    await diner.until((messages) => messages.some((m) => m.type === 'menu.published'));
    expect(
      await eventually(
        () => dinerPrice(goulash),
        (price) => price === 2990,
      ),
    ).toBe(2990);

    const orders = TableOrdersResponseSchema.parse(
      (await getTableOrders(ctx.app, tableId, sessionId)).json(),
    );
    expect(orders.orders.flatMap((order) => order.items).map((line) => line.unitPrice)).toEqual([2490]);

    const versions = MenuVersionsSchema.parse((await call(staff.OWNER, 'GET', '/versions')).json());
    expect(versions.versions.map((v) => [v.number, v.publishedBy])).toEqual([
      [2, 'manager@bistro.test'],
      [1, null],
    ]);
    const restored = await call(staff.OWNER, 'POST', '/versions/1/restore');
    expect(restored.statusCode, restored.body).toBe(200);
    expect(
      await eventually(
        () => dinerPrice(goulash),
        (price) => price === 2490,
      ),
    ).toBe(2490);
    const after = MenuVersionsSchema.parse((await call(staff.OWNER, 'GET', '/versions')).json());
    expect(after.versions[0]).toMatchObject({ number: 3, restoredFrom: 1, publishedBy: 'owner@bistro.test' });
    await diner.until((messages) => messages.filter((m) => m.type === 'menu.published').length === 2);
    await diner.close();
  });

  it('a stale save of the same item answers 409 with the item as it is now; a save of another item does not', async () => {
    const draft = await draftOf();
    const goulash = itemOf(draft.menu, 'goulash');
    const first = await saveItem(staff.MANAGER, 'goulash', draft.version, {
      ...fieldsOf(goulash),
      priceGross: 2600,
    });
    expect(first.statusCode, first.body).toBe(200);

    const stale = await saveItem(staff.OWNER, 'goulash', draft.version, {
      ...fieldsOf(goulash),
      priceGross: 2700,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: 'Someone else changed this meanwhile: here it is as it is now',
      version: draft.version + 1,
      current: { ref: 'goulash', priceGross: 2600 },
    });
    expect(itemOf((await draftOf()).menu, 'goulash').priceGross).toBe(2600);

    const palinka = itemOf(draft.menu, 'palinka');
    const other = await saveItem(staff.OWNER, 'palinka', draft.version, {
      ...fieldsOf(palinka),
      priceGross: 1900,
    });
    expect(other.statusCode, other.body).toBe(200);
    const both = (await draftOf()).menu;
    expect([itemOf(both, 'goulash').priceGross, itemOf(both, 'palinka').priceGross]).toEqual([2600, 1900]);
    await discard();
  });

  it('two saves of one item at the same moment: one is kept, the other answers 409', async () => {
    const draft = await draftOf();
    const goulash = fieldsOf(itemOf(draft.menu, 'goulash'));
    const answers = await Promise.all([
      saveItem(staff.MANAGER, 'goulash', draft.version, { ...goulash, priceGross: 3001 }),
      saveItem(staff.OWNER, 'goulash', draft.version, { ...goulash, priceGross: 3002 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const kept = answers.find((a) => a.statusCode === 200)?.json() as MenuDraft;
    expect(itemOf((await draftOf()).menu, 'goulash').priceGross).toBe(
      itemOf(kept.menu, 'goulash').priceGross,
    );
    await discard();
  });

  it('names the field of every bad input and keeps the draft as it was', async () => {
    const draft = await draftOf();
    const goulash = fieldsOf(itemOf(draft.menu, 'goulash'));
    const negative = await saveItem(staff.MANAGER, 'goulash', draft.version, { ...goulash, priceGross: -5 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toContain('body/item/priceGross');
    const noTitle = await saveItem(staff.MANAGER, 'goulash', draft.version, { ...goulash, translations: [] });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toContain('body/item/translations');
    const allergen = await saveItem(staff.MANAGER, 'goulash', draft.version, {
      ...goulash,
      allergens: ['PEANUTS', 'NOT_ONE'],
    } as unknown as Omit<Item, 'ref'>);
    expect(allergen.statusCode).toBe(400);
    expect(allergen.json().message).toContain('body/item/allergens/1');
    const vat = await saveItem(staff.MANAGER, 'goulash', draft.version, { ...goulash, vatKey: 'Z' });
    expect(vat.statusCode).toBe(400);
    expect(vat.json().message).toBe('item.vatKey: unknown VAT key "Z"');
    const missing = await saveItem(staff.MANAGER, 'no-such-dish', draft.version, goulash);
    expect(missing.statusCode).toBe(404);
    const taken = await call(staff.MANAGER, 'POST', '/draft/items', {
      baseVersion: draft.version,
      categoryRef: 'soups',
      ref: 'palinka',
      item: goulash,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('ref: is already used by another category or item');
    const noCategory = await call(staff.MANAGER, 'POST', '/draft/items', {
      baseVersion: draft.version,
      categoryRef: 'desserts',
      item: goulash,
    });
    expect(noCategory.json()).toMatchObject({
      statusCode: 404,
      message: 'categoryRef: Menu category not found',
    });
    expect(await draftOf()).toEqual(draft);
  });

  it('creates, reorders and archives; publish shows it to diners and every existing item keeps its id', async () => {
    let draft = await draftOf();
    const created = await call(staff.MANAGER, 'POST', '/draft/categories', {
      baseVersion: draft.version,
      category: {
        translations: [
          { isoCode: 'hu', title: 'Desszertek' },
          { isoCode: 'en', title: 'Desserts' },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    draft = MenuDraftSchema.parse(created.json());
    expect(draft.menu.categories.map((c) => c.ref)).toEqual(['soups', 'drinks', 'old', 'desszertek']);
    const item = await call(staff.MANAGER, 'POST', '/draft/items', {
      baseVersion: draft.version,
      categoryRef: 'desszertek',
      item: {
        priceGross: 1290,
        vatKey: 'C',
        allergens: ['MILK', 'EGGS', 'MILK'],
        translations: [{ isoCode: 'hu', title: 'Somlói galuska' }],
      },
    });
    expect(item.statusCode, item.body).toBe(200);
    draft = MenuDraftSchema.parse(item.json());
    expect(itemOf(draft.menu, 'somloi-galuska')).toMatchObject({
      priceGross: 1290,
      isActive: true,
      // Once each, in the specification's order, whatever order they were ticked in.
      allergens: ['EGGS', 'MILK'],
    });

    const order = [
      { ref: 'desszertek', items: ['somloi-galuska', 'palinka'] },
      { ref: 'soups', items: ['fishsoup', 'goulash', 'hidden-soup'] },
      { ref: 'drinks', items: [] },
      { ref: 'old', items: ['old-dish'] },
    ];
    const reordered = await call(staff.MANAGER, 'PUT', '/draft/order', {
      baseVersion: draft.version,
      categories: order,
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    draft = MenuDraftSchema.parse(reordered.json());
    expect(draft.menu.categories.map((c) => [c.ref, c.items.map((i) => i.ref)])).toEqual(
      order.map((c) => [c.ref, c.items]),
    );
    const incomplete = await call(staff.MANAGER, 'PUT', '/draft/order', {
      baseVersion: draft.version,
      categories: order.slice(1),
    });
    expect(incomplete.statusCode).toBe(409);

    const archived = await call(staff.MANAGER, 'PUT', '/draft/items/fishsoup/archive', {
      baseVersion: draft.version,
      archived: true,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    draft = MenuDraftSchema.parse(archived.json());
    expect(itemOf(draft.menu, 'fishsoup').isActive).toBe(false);

    expect((await call(staff.MANAGER, 'POST', '/publish', { baseVersion: draft.version })).statusCode).toBe(
      200,
    );
    const menu = await eventually(dinerMenu, (m) => m[0]?.menuItems.length === 2);
    expect(menu.map((c) => c.menuItems.map((i) => i.id))).toEqual([
      [expect.any(Number), ctx.bistro.items.palinka],
      [ctx.bistro.items.goulash],
      [],
    ]);
    expect(menu[0]?.menuItems[0]?.allergens.map((a) => a.type)).toEqual(['EGGS', 'MILK']);
  });

  it('publish keeps a sold-out mark a waiter set after the draft was made, unless the editor changed it', async () => {
    const draft = await draftOf();
    const goulash = fieldsOf(itemOf(draft.menu, 'goulash'));
    expect(goulash.availabilityType).toBe('AVAILABLE');
    expect(
      (await saveItem(staff.MANAGER, 'goulash', draft.version, { ...goulash, priceGross: 2500 })).statusCode,
    ).toBe(200);
    const soldOut = await asStaff(
      ctx.app,
      staff.WAITER,
      'PUT',
      `/api/staff/menu-items/${ctx.bistro.items.goulash}/availability`,
      { availabilityType: 'SOLD_OUT' },
    );
    expect(soldOut.statusCode, soldOut.body).toBe(200);
    const current = await draftOf();
    expect((await call(staff.MANAGER, 'POST', '/publish', { baseVersion: current.version })).statusCode).toBe(
      200,
    );
    const live = await eventually(dinerMenu, (m) =>
      m.some((c) => c.menuItems.some((i) => i.id === ctx.bistro.items.goulash && i.priceGross === 2500)),
    );
    const item = live.flatMap((c) => c.menuItems).find((i) => i.id === ctx.bistro.items.goulash);
    expect(item).toMatchObject({ priceGross: 2500, availabilityType: 'SOLD_OUT' });
  });

  it('imports a menu file into the draft all or nothing, every problem with its path; exports the draft as the same format', async () => {
    const draft = await draftOf();
    const bad = await call(staff.MANAGER, 'POST', '/draft/import', {
      baseVersion: draft.version,
      file: JSON.stringify({
        vatKeys: [{ code: 'C', valuePercent: 5 }],
        categories: [
          {
            ref: 'a',
            translations: [{ isoCode: 'hu', title: 'A' }],
            items: [
              { ref: 'x', priceGross: -1, vatKey: 'C', translations: [{ isoCode: 'hu', title: 'X' }] },
              { ref: 'y', priceGross: 10, vatKey: 'Q', translations: [{ isoCode: 'hu', title: 'Y' }] },
            ],
          },
        ],
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('categories[0].items[0].priceGross');
    expect(bad.json().message).toContain('categories[0].items[1].vatKey: unknown VAT key "Q"');
    expect(await draftOf()).toEqual(draft);
    const syntax = await call(staff.MANAGER, 'POST', '/draft/import', {
      baseVersion: draft.version,
      file: '{ "vatKeys": [',
    });
    expect(syntax.statusCode).toBe(400);

    const exported = await call(staff.MANAGER, 'GET', '/draft/export');
    expect(exported.headers['content-disposition']).toBe('attachment; filename="menu-bistro.json"');
    const file = exported.json() as MenuFile;
    expect(file).toEqual(draft.menu);
    const first = file.categories[0];
    if (!first) throw new Error('no category');
    first.translations = [{ isoCode: 'en', title: 'Imported first', description: '' }];
    const good = await call(staff.MANAGER, 'POST', '/draft/import', {
      baseVersion: draft.version,
      file: JSON.stringify(file),
    });
    expect(good.statusCode, good.body).toBe(200);
    const imported = MenuDraftSchema.parse(good.json());
    expect(imported.menu.categories[0]?.translations).toEqual(first.translations);
    const stale = await call(staff.MANAGER, 'POST', '/draft/import', {
      baseVersion: draft.version,
      file: JSON.stringify(file),
    });
    expect(stale.statusCode).toBe(409);
    await discard();
  });

  it('discard drops the draft; a save based on the discarded draft answers 409; restore waits for an empty draft', async () => {
    const draft = await draftOf();
    const goulash = fieldsOf(itemOf(draft.menu, 'goulash'));
    const saved = MenuDraftSchema.parse(
      (await saveItem(staff.MANAGER, 'goulash', draft.version, { ...goulash, priceGross: 4444 })).json(),
    );
    const pending = await call(staff.OWNER, 'POST', '/versions/1/restore');
    expect(pending.json()).toMatchObject({
      statusCode: 409,
      message: 'The draft has unpublished changes: publish or discard them first',
    });
    const discarded = MenuDraftSchema.parse((await call(staff.OWNER, 'DELETE', '/draft')).json());
    expect(discarded.hasChanges).toBe(false);
    expect(itemOf(discarded.menu, 'goulash').priceGross).toBe(goulash.priceGross);
    const late = await saveItem(staff.MANAGER, 'goulash', saved.version, { ...goulash, priceGross: 5555 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The draft changed meanwhile: reload it and try again');
    const nothing = await call(staff.MANAGER, 'POST', '/publish', { baseVersion: discarded.version });
    expect(nothing.json().message).toBe('The draft has no changes to publish');
    expect((await call(staff.OWNER, 'POST', '/versions/99/restore')).statusCode).toBe(404);
  });

  it('only owners and managers edit, each their own restaurant’s menu', async () => {
    expect((await call(staff.WAITER, 'GET', '/draft')).statusCode).toBe(403);
    expect((await call(staff.KITCHEN, 'POST', '/publish', { baseVersion: 0 })).statusCode).toBe(403);
    const own = await draftOf(outsider);
    expect(own.menu.categories.map((c) => c.ref)).toEqual(['mains']);
    const foreign = await saveItem(outsider, 'goulash', own.version, fieldsOf(itemOf(own.menu, 'steak')));
    expect(foreign.statusCode).toBe(404);
  });
});
