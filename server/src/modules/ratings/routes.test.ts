import { randomUUID } from 'node:crypto';
import { ERROR_TEXTS, ErrorBodySchema } from '@tablo/contract/errors';
import { MenuSchema } from '@tablo/contract/menu';
import { MyRatingsResponseSchema, RatingResponseSchema } from '@tablo/contract/rating';
import { SESSION_HEADER, SessionUuidResponseSchema } from '@tablo/contract/session';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BISTRO, type InsertedRestaurant, insertRestaurant } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/helpers/test-app.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { dinerSession, menuItemRating, restaurant } from '../../db/schema.ts';

describe.each(testDatabaseKinds())('menu item ratings on %s', (kind) => {
  let ctx: TestContext;
  let bistro: InsertedRestaurant;
  let session: string;
  let goulash: number;
  beforeEach(async () => {
    ctx = await createTestApp(kind);
    bistro = await insertRestaurant(ctx.database.db, BISTRO);
    goulash = bistro.items.goulash ?? 0;
    const issued = await ctx.app.inject({ method: 'GET', url: '/api/order/uuid' });
    session = SessionUuidResponseSchema.parse(issued.json()).uuid;
  });
  afterEach(() => ctx.close());

  const rate = (payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/menu-item-ratings', payload: payload as object });
  const ratingRows = () => ctx.database.db.select().from(menuItemRating);
  const menuCounts = async (itemId: number) => {
    const menu = MenuSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/menu/current/bistro' })).json(),
    );
    const item = menu.flatMap((c) => c.menuItems).find((i) => i.id === itemId);
    return { likeCount: item?.likeCount, dislikeCount: item?.dislikeCount };
  };

  it('likes, changes its mind, takes it back — exact counts each time, one row at most', async () => {
    const like = await rate({ sessionId: session, menuItemId: goulash, rating: 'LIKE' });
    expect(like.statusCode).toBe(200);
    expect(like.headers['cache-control']).toBe('no-store');
    expect(RatingResponseSchema.parse(like.json())).toEqual({
      menuItemId: goulash,
      likeCount: 11,
      dislikeCount: 2,
      rating: 'LIKE',
    });
    const again = await rate({ sessionId: session, menuItemId: goulash, rating: 'LIKE' });
    expect(RatingResponseSchema.parse(again.json())).toMatchObject({ likeCount: 11, dislikeCount: 2 });
    const dislike = await rate({ sessionId: session, menuItemId: goulash, rating: 'DISLIKE' });
    expect(RatingResponseSchema.parse(dislike.json())).toMatchObject({
      likeCount: 10,
      dislikeCount: 3,
      rating: 'DISLIKE',
    });
    expect(await ratingRows()).toHaveLength(1);
    const back = await rate({ sessionId: session, menuItemId: goulash, rating: null });
    expect(RatingResponseSchema.parse(back.json())).toEqual({
      menuItemId: goulash,
      likeCount: 10,
      dislikeCount: 2,
      rating: null,
    });
    expect(await ratingRows()).toHaveLength(0);
  });

  it('counts ratings of several sessions and refreshes the cached menu', async () => {
    expect(await menuCounts(goulash)).toEqual({ likeCount: 10, dislikeCount: 2 });
    const other = SessionUuidResponseSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/order/uuid' })).json(),
    ).uuid;
    await rate({ sessionId: session, menuItemId: goulash, rating: 'LIKE' });
    const second = await rate({ sessionId: other, menuItemId: goulash, rating: 'DISLIKE' });
    expect(RatingResponseSchema.parse(second.json())).toMatchObject({ likeCount: 11, dislikeCount: 3 });
    await expect.poll(() => menuCounts(goulash)).toEqual({ likeCount: 11, dislikeCount: 3 });
  });

  it('stores one row for concurrent ratings from one session', async () => {
    const values = ['LIKE', 'DISLIKE', 'LIKE', 'DISLIKE', 'LIKE', 'LIKE', 'DISLIKE', 'LIKE'] as const;
    const responses = await Promise.all(
      values.map((rating) => rate({ sessionId: session, menuItemId: goulash, rating })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(values.map(() => 200));
    const rows = await ratingRows();
    expect(rows).toHaveLength(1);
    const counts = await rate({ sessionId: session, menuItemId: goulash, rating: rows[0]?.value ?? null });
    const body = RatingResponseSchema.parse(counts.json());
    expect(body.likeCount + body.dislikeCount).toBe(13);
  });

  it('updates the session last_seen', async () => {
    const [before] = await ctx.database.db.select().from(dinerSession).where(eq(dinerSession.id, session));
    await new Promise((resolve) => setTimeout(resolve, 15));
    await rate({ sessionId: session, menuItemId: goulash, rating: 'LIKE' });
    const [after] = await ctx.database.db.select().from(dinerSession).where(eq(dinerSession.id, session));
    expect(after?.lastSeen.getTime()).toBeGreaterThan(before?.lastSeen.getTime() ?? Number.POSITIVE_INFINITY);
  });

  describe('refuses bad input with a 4xx and a message, storing nothing', () => {
    const cases: [string, () => unknown, number, RegExp | string][] = [
      [
        'a session id the server never issued',
        () => ({ sessionId: randomUUID(), menuItemId: goulash, rating: 'LIKE' }),
        403,
        ERROR_TEXTS.unknownSession,
      ],
      [
        'a session id that is not a uuid',
        () => ({ sessionId: 'abc', menuItemId: goulash, rating: 'LIKE' }),
        400,
        /body\/sessionId/,
      ],
      [
        'an unknown item',
        () => ({ sessionId: session, menuItemId: 999_999, rating: 'LIKE' }),
        404,
        ERROR_TEXTS.menuItemNotFound,
      ],
      [
        'an inactive item',
        () => ({ sessionId: session, menuItemId: bistro.items['hidden-soup'], rating: 'LIKE' }),
        404,
        ERROR_TEXTS.menuItemNotFound,
      ],
      [
        'an item of an inactive category',
        () => ({ sessionId: session, menuItemId: bistro.items['old-dish'], rating: 'LIKE' }),
        404,
        ERROR_TEXTS.menuItemNotFound,
      ],
      [
        'a string item id',
        () => ({ sessionId: session, menuItemId: String(goulash), rating: 'LIKE' }),
        400,
        /body\/menuItemId/,
      ],
      [
        'a negative item id',
        () => ({ sessionId: session, menuItemId: -1, rating: 'LIKE' }),
        400,
        /body\/menuItemId/,
      ],
      [
        'an unknown rating value',
        () => ({ sessionId: session, menuItemId: goulash, rating: 'LOVE' }),
        400,
        /body\/rating/,
      ],
      ['a missing rating', () => ({ sessionId: session, menuItemId: goulash }), 400, /body\/rating/],
      [
        'an unknown field',
        () => ({ sessionId: session, menuItemId: goulash, rating: 'LIKE', stars: 5 }),
        400,
        /stars/,
      ],
      ['an array body', () => [{ sessionId: session, menuItemId: goulash, rating: 'LIKE' }], 400, /body/],
    ];
    it.each(cases)('%s', async (_name, payload, status, message) => {
      const response = await rate(payload());
      expect(response.statusCode).toBe(status);
      const body = ErrorBodySchema.parse(response.json());
      const text = Array.isArray(body.message) ? body.message.join(', ') : body.message;
      if (typeof message === 'string') expect(text).toBe(message);
      else expect(text).toMatch(message);
      expect(await ratingRows()).toHaveLength(0);
    });

    it('an item of a disabled restaurant', async () => {
      await ctx.database.db.update(restaurant).set({ isEnabled: false }).where(eq(restaurant.id, bistro.id));
      const response = await rate({ sessionId: session, menuItemId: goulash, rating: 'LIKE' });
      expect(response.statusCode).toBe(404);
      expect(await ratingRows()).toHaveLength(0);
    });

    it('malformed JSON', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/menu-item-ratings',
        headers: { 'content-type': 'application/json' },
        payload: '{"sessionId": ',
      });
      expect(response.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).message).toBe('Malformed JSON in request body');
      expect(await ratingRows()).toHaveLength(0);
    });

    it('a body over 64 KiB', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/menu-item-ratings',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          sessionId: session,
          menuItemId: goulash,
          rating: 'LIKE',
          pad: 'x'.repeat(70_000),
        }),
      });
      expect(response.statusCode).toBe(413);
      expect(ErrorBodySchema.parse(response.json()).message).toMatch(/larger than 64 KiB/);
      expect(await ratingRows()).toHaveLength(0);
    });

    it('a body that is not JSON', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/menu-item-ratings',
        headers: { 'content-type': 'text/plain' },
        payload: 'LIKE',
      });
      expect(response.statusCode).toBe(400);
      expect(ErrorBodySchema.parse(response.json()).message).toMatch(/^body: /);
      expect(await ratingRows()).toHaveLength(0);
    });
  });

  describe('GET /api/menu-item-ratings/:shortName', () => {
    const mine = (headers: Record<string, string>, shortName = 'bistro') =>
      ctx.app.inject({ method: 'GET', url: `/api/menu-item-ratings/${shortName}`, headers });

    it("answers the session's own ratings of that restaurant only", async () => {
      const other = await insertRestaurant(ctx.database.db, {
        shortName: 'other',
        categories: [{ ref: 'c', items: [{ ref: 'x', priceGross: 1 }] }],
      });
      await rate({ sessionId: session, menuItemId: goulash, rating: 'LIKE' });
      await rate({ sessionId: session, menuItemId: bistro.items.palinka, rating: 'DISLIKE' });
      await rate({ sessionId: session, menuItemId: other.items.x, rating: 'LIKE' });
      const response = await mine({ [SESSION_HEADER]: session });
      expect(response.statusCode).toBe(200);
      expect(MyRatingsResponseSchema.parse(response.json())).toEqual(
        [
          { menuItemId: goulash, rating: 'LIKE' },
          { menuItemId: bistro.items.palinka, rating: 'DISLIKE' },
        ].sort((a, b) => (a.menuItemId ?? 0) - (b.menuItemId ?? 0)),
      );
    });

    it.each([
      ['no session header', {}, 400],
      ['a malformed session id', { [SESSION_HEADER]: 'nope' }, 400],
      ['a session the server never issued', { [SESSION_HEADER]: randomUUID() }, 403],
    ])('refuses %s', async (_name, headers, status) => {
      const response = await mine(headers);
      expect(response.statusCode).toBe(status);
      expect(ErrorBodySchema.parse(response.json()).message).toBeTruthy();
    });

    it('answers 404 for an unknown restaurant', async () => {
      const response = await mine({ [SESSION_HEADER]: session }, 'nope');
      expect(response.statusCode).toBe(404);
      expect(ErrorBodySchema.parse(response.json()).message).toBe(ERROR_TEXTS.restaurantNotFound);
    });
  });
});
