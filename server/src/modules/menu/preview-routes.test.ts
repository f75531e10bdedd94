import { ERROR_TEXTS, ErrorBodySchema } from '@tablo/contract/errors';
import { MenuSchema } from '@tablo/contract/menu';
import { apiPaths } from '@tablo/contract/paths';
import { STAFF_ROLES, type StaffRole } from '@tablo/contract/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BISTRO, insertRestaurant } from '../../../test/helpers/fixtures.ts';
import { asStaff, type LoggedIn, staffOfEveryRole } from '../../../test/helpers/staff.ts';
import {
  createTempWebDist,
  createTestApp,
  type TestContext,
  testConfig,
} from '../../../test/helpers/test-app.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { STAFF_TEXTS } from '../staff/service.ts';
import { STAFF_AUTH_TEXTS } from '../staff/staff-auth.ts';

/**
 * The owner's preview (docs/decisions/069-owner-preview.md): the closed restaurant's own OWNER and MANAGER
 * read its menu, nobody else does, and what everyone else gets — the public answers, their ETags, the page,
 * the sitemap — is exactly what it was before anyone previewed.
 */
const PREVIEW = `/api${apiPaths.menuPreview('closed')}`;
const PUBLIC_URL = 'https://tablo.example';

describe.each(testDatabaseKinds())('the owner’s menu preview on %s', (kind) => {
  let ctx: TestContext;
  let web: ReturnType<typeof createTempWebDist>;
  let closed: Record<StaffRole, LoggedIn>;
  let other: Record<StaffRole, LoggedIn>;

  /** Everything a guest, a crawler or a shared cache can read about the closed restaurant. */
  const publicView = async () => {
    const get = (url: string) => ctx.app.inject({ method: 'GET', url });
    const [restaurant, menu, page, sitemap] = await Promise.all([
      get('/api/restaurant/one/closed'),
      get('/api/menu/current/closed'),
      get('/menu/closed/en'),
      get('/sitemap.xml'),
    ]);
    return [restaurant, menu, page, sitemap].map((r) => ({
      status: r.statusCode,
      etag: r.headers.etag ?? null,
      cacheControl: r.headers['cache-control'] ?? null,
      body: r.body,
    }));
  };

  beforeAll(async () => {
    web = createTempWebDist();
    ctx = await createTestApp(kind, { config: testConfig({ WEB_DIST: web.dir, PUBLIC_URL }) });
    // The bistro's menu (Gulyásleves …) under a restaurant that has not opened yet.
    await insertRestaurant(ctx.database.db, { ...BISTRO, shortName: 'closed', isEnabled: false });
    await insertRestaurant(ctx.database.db, { ...BISTRO, shortName: 'other' });
    closed = await staffOfEveryRole(ctx.app, ctx.database, 'closed');
    other = await staffOfEveryRole(ctx.app, ctx.database, 'other');
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    web.remove();
  });

  it('gives the closed restaurant’s owner and manager its menu, kept by no cache', async () => {
    for (const role of ['OWNER', 'MANAGER'] as const) {
      const response = await asStaff(ctx.app, closed[role], 'GET', PREVIEW);
      expect(response.statusCode, role).toBe(200);
      const menu = MenuSchema.parse(response.json());
      expect(menu.flatMap((c) => c.menuItems.map((i) => i.translations[0]?.title))).toContain('Gulyásleves');
      expect(menu.every((c) => c.restaurantShortName === 'closed')).toBe(true);
      expect(response.headers['cache-control'], role).toBe('private, no-store');
      expect(response.headers.vary, role).toMatch(/\bcookie\b/i);
      expect(response.headers.etag, role).toBeUndefined();
    }
  });

  it('shows the menu the public answer gives once the restaurant opens', async () => {
    const preview = await asStaff(ctx.app, closed.OWNER, 'GET', PREVIEW);
    const opened = await ctx.app.inject({ method: 'GET', url: '/api/menu/current/other' });
    // The same data under two restaurants: equal but for the rows' ids and the short name.
    const withoutIds = (body: string) =>
      JSON.parse(body, (key, value) => (key === 'id' || key === 'restaurantShortName' ? undefined : value));
    expect(withoutIds(preview.body)).toEqual(withoutIds(opened.body));
    expect(MenuSchema.parse(opened.json()).length).toBeGreaterThan(0);
  });

  it('refuses everyone else: no session 401, a waiter or the kitchen 403, another restaurant 404', async () => {
    const nobody = await ctx.app.inject({ method: 'GET', url: PREVIEW });
    expect([nobody.statusCode, nobody.json().message]).toEqual([401, STAFF_TEXTS.notLoggedIn]);
    for (const role of ['WAITER', 'KITCHEN'] as const) {
      const response = await asStaff(ctx.app, closed[role], 'GET', PREVIEW);
      expect([response.statusCode, response.json().message], role).toEqual([403, STAFF_AUTH_TEXTS.forbidden]);
    }
    for (const role of STAFF_ROLES) {
      const response = await asStaff(ctx.app, other[role], 'GET', PREVIEW);
      expect(response.statusCode, role).toBe(role === 'OWNER' || role === 'MANAGER' ? 404 : 403);
      expect(response.body, role).not.toContain('Gulyásleves');
      expect(response.headers['cache-control'], role).toContain('no-store');
    }
    const unknown = await asStaff(ctx.app, closed.OWNER, 'GET', `/api${apiPaths.menuPreview('nope')}`);
    expect([unknown.statusCode, ErrorBodySchema.parse(unknown.json()).message]).toEqual([
      404,
      ERROR_TEXTS.restaurantNotFound,
    ]);
  });

  it('leaves the public answers, their ETags, the page and the sitemap as they were', async () => {
    const before = await publicView();
    const [restaurant, menu, page, sitemap] = before;
    expect(restaurant?.status).toBe(200);
    expect(JSON.parse(restaurant?.body ?? '{}')).toMatchObject({ shortName: 'closed', isEnabled: false });
    expect([menu?.status, JSON.parse(menu?.body ?? '{}').message]).toEqual([
      404,
      ERROR_TEXTS.restaurantNotAvailable,
    ]);
    expect(page?.body).not.toContain('Gulyásleves');
    expect(page?.body).not.toContain('application/ld+json');
    expect(sitemap?.body).toContain('/menu/other/');
    expect(sitemap?.body).not.toContain('/menu/closed/');

    for (const role of ['OWNER', 'MANAGER'] as const) {
      expect((await asStaff(ctx.app, closed[role], 'GET', PREVIEW)).statusCode).toBe(200);
    }
    // The owner's cookie does not reach the public paths (it is scoped to /api/staff), and sent anyway it
    // changes nothing.
    const withCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/menu/current/closed',
      headers: { cookie: closed.OWNER.cookie },
    });
    expect(withCookie.statusCode).toBe(404);
    expect(await publicView()).toEqual(before);
  });
});
