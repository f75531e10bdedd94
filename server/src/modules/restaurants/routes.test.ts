import { ERROR_TEXTS, ErrorBodySchema } from '@tablo/contract/errors';
import { RestaurantSchema } from '@tablo/contract/restaurant';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BISTRO, type InsertedRestaurant, insertRestaurant } from '../../../test/helpers/fixtures.ts';
import { createTestApp, type TestContext } from '../../../test/helpers/test-app.ts';
import { testDatabaseKinds } from '../../../test/helpers/test-database.ts';
import { notifyMenuChanged } from '../../db/channels.ts';
import { restaurant } from '../../db/schema.ts';

describe.each(testDatabaseKinds())('GET /api/restaurant/one/:shortName on %s', (kind) => {
  let ctx: TestContext;
  let bistro: InsertedRestaurant;
  beforeEach(async () => {
    ctx = await createTestApp(kind);
    bistro = await insertRestaurant(ctx.database.db, BISTRO);
  });
  afterEach(() => ctx.close());

  it('answers the restaurant with its tables sorted by table number', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/restaurant/one/bistro' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = RestaurantSchema.parse(response.json());
    expect(body).toEqual({
      shortName: 'bistro',
      isEnabled: true,
      isOrderingEnabled: true,
      name: 'Kis Bisztró',
      image: '/images/restaurant.webp',
      descriptionHu: 'Magyar leírás',
      descriptionEn: 'English description',
      currency: 'HUF',
      phone: null,
      reservationUrl: null,
      tables: [
        { id: bistro.tables[1], tableId: 1, isEnabled: true },
        { id: bistro.tables[2], tableId: 2, isEnabled: true },
        { id: bistro.tables[3], tableId: 3, isEnabled: true },
        { id: bistro.tables[4], tableId: 4, isEnabled: false },
      ],
    });
  });

  it('answers a disabled restaurant with isEnabled false', async () => {
    await insertRestaurant(ctx.database.db, {
      shortName: 'closed',
      isEnabled: false,
      isOrderingEnabled: false,
    });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/restaurant/one/closed' });
    expect(response.statusCode).toBe(200);
    expect(RestaurantSchema.parse(response.json())).toMatchObject({ isEnabled: false, tables: [] });
  });

  it.each(['nope', 'NOPE', 'a%20b', 'x'.repeat(64)])('answers 404 for the unknown name %s', async (name) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/restaurant/one/${name}` });
    expect(response.statusCode).toBe(404);
    expect(ErrorBodySchema.parse(response.json())).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: ERROR_TEXTS.restaurantNotFound,
    });
  });

  it('answers 400 for a name longer than any short name', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/restaurant/one/${'x'.repeat(65)}` });
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).message).toMatch(/params\/shortName/);
  });

  it('serves from memory until a change is announced', async () => {
    const get = async () =>
      RestaurantSchema.parse(
        (await ctx.app.inject({ method: 'GET', url: '/api/restaurant/one/bistro' })).json(),
      );
    expect((await get()).name).toBe('Kis Bisztró');
    await ctx.database.db
      .update(restaurant)
      .set({ name: 'Nagy Bisztró' })
      .where(eq(restaurant.id, bistro.id));
    expect((await get()).name).toBe('Kis Bisztró');
    await notifyMenuChanged(ctx.database, 'bistro');
    await expect.poll(async () => (await get()).name).toBe('Nagy Bisztró');
  });
});
