import type { MenuDraft } from '@tablo/contract/menu-editor';
import type { MenuFile } from '@tablo/contract/menu-import';
import { asStaff, type LoggedIn } from '../helpers/staff.ts';
import { answers, type Fresh, type MatrixRow } from './access-matrix.ts';
import type { Actor, World } from './access-world.ts';

/**
 * The menu editor's routes (issue 26) in the access matrix: OWNER and MANAGER of the restaurant edit its
 * draft; WAITER and KITCHEN 403; diners 401; another restaurant's owner works on its own draft, and gets
 * 404 for the bistro's categories, items and versions (docs/decisions/062-menu-editor.md).
 */

const EDITORS = { OWNER: 200, MANAGER: 200, WAITER: 403, KITCHEN: 403, diners: 401 } as const;
const OWN_DRAFT = answers({ ...EDITORS, outsider: 200 });
const BISTRO_REF = answers({ ...EDITORS, outsider: 404 });

const base = '/api/staff/menu-editor';
let made = 0;

async function draftOf(world: World, who: LoggedIn): Promise<MenuDraft> {
  return (await asStaff(world.app, who, 'GET', `${base}/draft`)).json() as MenuDraft;
}

/** A change to the draft (so there is something to publish), answering the draft's new version. */
async function changed(world: World, who: LoggedIn): Promise<MenuDraft> {
  const draft = await draftOf(world, who);
  const category = draft.menu.categories[0];
  if (!category) throw new Error('no category to change');
  const response = await asStaff(world.app, who, 'PUT', `${base}/draft/categories/${category.ref}/archive`, {
    baseVersion: draft.version,
    archived: !category.isActive,
  });
  return response.json() as MenuDraft;
}

/** Both restaurants' drafts as they are now: each caller sends its own restaurant's version and file. */
async function bothDrafts(world: World): Promise<Fresh> {
  const bistro = await draftOf(world, world.staff.OWNER);
  const other = await draftOf(world, world.staff.outsider);
  return {
    bistroVersion: bistro.version,
    otherVersion: other.version,
    bistroFile: JSON.stringify(bistro.menu),
    otherFile: JSON.stringify(other.menu),
    goulash: JSON.stringify(itemFields(bistro.menu, 'goulash')),
    milk: JSON.stringify(groupFields(bistro.menu, 'milk')),
  };
}

function groupFields(menu: MenuFile, ref: string): unknown {
  const group = menu.optionGroups.find((candidate) => candidate.ref === ref);
  if (!group) throw new Error(`no option group ${ref}`);
  const { ref: _ref, ...fields } = group;
  return fields;
}

function itemFields(menu: MenuFile, ref: string): unknown {
  const item = menu.categories.flatMap((c) => c.items).find((candidate) => candidate.ref === ref);
  if (!item) throw new Error(`no item ${ref}`);
  const { ref: _ref, ...fields } = item;
  return fields;
}

const versionFor = (actor: Actor, fresh: Fresh) =>
  Number(actor === 'outsider' ? fresh.otherVersion : fresh.bistroVersion);

