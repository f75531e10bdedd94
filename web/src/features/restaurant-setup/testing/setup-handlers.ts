import { ErrorBodySchema } from '@tablo/contract/errors';
import {
  AddTablesRequestSchema,
  QrCodesDoneRequestSchema,
  type RestaurantSettings,
  RestaurantSettingsSchema,
  SETUP_STEPS,
  SetupChecklistSchema,
  type SetupStep,
  UpdateRestaurantSettingsRequestSchema,
} from '@tablo/contract/restaurant-setup';
import { CSRF_HEADER, type StaffTable, StaffTablesSchema } from '@tablo/contract/staff';
import { HttpResponse, http } from 'msw';

function error(status: number, message: string) {
  return HttpResponse.json(ErrorBodySchema.parse({ statusCode: status, error: 'Error', message }), {
    status,
  });
}

/** A restaurant just signed up: no menu, no tables, not open. */
export function newRestaurantSettings(): RestaurantSettings {
  return RestaurantSettingsSchema.parse({
    shortName: 'demo',
    name: 'Paprika Bistro',
    image: null,
    descriptionHu: '',
    descriptionEn: '',
    phone: null,
    reservationUrl: null,
    address: null,
    taxNumber: null,
    timeZone: 'Europe/Budapest',
    isOrderingEnabled: true,
    isEnabled: false,
    vatKeys: [{ code: 'C', valuePercent: 5 }],
    version: 1,
  });
}

/**
 * The set-up API as the server answers it (contract schemas both ways), with its rules: a stale version
 * is a 409, opening needs details, menu and tables. `menuDone` stands for the menu editor's work.
 */
export function setupServer(options: { menuDone?: boolean } = {}) {
  const state = {
    settings: newRestaurantSettings(),
    tables: [] as StaffTable[],
    qrCodes: false,
    menuDone: options.menuDone ?? false,
    writes: [] as { method: string; path: string; csrf: string | null; body: unknown }[],
  };
  const record = async (request: Request) => {
    const text = await request.text();
    const body: unknown = text === '' ? undefined : JSON.parse(text);
    state.writes.push({
      method: request.method,
      path: new URL(request.url).pathname,
      csrf: request.headers.get(CSRF_HEADER),
      body,
    });
    return body;
  };
  const steps = (): Record<SetupStep, boolean> => ({
    details:
      (state.settings.descriptionHu !== '' || state.settings.descriptionEn !== '') &&
      (state.settings.phone !== null || state.settings.address !== null),
    menu: state.menuDone,
    tables: state.tables.length > 0,
    qrCodes: state.qrCodes,
    staff: false,
    open: state.settings.isEnabled,
  });
  const checklist = () =>
    SetupChecklistSchema.parse({
      shortName: 'demo',
      steps: SETUP_STEPS.map((step) => ({ step, done: steps()[step] })),
    });
  const tables = () => StaffTablesSchema.parse({ tables: state.tables, currency: 'HUF' });

  const handlers = [
    http.get('/api/staff/restaurant/settings', () =>
      HttpResponse.json(RestaurantSettingsSchema.parse(state.settings)),
    ),
    http.put('/api/staff/restaurant/settings', async ({ request }) => {
      const body = UpdateRestaurantSettingsRequestSchema.parse(await record(request));
      if (body.version !== state.settings.version)
        return error(
          409,
          `version: these settings were saved by someone else since you opened them (now version ${state.settings.version})`,
        );
      state.settings = {
        ...state.settings,
        ...body,
        phone: body.phone || null,
        reservationUrl: body.reservationUrl || null,
        address: body.address || null,
        taxNumber: body.taxNumber || null,
        version: state.settings.version + 1,
      };
      return HttpResponse.json(RestaurantSettingsSchema.parse(state.settings));
    }),
    http.put('/api/staff/restaurant/picture', async ({ request }) => {
      const file = (await request.formData()).get('picture');
      state.writes.push({
        method: 'PUT',
        path: '/api/staff/restaurant/picture',
        csrf: request.headers.get(CSRF_HEADER),
        body: file instanceof File ? file.name : null,
      });
      if (!(file instanceof File)) return error(400, 'picture: no file was sent');
      if (file.type === 'image/svg+xml')
        return error(415, 'picture: is not a JPEG, PNG, WebP or AVIF picture');
      state.settings = {
        ...state.settings,
        image: '/images/uploads/hero/0f3a.webp',
        version: state.settings.version + 1,
      };
      return HttpResponse.json(RestaurantSettingsSchema.parse(state.settings));
    }),
    http.get('/api/staff/restaurant/setup', () => HttpResponse.json(checklist())),
    http.put('/api/staff/restaurant/setup/qr-codes', async ({ request }) => {
      state.qrCodes = QrCodesDoneRequestSchema.parse(await record(request)).done;
      return HttpResponse.json(checklist());
    }),
    http.post('/api/staff/restaurant/open', async ({ request }) => {
      await record(request);
      const missing = (['details', 'menu', 'tables'] as const).filter((step) => !steps()[step]);
      if (missing.length > 0)
        return error(
          409,
          `isEnabled: the restaurant cannot open for guests yet; missing: ${missing.join(', ')}`,
        );
      state.settings = { ...state.settings, isEnabled: true, version: state.settings.version + 1 };
      return HttpResponse.json(RestaurantSettingsSchema.parse(state.settings));
    }),
    http.get('/api/staff/tables', () => HttpResponse.json(tables())),
    http.post('/api/staff/tables', async ({ request }) => {
      const body = AddTablesRequestSchema.parse(await record(request));
      const highest = Math.max(0, ...state.tables.map((t) => t.tableNumber));
      const numbers =
        body.count !== undefined
          ? Array.from({ length: body.count }, (_, i) => highest + i + 1)
          : (body.ranges ?? []).flatMap(({ from, to }) =>
              Array.from({ length: to - from + 1 }, (_, i) => from + i),
            );
      for (const tableNumber of numbers)
        state.tables.push({
          tableId: 100 + tableNumber,
          tableNumber,
          isEnabled: true,
          orderingUrl: `https://tablo.test/t/${tableNumber}`,
          visit: null,
          calls: [],
        });
      return HttpResponse.json(tables(), { status: 201 });
    }),
    http.delete('/api/staff/tables/:tableId', async ({ request, params }) => {
      await record(request);
      state.tables = state.tables.filter((t) => t.tableId !== Number(params.tableId));
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, state };
}
