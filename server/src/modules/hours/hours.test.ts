import { HoursClosedErrorSchema, OpeningHoursSchema } from '@tablo/contract/hours';
import { RestaurantSchema } from '@tablo/contract/restaurant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/helpers/manual-clock.ts';
import {
  createOrderingApp,
  joinedSession,
  type OrderingContext,
  postOrder,
} from '../../../test/helpers/ordering-kit.ts';
import { asStaff, type LoggedIn, staffOfEveryRole } from '../../../test/helpers/staff.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';

/**
 * Issue 28's opening hours through the real app on both databases, the time read from a ManualClock: the
 * hours screen's API, the public restaurant answer, and orders refused outside the hours in the diner's
 * language. 2026-03-23 is a Monday (Budapest in winter time, UTC+1).
 */

const hm = (text: string) => {
  const [h, m] = text.split(':').map(Number) as [number, number];
  return h * 60 + m;
};
const span = (weekday: number, opens: string, closes: string) => ({
  weekday,
  opens: hm(opens),
  closes: hm(closes),
});

const WEEK = [
  span(1, '11:00', '22:00'),
  span(2, '11:00', '22:00'),
  span(5, '18:00', '02:00'),
  span(6, '20:00', '03:30'),
  span(7, '12:00', '20:00'),
];

/** What a diner reads at Monday 22:00:01, when ordering opens again on Tuesday at 11:00. */
const REFUSED_MONDAY_NIGHT = {
  hu: 'Most nem lehet rendelni. A rendelés nyitása: kedd 11:00.',
  en: 'Ordering is closed now. It opens on Tuesday at 11:00.',
  sk: 'Objednávať teraz nie je možné. Objednávky sa otvárajú: utorok 11:00.',
  cz: 'Objednávat teď není možné. Objednávky se otevírají: úterý 11:00.',
  de: 'Bestellen ist gerade nicht möglich. Bestellungen sind wieder möglich: Dienstag, 11:00 Uhr.',
  fr: 'Les commandes sont fermées pour le moment. Réouverture des commandes : mardi à 11:00.',
  pl: 'Zamawianie jest teraz niemożliwe. Zamówienia przyjmujemy ponownie: wtorek, 11:00.',
  si: 'Naročanje trenutno ni mogoče. Naročila znova sprejemamo: torek, 11:00.',
  hr: 'Naručivanje trenutno nije moguće. Narudžbe ponovno primamo: utorak, 11:00.',
  ro: 'Comenzile sunt închise acum. Comenzile se redeschid: marți, ora 11:00.',
} as const;

