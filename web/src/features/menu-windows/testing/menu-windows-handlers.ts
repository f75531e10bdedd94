import { ErrorBodySchema } from '@tablo/contract/errors';
import {
  type MenuWindowsResponse,
  MenuWindowsResponseSchema,
  SaveMenuWindowsRequestSchema,
} from '@tablo/contract/menu-windows';
import { CSRF_HEADER } from '@tablo/contract/staff';
import { HttpResponse, http } from 'msw';

/** A menu with breakfast (two dishes) and drinks, no windows yet. */
export function demoWindows(): MenuWindowsResponse {
  return MenuWindowsResponseSchema.parse({
    timeZone: 'Europe/Budapest',
    categories: [
      {
        categoryId: 1,
        titles: [
          { isoCode: 'hu', title: 'Reggeli' },
          { isoCode: 'en', title: 'Breakfast' },
        ],
        isActive: true,
        windows: [],
        items: [
          { menuItemId: 11, titles: [{ isoCode: 'en', title: 'Omelette' }], windows: [] },
          { menuItemId: 12, titles: [{ isoCode: 'en', title: 'Pancakes' }], windows: [] },
        ],
      },
      { categoryId: 2, titles: [{ isoCode: 'en', title: 'Drinks' }], isActive: true, windows: [], items: [] },
    ],
  });
}

/**
 * The menu windows API as the server answers it (contract schemas both ways): a save replaces every
 * window; `refuse` answers the next save with that error instead.
 */
export function menuWindowsServer(options: { failRead?: boolean } = {}) {
  const state = {
    data: demoWindows(),
    saves: [] as { body: unknown; csrf: string | null }[],
    refuse: null as { status: number; message: string } | null,
    failRead: options.failRead ?? false,
  };
  const handlers = [
    http.get('/api/staff/menu-windows', () => {
      if (state.failRead)
        return HttpResponse.json(
          ErrorBodySchema.parse({ statusCode: 500, error: 'Internal Server Error', message: 'Down' }),
          { status: 500 },
        );
      return HttpResponse.json(MenuWindowsResponseSchema.parse(state.data));
    }),
    http.put('/api/staff/menu-windows', async ({ request }) => {
      const body = SaveMenuWindowsRequestSchema.parse(await request.json());
      state.saves.push({ body, csrf: request.headers.get(CSRF_HEADER) });
      if (state.refuse) {
        const { status, message } = state.refuse;
        state.refuse = null;
        return HttpResponse.json(ErrorBodySchema.parse({ statusCode: status, error: 'Error', message }), {
          status,
        });
      }
      const categories = new Map(body.categories.map((c) => [c.categoryId, c.windows]));
      const items = new Map(body.items.map((i) => [i.menuItemId, i.windows]));
      state.data = MenuWindowsResponseSchema.parse({
        ...state.data,
        categories: state.data.categories.map((category) => ({
          ...category,
          windows: categories.get(category.categoryId) ?? [],
          items: category.items.map((item) => ({ ...item, windows: items.get(item.menuItemId) ?? [] })),
        })),
      });
      return HttpResponse.json(state.data);
    }),
  ];
  return { state, handlers };
}
