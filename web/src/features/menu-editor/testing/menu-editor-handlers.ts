import { optionGroupSettingProblems } from '@tablo/contract/choices';
import { ErrorBodySchema } from '@tablo/contract/errors';
import {
  ArchiveRequestSchema,
  CreateCategoryRequestSchema,
  CreateItemRequestSchema,
  CreateOptionGroupRequestSchema,
  ImportDraftRequestSchema,
  MENU_EDITOR_TEXTS,
  type MenuDraft,
  MenuDraftSchema,
  MenuEditorConflictSchema,
  type MenuVersion,
  MenuVersionsSchema,
  PublishRequestSchema,
  ReorderRequestSchema,
  SaveCategoryRequestSchema,
  SaveItemRequestSchema,
  SaveOptionGroupRequestSchema,
} from '@tablo/contract/menu-editor';
import { type MenuFile, MenuFileSchema } from '@tablo/contract/menu-import';
import { CSRF_HEADER } from '@tablo/contract/staff';
import { HttpResponse, http } from 'msw';
import { z } from 'zod';

const BASE = '/api/staff/menu-editor';

/** The demo menu file: Hungarian and English soups (the broth only in Hungarian), one main course. */
export function demoMenuFile(): MenuFile {
  return MenuFileSchema.parse({
    vatKeys: [
      { code: 'C', valuePercent: 27 },
      { code: 'B', valuePercent: 5 },
    ],
    categories: [
      {
        ref: 'soups',
        translations: [
          { isoCode: 'hu', title: 'Levesek' },
          { isoCode: 'en', title: 'Soups' },
        ],
        items: [
          {
            ref: 'goulash',
            priceGross: 2490,
            vatKey: 'C',
            allergens: ['GLUTEN', 'CELERY'],
            translations: [
              { isoCode: 'hu', title: 'Gulyásleves', description: 'Marhahússal' },
              { isoCode: 'en', title: 'Goulash soup', description: 'With beef' },
            ],
          },
          {
            ref: 'broth',
            priceGross: 1890,
            vatKey: 'C',
            translations: [{ isoCode: 'hu', title: 'Húsleves' }],
          },
        ],
      },
      {
        ref: 'mains',
        translations: [{ isoCode: 'en', title: 'Main courses' }],
        items: [
          {
            ref: 'stew',
            priceGross: 3990,
            vatKey: 'C',
            translations: [{ isoCode: 'en', title: 'Beef stew' }],
            optionGroups: ['sauce'],
          },
        ],
      },
    ],
    // Issue 27: choices the dishes may offer.
    optionGroups: [
      {
        ref: 'sauce',
        kind: 'SINGLE',
        maxChoices: 1,
        translations: [{ isoCode: 'en', title: 'Sauce' }],
        options: [{ ref: 'pepper', translations: [{ isoCode: 'en', title: 'Pepper sauce' }] }],
      },
      {
        ref: 'size',
        kind: 'SINGLE',
        minChoices: 1,
        maxChoices: 1,
        translations: [{ isoCode: 'en', title: 'Size' }],
        options: [
          { ref: 'small', isDefault: true, translations: [{ isoCode: 'en', title: 'Small' }] },
          { ref: 'large', priceDelta: 500, translations: [{ isoCode: 'en', title: 'Large' }] },
        ],
      },
    ],
  });
}

function error(status: number, message: string | string[]) {
  return HttpResponse.json(ErrorBodySchema.parse({ statusCode: status, error: 'Error', message }), {
    status,
  });
}

/**
 * The editor's API as the server answers it (decision 062), every body checked by the contract's request
 * schemas and every answer by its response schemas: a draft with per-thing versions (a save of something
 * changed since its `baseVersion` answers 409 with it as it is now), publish keeping versions, restore.
 */
