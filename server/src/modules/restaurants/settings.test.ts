import { RestaurantSchema } from '@tablo/contract/restaurant';
import { RestaurantSettingsSchema, SetupChecklistSchema } from '@tablo/contract/restaurant-setup';
import type { StaffRole } from '@tablo/contract/staff';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/helpers/eventually.ts';
import { BISTRO, insertRestaurant } from '../../../test/helpers/fixtures.ts';
import { multipartBody } from '../../../test/helpers/pictures.ts';
import { asStaff, type LoggedIn, staffOfEveryRole } from '../../../test/helpers/staff.ts';
import { createTestApp, type TestContext } from '../../../test/helpers/test-app.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { importMenu } from '../menu-import/import-menu.ts';

const SETTINGS = '/api/staff/restaurant/settings';

describe.each(testDatabaseKinds())('restaurant settings and setup on %s', (kind) => {
  let ctx: TestContext;
  let staff: Record<StaffRole, LoggedIn>;
  let outsider: LoggedIn;

  const settingsOf = async (who: LoggedIn) =>
    RestaurantSettingsSchema.parse((await asStaff(ctx.app, who, 'GET', SETTINGS)).json());
  const checklistOf = async (who: LoggedIn) => {
    const response = await asStaff(ctx.app, who, 'GET', '/api/staff/restaurant/setup');
    expect(response.statusCode).toBe(200);
    const { steps } = SetupChecklistSchema.parse(response.json());
    return Object.fromEntries(steps.map((s) => [s.step, s.done]));
  };
  const publicAnswer = async () => ctx.app.inject({ url: '/api/restaurant/one/newplace' });

  beforeAll(async () => {
    ctx = await createTestApp(kind);
    await insertRestaurant(ctx.database.db, {
      shortName: 'newplace',
      name: 'Új Hely',
      isEnabled: false,
      tables: [],
      categories: [],
    });
    await insertRestaurant(ctx.database.db, BISTRO);
    staff = await staffOfEveryRole(ctx.app, ctx.database, 'newplace');
    outsider = (await staffOfEveryRole(ctx.app, ctx.database, 'bistro')).OWNER;
  });
  afterAll(() => ctx.close());

  it('shows the settings to OWNER and MANAGER of their own restaurant only; WAITER and KITCHEN get 403', async () => {
    const owner = await settingsOf(staff.OWNER);
    expect(owner).toMatchObject({ shortName: 'newplace', name: 'Új Hely', isEnabled: false, version: 1 });
    expect(owner.vatKeys).toEqual([
      { code: 'A', valuePercent: 27 },
      { code: 'C', valuePercent: 5 },
    ]);
    expect((await settingsOf(staff.MANAGER)).shortName).toBe('newplace');
    expect((await settingsOf(outsider)).shortName).toBe('bistro');
    for (const role of ['WAITER', 'KITCHEN'] as const) {
      expect((await asStaff(ctx.app, staff[role], 'GET', SETTINGS)).statusCode).toBe(403);
    }
  });

  it('a new restaurant starts with every step open; opening refuses with 409 naming details, menu and tables', async () => {
    expect(await checklistOf(staff.OWNER)).toEqual({
      details: false,
      menu: false,
      tables: false,
      qrCodes: false,
      staff: true, // staffOfEveryRole made four accounts
      open: false,
    });
    const open = await asStaff(ctx.app, staff.OWNER, 'POST', '/api/staff/restaurant/open', {});
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toMatch(/missing: details .*, menu .*, tables /);
    expect((await settingsOf(staff.OWNER)).isEnabled).toBe(false);
    // A disabled restaurant's menu is not shown to diners.
    expect((await ctx.app.inject({ url: '/api/menu/current/newplace' })).statusCode).toBe(404);
  });

  it('refuses bad fields with 400 naming each, and changes nothing', async () => {
    const current = await settingsOf(staff.OWNER);
    const response = await asStaff(ctx.app, staff.OWNER, 'PUT', SETTINGS, {
      ...current,
      name: '  ',
      phone: 'call me',
      reservationUrl: 'javascript:alert(1)',
      address: 'a\u0007b',
      taxNumber: '!',
      timeZone: 'Mars/Olympus',
      vatKeys: [
        { code: 'A', valuePercent: 127 },
        { code: '', valuePercent: 5.555 },
      ],
      image: undefined,
      shortName: undefined,
    });
    expect(response.statusCode).toBe(400);
    const message = (response.json().message as string[]).join('\n');
    for (const field of [
      'name',
      'phone',
      'reservationUrl',
      'address',
      'taxNumber',
      'timeZone',
      'vatKeys/0/valuePercent',
      'vatKeys/1/code',
      'vatKeys/1/valuePercent',
    ]) {
      expect(message).toContain(`body/${field}:`);
    }
    expect(await settingsOf(staff.OWNER)).toEqual(current);
  });

  it('saves every field, reaches the cached restaurant answer, and a stale save answers 409 naming what changed', async () => {
    // The diner answer is cached before the change.
    expect((await publicAnswer()).json().descriptionEn).toBe('English description');
    const loaded = await settingsOf(staff.MANAGER);
    const saved = await asStaff(ctx.app, staff.OWNER, 'PUT', SETTINGS, {
      version: loaded.version,
      name: 'Új Hely Bisztró',
      descriptionHu: 'Házias ételek a Duna partján.',
      descriptionEn: 'Home cooking on the Danube.',
      phone: '+36 1 234 5678',
      reservationUrl: 'https://example.com/book',
      address: 'Fő utca 1, 1011 Budapest',
      taxNumber: '12345678-2-42',
      timeZone: 'Europe/Vienna',
      isOrderingEnabled: false,
      isEnabled: false,
      vatKeys: [
        { code: 'A', valuePercent: 27 },
        { code: 'C', valuePercent: 18 },
        { code: 'AJT', valuePercent: 0 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(RestaurantSettingsSchema.parse(saved.json())).toMatchObject({
      name: 'Új Hely Bisztró',
      phone: '+36 1 234 5678',
      address: 'Fő utca 1, 1011 Budapest',
      taxNumber: '12345678-2-42',
      timeZone: 'Europe/Vienna',
      isOrderingEnabled: false,
      version: loaded.version + 1,
      vatKeys: [
        { code: 'A', valuePercent: 27 },
        { code: 'AJT', valuePercent: 0 },
        { code: 'C', valuePercent: 18 },
      ],
    });
    const answer = await eventually(
      async () => RestaurantSchema.parse((await publicAnswer()).json()),
      (r) => r.descriptionEn !== 'English description',
    );
    expect(answer).toMatchObject({
      name: 'Új Hely Bisztró',
      descriptionEn: 'Home cooking on the Danube.',
      phone: '+36 1 234 5678',
      reservationUrl: 'https://example.com/book',
      isOrderingEnabled: false,
    });

    // The manager loaded version 1 and saves over the owner's change.
    const stale = await asStaff(ctx.app, staff.MANAGER, 'PUT', SETTINGS, {
      ...loaded,
      image: undefined,
      shortName: undefined,
      phone: '',
      reservationUrl: '',
      address: '',
      taxNumber: '',
      descriptionEn: 'Mine',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^version: these settings were saved by someone else/);
    expect(stale.json().message).toMatch(
      /changed: name, descriptionHu, descriptionEn, phone, .*timeZone, isOrderingEnabled, vatKeys/,
    );
    expect((await settingsOf(staff.OWNER)).descriptionEn).toBe('Home cooking on the Danube.');
    expect((await checklistOf(staff.OWNER)).details).toBe(true);
  });

  it('two managers saving the same version at once: exactly one save wins, the other answers 409', async () => {
    const current = await settingsOf(staff.OWNER);
    const body = (name: string) => ({
      ...current,
      image: undefined,
      shortName: undefined,
      phone: current.phone ?? '',
      reservationUrl: current.reservationUrl ?? '',
      address: current.address ?? '',
      taxNumber: current.taxNumber ?? '',
      name,
    });
    const answers = await Promise.all([
      asStaff(ctx.app, staff.OWNER, 'PUT', SETTINGS, body('Owner’s name')),
      asStaff(ctx.app, staff.MANAGER, 'PUT', SETTINGS, body('Manager’s name')),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)?.json().name;
    const after = await settingsOf(staff.OWNER);
    expect(after).toMatchObject({ name: winner, version: current.version + 1 });
  });

  it('keeps a VAT key that dishes use (409), and lets its percent change', async () => {
    await importMenu(ctx.database, 'newplace', {
      vatKeys: [{ code: 'C', valuePercent: 18 }],
      categories: [
        {
          ref: 'mains',
          isActive: true,
          translations: [{ isoCode: 'hu', title: 'Főételek', description: '' }],
          items: [
            {
              ref: 'stew',
              priceGross: 3200,
              isActive: true,
              imageUrl: null,
              availabilityType: 'AVAILABLE',
              vatKey: 'C',
              allergens: [],
              translations: [{ isoCode: 'hu', title: 'Pörkölt', description: '' }],
              likeCount: 0,
              dislikeCount: 0,
              optionGroups: [],
            },
          ],
        },
      ],
      optionGroups: [],
    });
    const current = await settingsOf(staff.OWNER);
    const body = {
      ...current,
      image: undefined,
      shortName: undefined,
      phone: current.phone ?? '',
      reservationUrl: current.reservationUrl ?? '',
      address: current.address ?? '',
      taxNumber: current.taxNumber ?? '',
    };
    const removing = await asStaff(ctx.app, staff.OWNER, 'PUT', SETTINGS, {
      ...body,
      vatKeys: [{ code: 'A', valuePercent: 27 }],
    });
    expect(removing.statusCode).toBe(409);
    expect(removing.json().message).toBe('vatKeys: C is used by 1 dish(es); change those dishes first');
    const changing = await asStaff(ctx.app, staff.OWNER, 'PUT', SETTINGS, {
      ...body,
      vatKeys: [
        { code: 'C', valuePercent: 5 },
        { code: 'A', valuePercent: 27 },
      ],
    });
    expect(changing.statusCode).toBe(200);
    expect(changing.json().vatKeys).toEqual([
      { code: 'A', valuePercent: 27 },
      { code: 'C', valuePercent: 5 },
    ]);
    expect((await checklistOf(staff.OWNER)).menu).toBe(true);
  });

  it('opens for guests once tables exist too, and the diners see the menu', async () => {
    const stillMissing = await asStaff(ctx.app, staff.MANAGER, 'POST', '/api/staff/restaurant/open', {});
    expect(stillMissing.statusCode).toBe(409);
    expect(stillMissing.json().message).toMatch(/missing: tables/);
    expect(stillMissing.json().message).not.toMatch(/details|menu \(/);
    const added = await asStaff(ctx.app, staff.MANAGER, 'POST', '/api/staff/tables', { count: 6 });
    expect(added.statusCode).toBe(201);
    expect((await checklistOf(staff.OWNER)).tables).toBe(true);
    const open = await asStaff(ctx.app, staff.OWNER, 'POST', '/api/staff/restaurant/open', {});
    expect(open.statusCode).toBe(200);
    expect(open.json().isEnabled).toBe(true);
    expect((await checklistOf(staff.OWNER)).open).toBe(true);
    const menu = await eventually(
      () => ctx.app.inject({ url: '/api/menu/current/newplace' }),
      (r) => r.statusCode === 200,
    );
    expect(menu.body).toContain('Pörkölt');
  });

  it('ticks the QR codes step by hand, or by downloading the sheet', async () => {
    const tick = await asStaff(ctx.app, staff.OWNER, 'PUT', '/api/staff/restaurant/setup/qr-codes', {
      done: true,
    });
    expect(tick.statusCode).toBe(200);
    expect((await checklistOf(staff.OWNER)).qrCodes).toBe(true);
    await asStaff(ctx.app, staff.OWNER, 'PUT', '/api/staff/restaurant/setup/qr-codes', { done: false });
    expect((await checklistOf(staff.OWNER)).qrCodes).toBe(false);
    const sheet = await asStaff(ctx.app, staff.MANAGER, 'GET', '/api/staff/qr-sheet.pdf?lang=en');
    expect(sheet.statusCode).toBe(200);
    expect((await checklistOf(staff.OWNER)).qrCodes).toBe(true);
  });

  it('uploads the picture: the restaurant answer shows it; a fake picture is refused and nothing changes', async () => {
    const before = await settingsOf(staff.OWNER);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/staff/restaurant/picture',
      ...withStaff(staff.OWNER, multipartBody(svg, 'hero.jpg', 'image/jpeg')),
    });
    expect(refused.statusCode).toBe(415);
    expect(await settingsOf(staff.OWNER)).toEqual(before);

    const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#884422' } })
      .jpeg()
      .toBuffer();
    const stored = await ctx.app.inject({
      method: 'PUT',
      url: '/api/staff/restaurant/picture',
      ...withStaff(staff.MANAGER, multipartBody(jpeg, 'hero.jpg', 'image/jpeg')),
    });
    expect(stored.statusCode).toBe(200);
    const image = stored.json().image as string;
    expect(image).toMatch(/^\/images\/uploads\/hero\/[0-9a-f]{32}\.webp$/);
    expect(stored.json().version).toBe(before.version + 1);
    expect((await ctx.app.inject({ url: image })).statusCode).toBe(200);
    const answer = await eventually(
      async () => (await publicAnswer()).json(),
      (r) => r.image === image,
    );
    expect(answer.image).toBe(image);

    const waiter = await ctx.app.inject({
      method: 'PUT',
      url: '/api/staff/restaurant/picture',
      ...withStaff(staff.WAITER, multipartBody(jpeg, 'hero.jpg', 'image/jpeg')),
    });
    expect(waiter.statusCode).toBe(403);
  });
});

function withStaff(who: LoggedIn, body: { payload: Buffer; headers: Record<string, string> }) {
  return {
    payload: body.payload,
    headers: { ...body.headers, cookie: who.cookie, 'x-csrf-token': who.csrf },
  };
}