export const MENU_EDITOR_ROWS: MatrixRow[] = [
  {
    route: 'GET /api/staff/menu-editor/draft',
    expect: OWN_DRAFT,
    request: () => ({ method: 'GET', url: `${base}/draft` }),
    check: (_world, actor, body) => {
      const bistro = body.includes('"goulash"');
      if (bistro !== (actor !== 'outsider')) throw new Error(`${actor} read the wrong restaurant's draft`);
    },
  },
  {
    route: 'GET /api/staff/menu-editor/draft/export',
    expect: OWN_DRAFT,
    request: () => ({ method: 'GET', url: `${base}/draft/export` }),
    check: (_world, actor, body) => {
      const bistro = body.includes('"goulash"');
      if (bistro !== (actor !== 'outsider'))
        throw new Error(`${actor} exported the wrong restaurant's draft`);
    },
  },
  {
    route: 'GET /api/staff/menu-editor/versions',
    expect: OWN_DRAFT,
    request: () => ({ method: 'GET', url: `${base}/versions` }),
  },
  {
    route: 'POST /api/staff/menu-editor/draft/categories',
    expect: OWN_DRAFT,
    writes: true,
    fresh: bothDrafts,
    request: (_world, actor, fresh) => {
      made += 1;
      return {
        method: 'POST',
        url: `${base}/draft/categories`,
        payload: {
          baseVersion: versionFor(actor, fresh),
          ref: `matrix-category-${made}`,
          category: { translations: [{ isoCode: 'en', title: 'Matrix' }] },
        },
      };
    },
  },
  {
    route: 'PUT /api/staff/menu-editor/draft/categories/:ref',
    expect: BISTRO_REF,
    writes: true,
    fresh: bothDrafts,
    request: (_world, actor, fresh) => ({
      method: 'PUT',
      url: `${base}/draft/categories/soups`,
      payload: {
        baseVersion: versionFor(actor, fresh),
        category: { translations: [{ isoCode: 'hu', title: 'Levesek' }] },
      },
    }),
  },
  {
    route: 'PUT /api/staff/menu-editor/draft/categories/:ref/archive',
    expect: BISTRO_REF,
    writes: true,
    fresh: bothDrafts,
    request: (_world, actor, fresh) => ({
      method: 'PUT',
      url: `${base}/draft/categories/soups/archive`,
      payload: { baseVersion: versionFor(actor, fresh), archived: false },
    }),
  },
  {
    route: 'POST /api/staff/menu-editor/draft/items',
    expect: BISTRO_REF,
    writes: true,
    fresh: bothDrafts,
    request: (_world, actor, fresh) => ({
      method: 'POST',
      url: `${base}/draft/items`,
      payload: {
        baseVersion: versionFor(actor, fresh),
        categoryRef: 'soups',
        item: { priceGross: 100, vatKey: 'C', translations: [{ isoCode: 'en', title: 'Matrix soup' }] },
      },
    }),
  },
  {
    route: 'PUT /api/staff/menu-editor/draft/items/:ref',
    expect: BISTRO_REF,
    writes: true,
    fresh: bothDrafts,
    request: (_world, actor, fresh) => ({
      method: 'PUT',
      url: `${base}/draft/items/goulash`,
      payload: { baseVersion: versionFor(actor, fresh), item: JSON.parse(String(fresh.goulash)) },
    }),
  },
  {
    route: 'PUT /api/staff/menu-editor/draft/items/:ref/archive',
    expect: BISTRO_REF,
    writes: true,
    fresh: bothDrafts,
    request: (_world, actor, fresh) => ({
      method: 'PUT',
      url: `${base}/draft/items/goulash/archive`,
      payload: { baseVersion: versionFor(actor, fresh), archived: false },
    }),
  },
  {
    route: 'POST /api/staff/menu-editor/draft/option-groups',
    expect: OWN_DRAFT,
    writes: true,
    fresh: bothDrafts,
    request: (_world, actor, fresh) => {
      made += 1;
      return {
        method: 'POST',
        url: `${base}/draft/option-groups`,
        payload: {
          baseVersion: versionFor(actor, fresh),
          ref: `matrix-group-${made}`,
          group: {
            kind: 'SINGLE',
            minChoices: 1,
            maxChoices: 1,
            translations: [{ isoCode: 'en', title: 'Matrix' }],
            options: [{ ref: 'one', translations: [{ isoCode: 'en', title: 'One' }] }],
          },
        },
      };
    },
  },
  {
    route: 'PUT /api/staff/menu-editor/draft/option-groups/:ref',
    expect: BISTRO_REF,
    writes: true,
    fresh: bothDrafts,
    request: (_world, actor, fresh) => ({
      method: 'PUT',
      url: `${base}/draft/option-groups/milk`,
      payload: { baseVersion: versionFor(actor, fresh), group: JSON.parse(String(fresh.milk)) },
    }),
  },
  {
    route: 'PUT /api/staff/menu-editor/draft/order',
    expect: OWN_DRAFT,
    writes: true,
    fresh: bothDrafts,
    request: (_world, actor, fresh) => {
      const file = JSON.parse(String(actor === 'outsider' ? fresh.otherFile : fresh.bistroFile)) as MenuFile;
      return {
        method: 'PUT',
        url: `${base}/draft/order`,
        payload: {
          baseVersion: versionFor(actor, fresh),
          categories: file.categories
            .map((c) => ({ ref: c.ref, items: c.items.map((i) => i.ref) }))
            .reverse(),
        },
      };
    },
  },
  {
    route: 'POST /api/staff/menu-editor/draft/import',
    expect: OWN_DRAFT,
    writes: true,
    fresh: bothDrafts,
    request: (_world, actor, fresh) => ({
      method: 'POST',
      url: `${base}/draft/import`,
      payload: {
        baseVersion: versionFor(actor, fresh),
        file: String(actor === 'outsider' ? fresh.otherFile : fresh.bistroFile),
      },
    }),
  },
  {
    route: 'POST /api/staff/menu-editor/publish',
    expect: OWN_DRAFT,
    writes: true,
    fresh: async (world) => ({
      bistroVersion: (await changed(world, world.staff.OWNER)).version,
      otherVersion: (await changed(world, world.staff.outsider)).version,
    }),
    request: (_world, actor, fresh) => ({
      method: 'POST',
      url: `${base}/publish`,
      payload: { baseVersion: versionFor(actor, fresh) },
    }),
  },
  {
    route: 'DELETE /api/staff/menu-editor/draft',
    expect: OWN_DRAFT,
    writes: true,
    fresh: async (world) => {
      await changed(world, world.staff.OWNER);
      return {};
    },
    request: () => ({ method: 'DELETE', url: `${base}/draft` }),
  },
  {
    // The outsider's restaurant has published less often than the bistro: the bistro's newest version
    // number is not one of its own.
    route: 'POST /api/staff/menu-editor/versions/:number/restore',
    expect: BISTRO_REF,
    writes: true,
    fresh: async (world) => {
      for (let i = 0; i < 3; i += 1) {
        const draft = await changed(world, world.staff.OWNER);
        await asStaff(world.app, world.staff.OWNER, 'POST', `${base}/publish`, {
          baseVersion: draft.version,
        });
      }
      const versions = (await asStaff(world.app, world.staff.OWNER, 'GET', `${base}/versions`)).json() as {
        liveVersion: number;
      };
      return { number: versions.liveVersion };
    },
    request: (_world, _actor, fresh) => ({
      method: 'POST',
      url: `${base}/versions/${fresh.number}/restore`,
      payload: {},
    }),
  },
];

const BOUNDARY = 'matrix-boundary';
/** A 1 × 1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

MENU_EDITOR_ROWS.push({
  route: 'POST /api/staff/menu-editor/draft/items/:ref/picture',
  expect: BISTRO_REF,
  writes: true,
  fresh: bothDrafts,
  request: (_world, actor, fresh) => ({
    method: 'POST',
    url: `${base}/draft/items/goulash/picture?baseVersion=${versionFor(actor, fresh)}`,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="picture"; filename="dish.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]),
  }),
});