export function menuEditorServer(menu: MenuFile = demoMenuFile()) {
  const state = {
    live: structuredClone(menu),
    menu: structuredClone(menu),
    version: 1,
    liveVersion: 1,
    changedAt: {} as Record<string, number>,
    versions: [
      {
        number: 1,
        publishedAt: '2026-11-20T10:00:00.000Z',
        publishedBy: 'boss@demo.example',
        restoredFrom: null,
        categories: menu.categories.length,
        items: menu.categories.flatMap((c) => c.items).length,
      },
    ] as MenuVersion[],
    files: new Map<number, MenuFile>([[1, structuredClone(menu)]]),
    writes: [] as { method: string; path: string; csrf: string | null; body: unknown }[],
  };

  const draft = (): MenuDraft =>
    MenuDraftSchema.parse({
      version: state.version,
      hasChanges: JSON.stringify(state.menu) !== JSON.stringify(state.live),
      liveVersion: state.liveVersion,
      menu: state.menu,
    });
  const findItem = (ref: string) => state.menu.categories.flatMap((c) => c.items).find((i) => i.ref === ref);
  const findCategory = (ref: string) => state.menu.categories.find((c) => c.ref === ref);

  /** The body, parsed as the server's route does (400 naming `body/<path>` otherwise). */
  async function read<T>(request: Request, schema: z.ZodType<T>): Promise<T | Response> {
    const text = await request.text();
    const body: unknown = text === '' ? undefined : JSON.parse(text);
    state.writes.push({
      method: request.method,
      path: new URL(request.url).pathname,
      csrf: request.headers.get(CSRF_HEADER),
      body,
    });
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    return error(
      400,
      parsed.error.issues.map((issue) => `body/${issue.path.join('/')}: ${issue.message}`),
    );
  }

  function stale(key: string, baseVersion: number, current: unknown): Response | null {
    if ((state.changedAt[key] ?? 0) <= baseVersion) return null;
    return HttpResponse.json(
      MenuEditorConflictSchema.parse({
        statusCode: 409,
        error: 'Conflict',
        message: MENU_EDITOR_TEXTS.stale,
        version: state.version,
        current,
      }),
      { status: 409 },
    );
  }

  function changed(key: string) {
    state.version += 1;
    state.changedAt[key] = state.version;
    return HttpResponse.json(draft());
  }

  const handlers = [
    http.get(`${BASE}/draft`, () => HttpResponse.json(draft())),
    http.delete(`${BASE}/draft`, ({ request }) => {
      state.writes.push({
        method: 'DELETE',
        path: new URL(request.url).pathname,
        csrf: request.headers.get(CSRF_HEADER),
        body: undefined,
      });
      state.menu = structuredClone(state.live);
      state.version += 1;
      return HttpResponse.json(draft());
    }),
    http.post(`${BASE}/draft/categories`, async ({ request }) => {
      const body = await read(request, CreateCategoryRequestSchema);
      if (body instanceof Response) return body;
      const ref =
        body.ref ??
        (body.category.translations[0]?.title ?? 'category').toLowerCase().replace(/[^a-z0-9]+/g, '-');
      state.menu.categories.push({ ref, ...body.category, items: [] });
      return changed(`category:${ref}`);
    }),
    http.put(`${BASE}/draft/categories/:ref`, async ({ request, params }) => {
      const body = await read(request, SaveCategoryRequestSchema);
      if (body instanceof Response) return body;
      const category = findCategory(String(params.ref));
      if (!category) return error(404, MENU_EDITOR_TEXTS.categoryNotFound);
      const { items: _, ...current } = category;
      const conflict = stale(`category:${category.ref}`, body.baseVersion, current);
      if (conflict) return conflict;
      Object.assign(category, body.category);
      return changed(`category:${category.ref}`);
    }),
    http.put(`${BASE}/draft/categories/:ref/archive`, async ({ request, params }) => {
      const body = await read(request, ArchiveRequestSchema);
      if (body instanceof Response) return body;
      const category = findCategory(String(params.ref));
      if (!category) return error(404, MENU_EDITOR_TEXTS.categoryNotFound);
      category.isActive = !body.archived;
      return changed(`category:${category.ref}`);
    }),
    http.post(`${BASE}/draft/items`, async ({ request }) => {
      const body = await read(request, CreateItemRequestSchema);
      if (body instanceof Response) return body;
      const category = findCategory(body.categoryRef);
      if (!category) return error(404, `categoryRef: ${MENU_EDITOR_TEXTS.categoryNotFound}`);
      const ref =
        body.ref ?? (body.item.translations[0]?.title ?? 'item').toLowerCase().replace(/[^a-z0-9]+/g, '-');
      category.items.push({ ref, ...body.item, optionGroups: body.item.optionGroups ?? [] });
      return changed(`item:${ref}`);
    }),
    // Issue 27: option groups, checked by the menu file's own rule (problems named `group.…`).
    http.post(`${BASE}/draft/option-groups`, async ({ request }) => {
      const body = await read(request, CreateOptionGroupRequestSchema);
      if (body instanceof Response) return body;
      const problems = optionGroupSettingProblems(body.group);
      if (problems.length > 0)
        return error(400, problems.map((p) => `group.${p.field}: ${p.message}`).join('; '));
      const ref =
        body.ref ??
        (body.group.translations[0]?.title ?? 'choices').toLowerCase().replace(/[^a-z0-9]+/g, '-');
      state.menu.optionGroups.push({ ref, ...body.group });
      return changed(`group:${ref}`);
    }),
    http.put(`${BASE}/draft/option-groups/:ref`, async ({ request, params }) => {
      const body = await read(request, SaveOptionGroupRequestSchema);
      if (body instanceof Response) return body;
      const group = state.menu.optionGroups.find((g) => g.ref === String(params.ref));
      if (!group) return error(404, MENU_EDITOR_TEXTS.optionGroupNotFound);
      const conflict = stale(`group:${group.ref}`, body.baseVersion, group);
      if (conflict) return conflict;
      const problems = optionGroupSettingProblems(body.group);
      if (problems.length > 0)
        return error(400, problems.map((p) => `group.${p.field}: ${p.message}`).join('; '));
      Object.assign(group, body.group);
      return changed(`group:${group.ref}`);
    }),
    http.put(`${BASE}/draft/items/:ref`, async ({ request, params }) => {
      const body = await read(request, SaveItemRequestSchema);
      if (body instanceof Response) return body;
      const item = findItem(String(params.ref));
      if (!item) return error(404, MENU_EDITOR_TEXTS.itemNotFound);
      const conflict = stale(`item:${item.ref}`, body.baseVersion, item);
      if (conflict) return conflict;
      if (!state.menu.vatKeys.some((v) => v.code === body.item.vatKey))
        return error(400, `item.vatKey: unknown VAT key "${body.item.vatKey}"`);
      Object.assign(item, body.item);
      return changed(`item:${item.ref}`);
    }),
    http.put(`${BASE}/draft/items/:ref/archive`, async ({ request, params }) => {
      const body = await read(request, ArchiveRequestSchema);
      if (body instanceof Response) return body;
      const item = findItem(String(params.ref));
      if (!item) return error(404, MENU_EDITOR_TEXTS.itemNotFound);
      item.isActive = !body.archived;
      return changed(`item:${item.ref}`);
    }),
    http.put(`${BASE}/draft/order`, async ({ request }) => {
      const body = await read(request, ReorderRequestSchema);
      if (body instanceof Response) return body;
      const items = new Map(state.menu.categories.flatMap((c) => c.items).map((i) => [i.ref, i]));
      const categories = new Map(state.menu.categories.map((c) => [c.ref, c]));
      const named = body.categories.flatMap((c) => [c.ref, ...c.items]).sort();
      const all = [...categories.keys(), ...items.keys()].sort();
      if (JSON.stringify(named) !== JSON.stringify(all)) return error(409, MENU_EDITOR_TEXTS.orderMismatch);
      state.menu.categories = body.categories.map((c) => ({
        ...(categories.get(c.ref) as MenuFile['categories'][number]),
        items: c.items.map((ref) => items.get(ref) as MenuFile['categories'][number]['items'][number]),
      }));
      return changed('order');
    }),
    http.post(`${BASE}/draft/import`, async ({ request }) => {
      const body = await read(request, ImportDraftRequestSchema);
      if (body instanceof Response) return body;
      let value: unknown;
      try {
        value = JSON.parse(body.file);
      } catch {
        return error(400, 'file: is not a JSON menu file');
      }
      const parsed = MenuFileSchema.safeParse(value);
      if (!parsed.success)
        return error(
          400,
          parsed.error.issues
            .map(
              (issue) =>
                `${issue.path
                  .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
                  .join('')
                  .slice(1)}: ${issue.message}`,
            )
            .join('; '),
        );
      state.menu = parsed.data;
      state.version += 1;
      return HttpResponse.json(draft());
    }),
    http.post(`${BASE}/draft/items/:ref/picture`, async ({ request, params }) => {
      state.writes.push({
        method: 'POST',
        path: new URL(request.url).pathname,
        csrf: request.headers.get(CSRF_HEADER),
        body: new URL(request.url).search,
      });
      const picture = (await request.formData()).get('picture');
      if (!(picture instanceof File)) return error(400, 'picture: no file');
      if (picture.size > 10 * 1024 * 1024) return error(413, 'Request body is too large');
      if (!['image/jpeg', 'image/png', 'image/webp', 'image/avif'].includes(picture.type))
        return error(415, 'picture: must be a JPEG, PNG, WebP or AVIF image');
      const item = findItem(String(params.ref));
      if (!item) return error(404, MENU_EDITOR_TEXTS.itemNotFound);
      item.imageUrl = `/images/menu/${item.ref}.webp`;
      return changed(`item:${item.ref}`);
    }),
    http.post(`${BASE}/publish`, async ({ request }) => {
      const body = await read(request, PublishRequestSchema);
      if (body instanceof Response) return body;
      if (body.baseVersion !== state.version) return error(409, MENU_EDITOR_TEXTS.staleDraft);
      publish(null);
      return HttpResponse.json(draft());
    }),
    http.get(`${BASE}/versions`, () =>
      HttpResponse.json(
        MenuVersionsSchema.parse({ liveVersion: state.liveVersion, versions: [...state.versions].reverse() }),
      ),
    ),
    http.post(`${BASE}/versions/:number/restore`, async ({ request, params }) => {
      await read(request, z.strictObject({}));
      const file = state.files.get(Number(params.number));
      if (!file) return error(404, MENU_EDITOR_TEXTS.versionNotFound);
      if (JSON.stringify(state.menu) !== JSON.stringify(state.live))
        return error(409, MENU_EDITOR_TEXTS.draftPending);
      state.menu = structuredClone(file);
      publish(Number(params.number));
      return HttpResponse.json(draft());
    }),
  ];

  function publish(restoredFrom: number | null) {
    const number = state.versions.length + 1;
    state.live = structuredClone(state.menu);
    state.files.set(number, structuredClone(state.menu));
    state.liveVersion = number;
    state.version += 1;
    state.versions.push({
      number,
      publishedAt: '2026-11-27T18:00:00.000Z',
      publishedBy: 'anna@demo.example',
      restoredFrom,
      categories: state.menu.categories.length,
      items: state.menu.categories.flatMap((c) => c.items).length,
    });
  }

  /** Another manager saves an item (their own tab): the draft moves on, that item with it. */
  function savedElsewhere(ref: string, change: Partial<MenuFile['categories'][number]['items'][number]>) {
    const item = findItem(ref);
    if (item) Object.assign(item, change);
    state.version += 1;
    state.changedAt[`item:${ref}`] = state.version;
  }

  return { handlers, state, savedElsewhere };
}