describe.each(testDatabaseKinds())('opening hours on %s', (kind) => {
  const clock = new ManualClock('2026-03-23T12:00:00+01:00');
  let ctx: OrderingContext;
  let owner: LoggedIn;
  let waiter: LoggedIn;
  let tableId: number;
  let goulash: number;
  let keys = 0;

  beforeAll(async () => {
    ctx = await createOrderingApp(kind, { clock });
    const staff = await staffOfEveryRole(ctx.app, ctx.database, 'bistro');
    owner = staff.OWNER;
    waiter = staff.WAITER;
    tableId = ctx.bistro.tables[1] as number;
    goulash = ctx.bistro.items.goulash as number;
  });
  afterAll(() => ctx.close());

  async function hours() {
    return OpeningHoursSchema.parse((await asStaff(ctx.app, owner, 'GET', '/api/staff/hours')).json());
  }

  async function save(change: Record<string, unknown>) {
    const current = await hours();
    return asStaff(ctx.app, owner, 'PUT', '/api/staff/hours', {
      spans: current.spans,
      closedDays: current.closedDays,
      businessDayCutoffHour: current.businessDayCutoffHour,
      version: current.version,
      ...change,
    });
  }

  async function order(at: string, language?: string) {
    clock.set(at);
    const { sessionId } = await joinedSession(ctx, 'bistro', tableId);
    keys += 1;
    return ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: {
        'idempotency-key': `key-hours-${keys}`,
        ...(language ? { 'accept-language': language } : {}),
      },
      payload: { sessionId, tableId, items: [{ menuItemId: goulash, quantity: 1 }] },
    });
  }

  function refusal(response: { statusCode: number; json(): unknown }) {
    expect(response.statusCode).toBe(409);
    return HoursClosedErrorSchema.parse(response.json());
  }

  it('without hours set, orders are taken at any time and the restaurant answer carries no hours', async () => {
    const empty = await hours();
    expect(empty).toMatchObject({ spans: [], closedDays: [], businessDayCutoffHour: 4, version: 0 });
    expect(empty.timeZone).toBe('Europe/Budapest');
    expect((await order('2026-03-24T03:00:00+01:00')).statusCode).toBe(201);
    const restaurant = RestaurantSchema.parse((await ctx.app.inject('/api/restaurant/one/bistro')).json());
    expect(restaurant.hours ?? null).toBeNull();
  });

  it('refuses bad hours with a message that says what to fix, and a stale save with 409', async () => {
    const overlap = await save({ spans: [span(5, '18:00', '02:00'), span(6, '01:00', '09:00')] });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().message).toBe(
      'spans.1: Saturday 01:00–09:00 overlaps Friday 18:00–02:00; join them or move one',
    );
    const empty = await save({ spans: [span(1, '10:00', '10:00')] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toContain('opens when it closes');
    const badDate = await save({ closedDays: [{ date: '2026-02-30', note: '' }] });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toContain('not a date of the calendar');
    const twice = await save({
      closedDays: [
        { date: '2026-12-24', note: '' },
        { date: '2026-12-24', note: 'again' },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe('closedDays.1: 2026-12-24 is listed twice');
    const badHour = await save({ businessDayCutoffHour: 24 });
    expect(badHour.statusCode).toBe(400);
    const badMinute = await save({ spans: [{ weekday: 8, opens: 0, closes: 1440 }] });
    expect(badMinute.statusCode).toBe(400);
    // Nothing of it was kept.
    expect(await hours()).toMatchObject({ spans: [], closedDays: [], version: 0 });

    const first = await save({ spans: [span(3, '10:00', '12:00')] });
    expect(first.statusCode).toBe(200);
    const stale = await asStaff(ctx.app, owner, 'PUT', '/api/staff/hours', {
      spans: [],
      closedDays: [],
      businessDayCutoffHour: 4,
      version: 0,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('saved by someone else');
    expect((await hours()).spans).toEqual([span(3, '10:00', '12:00')]);
    expect((await asStaff(ctx.app, waiter, 'GET', '/api/staff/hours')).statusCode).toBe(403);
  });

  it('saves the week, the closed days and the cut-off hour, and the restaurant answer carries them', async () => {
    const response = await save({
      spans: WEEK,
      closedDays: [{ date: '2026-04-06', note: 'Easter Monday' }],
      businessDayCutoffHour: 5,
    });
    expect(response.statusCode).toBe(200);
    const saved = OpeningHoursSchema.parse(response.json());
    expect(saved.spans).toEqual(WEEK);
    expect(saved.closedDays).toEqual([{ date: '2026-04-06', note: 'Easter Monday' }]);
    expect(saved.businessDayCutoffHour).toBe(5);
    // The cached answer is rebuilt after the save (NOTIFY, coalesced).
    await expect
      .poll(async () => (await ctx.app.inject('/api/restaurant/one/bistro')).json().hours, { timeout: 5000 })
      .toEqual({ timeZone: 'Europe/Budapest', spans: WEEK, closedDays: ['2026-04-06'] });
  });

  it('takes an order at 21:59:59 and refuses one at 22:00:01, in each of the ten languages', async () => {
    expect((await order('2026-03-23T21:59:59+01:00')).statusCode).toBe(201);
    for (const [language, text] of Object.entries(REFUSED_MONDAY_NIGHT)) {
      const body = refusal(await order('2026-03-23T22:00:01+01:00', language));
      expect(body, language).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: text,
        code: 'ordering_closed',
        opensAt: '2026-03-24T10:00:00.000Z',
      });
    }
    // A browser's own list is read too: Czech by its BCP 47 code, the first known language wins.
    expect(refusal(await order('2026-03-23T22:00:01+01:00', 'cs-CZ,cs;q=0.9')).message).toBe(
      REFUSED_MONDAY_NIGHT.cz,
    );
    expect(refusal(await order('2026-03-23T22:00:01+01:00', 'ja,de;q=0.5,en;q=0.8')).message).toBe(
      REFUSED_MONDAY_NIGHT.en,
    );
    // No header: the default language (Hungarian).
    expect(refusal(await order('2026-03-23T22:00:01+01:00')).message).toBe(REFUSED_MONDAY_NIGHT.hu);
  });

  it('keeps a span over midnight open into the next morning, then says the same day’s opening', async () => {
    // Friday 18:00–02:00: Saturday 01:59:59 still Friday's.
    expect((await order('2026-03-28T01:59:59+01:00')).statusCode).toBe(201);
    const closed = refusal(await order('2026-03-28T02:00:01+01:00', 'en'));
    expect(closed.message).toBe('Ordering is closed now. It opens at 20:00.');
    expect(closed.opensAt).toBe('2026-03-28T19:00:00.000Z');
  });

  it('on the spring night (02:00 → 03:00) closes at 03:30 summer time', async () => {
    // Saturday 20:00 → Sunday 03:30; 01:29:59 UTC is 03:29:59 summer time.
    expect((await order('2026-03-29T01:29:59Z')).statusCode).toBe(201);
    const closed = refusal(await order('2026-03-29T01:30:01Z', 'de'));
    expect(closed.message).toBe(
      'Bestellen ist gerade nicht möglich. Bestellungen sind ab 12:00 Uhr möglich.',
    );
    expect(closed.opensAt).toBe('2026-03-29T10:00:00.000Z');
  });

  it('on the autumn night (03:00 → 02:00) stays open through the repeated hour', async () => {
    // Saturday 24 October 20:00 CEST → Sunday 03:30 CET: open at 02:30 CET (01:30 UTC), closed after 02:30 UTC.
    expect((await order('2026-10-25T01:30:00Z')).statusCode).toBe(201);
    expect((await order('2026-10-25T02:29:59Z')).statusCode).toBe(201);
    expect(refusal(await order('2026-10-25T02:30:01Z', 'en')).opensAt).toBe('2026-10-25T11:00:00.000Z');
  });

  it('on a closed day refuses orders and names the next day’s opening', async () => {
    // Monday 6 April (Easter Monday) is closed: the next opening is Tuesday 11:00 summer time.
    const closed = refusal(await order('2026-04-06T12:00:00+02:00', 'en'));
    expect(closed.message).toBe('Ordering is closed now. It opens on Tuesday at 11:00.');
    expect(closed.opensAt).toBe('2026-04-07T09:00:00.000Z');
    expect((await order('2026-04-07T12:00:00+02:00')).statusCode).toBe(201);
  });

  it('answers a replayed order with itself even after closing time', async () => {
    clock.set('2026-03-24T21:59:00+01:00');
    const { sessionId } = await joinedSession(ctx, 'bistro', tableId);
    const body = { sessionId, tableId, items: [{ menuItemId: goulash, quantity: 1 }] };
    const first = await postOrder(ctx.app, 'key-hours-replay', body);
    expect(first.statusCode).toBe(201);
    clock.set('2026-03-24T22:05:00+01:00');
    const again = await postOrder(ctx.app, 'key-hours-replay', body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
  });
});
