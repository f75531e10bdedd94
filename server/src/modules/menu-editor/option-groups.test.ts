import { type MenuDraft, MenuDraftSchema, type OptionGroupFields } from '@tablo/contract/menu-editor';
import type { MenuFile } from '@tablo/contract/menu-import';
import { MenuOptionsSchema } from '@tablo/contract/menu-options';
import type { StaffRole } from '@tablo/contract/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrderingApp, type OrderingContext } from '../../../test/helpers/ordering-kit.ts';
import { asStaff, type LoggedIn, staffOfEveryRole } from '../../../test/helpers/staff.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';

/** Issue 27: option groups edited in the menu editor's draft, given to dishes, published. */

const SAUCE: OptionGroupFields = {
  kind: 'MULTIPLE',
  minChoices: 0,
  maxChoices: 2,
  freeChoices: 1,
  translations: [
    { isoCode: 'en', title: 'Sauce' },
    { isoCode: 'hu', title: 'Szósz' },
  ],
  options: [
    {
      ref: 'garlic',
      priceDelta: 0,
      allergens: ['MILK', 'EGGS'],
      isDefault: true,
      translations: [{ isoCode: 'en', title: 'Garlic' }],
    },
    { ref: 'chili', priceDelta: 250, translations: [{ isoCode: 'en', title: 'Chili' }] },
  ],
};

type Item = MenuFile['categories'][number]['items'][number];

describe.each(testDatabaseKinds())('option groups in the menu editor on %s', (kind) => {
  let ctx: OrderingContext;
  let staff: Record<StaffRole, LoggedIn>;

  beforeAll(async () => {
    ctx = await createOrderingApp(kind);
    staff = await staffOfEveryRole(ctx.app, ctx.database, 'bistro');
  }, 60_000);
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) =>
    asStaff(ctx.app, staff.MANAGER, method, `/api/staff/menu-editor${path}`, body);
  const draftOf = async (): Promise<MenuDraft> => MenuDraftSchema.parse((await call('GET', '/draft')).json());
  const liveGroups = async () =>
    MenuOptionsSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/menu/current/bistro/options' })).json(),
    ).groups;
  const goulashOf = (menu: MenuFile): Item => {
    const item = menu.categories.flatMap((c) => c.items).find((i) => i.ref === 'goulash');
    if (!item) throw new Error('no goulash');
    return item;
  };

  it('creates a group, gives it to a dish, publishes it live; archiving takes it off the menu', async () => {
    const created = await call('POST', '/draft/option-groups', {
      baseVersion: (await draftOf()).version,
      group: SAUCE,
    });
    expect(created.statusCode, created.body).toBe(200);
    const draft = MenuDraftSchema.parse(created.json());
    const group = draft.menu.optionGroups.find((g) => g.ref === 'sauce');
    // Allergens come back in the specification's order, defaults filled in.
    expect(group?.options[0]).toMatchObject({ ref: 'garlic', allergens: ['EGGS', 'MILK'], isDefault: true });
    expect(group?.options[1]).toMatchObject({ availabilityType: 'AVAILABLE', isDefault: false });
    expect(await liveGroups()).toEqual([]);

    const { ref: _ref, ...goulash } = goulashOf(draft.menu);
    const given = await call('PUT', '/draft/items/goulash', {
      baseVersion: draft.version,
      item: { ...goulash, optionGroups: ['sauce'] },
    });
    expect(given.statusCode, given.body).toBe(200);
    const published = await call('POST', '/publish', {
      baseVersion: MenuDraftSchema.parse(given.json()).version,
    });
    expect(published.statusCode, published.body).toBe(200);
    const live = await liveGroups();
    expect(live.map((g) => g.translations.find((t) => t.isoCode === 'en')?.title)).toEqual(['Sauce']);
    expect(live[0]?.options.map((o) => [o.priceDelta, o.isDefault])).toEqual([
      [0, true],
      [250, false],
    ]);

    const current = await draftOf();
    const archived = await call('PUT', '/draft/option-groups/sauce', {
      baseVersion: current.version,
      group: { ...SAUCE, isActive: false },
    });
    expect(archived.statusCode, archived.body).toBe(200);
    const republished = await call('POST', '/publish', {
      baseVersion: MenuDraftSchema.parse(archived.json()).version,
    });
    expect(republished.statusCode, republished.body).toBe(200);
    // A second change within the answer cache's coalescing window (250 ms, decision 004) reaches the
    // answers when that window ends: a publish right after another may be read stale that long.
    await expect.poll(liveGroups, { timeout: 5_000 }).toEqual([]);
  });

  it('a stale save of a group answers 409 with the group as it is now', async () => {
    const draft = await draftOf();
    const base = draft.version;
    const first = await call('PUT', '/draft/option-groups/sauce', {
      baseVersion: base,
      group: { ...SAUCE, maxChoices: 1 },
    });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await call('PUT', '/draft/option-groups/sauce', {
      baseVersion: base,
      group: { ...SAUCE, freeChoices: 0 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      version: MenuDraftSchema.parse(first.json()).version,
      current: { ref: 'sauce', maxChoices: 1 },
    });
    expect((await draftOf()).menu.optionGroups.find((g) => g.ref === 'sauce')?.freeChoices).toBe(1);
  });

  it('refuses a bad group with every problem and its path, keeping the draft as it was', async () => {
    const draft = await draftOf();
    const bad = await call('PUT', '/draft/option-groups/sauce', {
      baseVersion: draft.version,
      group: { ...SAUCE, kind: 'SINGLE', minChoices: 3, maxChoices: 2 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'group.minChoices: must not be more than maxChoices; group.maxChoices: must be 1 for a single choice',
    );
    const duplicate = await call('POST', '/draft/option-groups', {
      baseVersion: draft.version,
      ref: 'dips',
      group: { ...SAUCE, options: [SAUCE.options[0], SAUCE.options[0]] },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().message).toContain('group.options[1].ref: duplicate ref "garlic"');
    const shape = await call('POST', '/draft/option-groups', {
      baseVersion: draft.version,
      group: { ...SAUCE, options: [{ ...SAUCE.options[1], priceDelta: -1 }] },
    });
    expect(shape.statusCode).toBe(400);
    expect(shape.json().message).toContain('body/group/options/0/priceDelta');
    const taken = await call('POST', '/draft/option-groups', {
      baseVersion: draft.version,
      ref: 'sauce',
      group: SAUCE,
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('ref: is already used by another option group');
    const missing = await call('PUT', '/draft/option-groups/no-such-group', {
      baseVersion: draft.version,
      group: SAUCE,
    });
    expect(missing.statusCode).toBe(404);
    const unknown = await call('PUT', '/draft/items/goulash', {
      baseVersion: draft.version,
      item: { ...goulashOf(draft.menu), ref: undefined, optionGroups: ['nothing-here'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('item.optionGroups[0]: unknown option group "nothing-here"');
    expect((await draftOf()).version).toBe(draft.version);
  });
});
