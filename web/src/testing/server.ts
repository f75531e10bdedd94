import { ErrorBodySchema } from '@tablo/contract/errors';
import { type Restaurant, RestaurantSchema } from '@tablo/contract/restaurant';
import { SessionUuidResponseSchema } from '@tablo/contract/session';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { DEMO_SESSION_ID, demoClosedRestaurant, demoMenuRestaurant, demoRestaurant } from './fixtures.ts';

const restaurants: Restaurant[] = [demoRestaurant, demoMenuRestaurant, demoClosedRestaurant];

/** Answers are parsed with the contract schemas, so a handler cannot drift from what the server sends. */
export const handlers = {
  restaurant: () =>
    http.get('/api/restaurant/one/:shortName', ({ params }) => {
      const restaurant = restaurants.find((r) => r.shortName === params.shortName);
      if (!restaurant) {
        return HttpResponse.json(
          ErrorBodySchema.parse({ statusCode: 404, error: 'Not Found', message: 'Restaurant not found' }),
          { status: 404 },
        );
      }
      return HttpResponse.json(RestaurantSchema.parse(restaurant));
    }),
  sessionUuid: (uuid = DEMO_SESSION_ID) =>
    http.get('/api/order/uuid', () => HttpResponse.json(SessionUuidResponseSchema.parse({ uuid }))),
  sessionUuidFailure: () =>
    http.get('/api/order/uuid', () =>
      HttpResponse.json(
        ErrorBodySchema.parse({ statusCode: 503, error: 'Service Unavailable', message: 'Try again later' }),
        { status: 503 },
      ),
    ),
  /** The join of the order and My Table routes, refused as without the table's token. */
  joinTableRefused: () =>
    http.post('/api/table-sessions', () =>
      HttpResponse.json(
        ErrorBodySchema.parse({
          statusCode: 403,
          error: 'Forbidden',
          message: 'Orders cannot be placed at this table',
        }),
        { status: 403 },
      ),
    ),
};

/** Only the restaurant is answered by default; each test adds what else it expects. */
export const server = setupServer(handlers.restaurant());
