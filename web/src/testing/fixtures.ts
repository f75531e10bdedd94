import { type Restaurant, RestaurantSchema } from '@tablo/contract/restaurant';

/** The demo restaurants of the seed data, checked against the contract like the server's answers. */
export const demoRestaurant: Restaurant = RestaurantSchema.parse({
  shortName: 'demo',
  isEnabled: true,
  isOrderingEnabled: true,
  name: 'Demo Bistro',
  image: '/images/demo/main.webp',
  descriptionHu: 'Házias ízek a belváros szívében.',
  descriptionEn: 'Home-style cooking in the heart of the city.',
  currency: 'HUF',
  phone: null,
  reservationUrl: null,
  tables: [
    { id: 1, tableId: 1, isEnabled: true },
    { id: 2, tableId: 2, isEnabled: true },
    { id: 7, tableId: 12, isEnabled: false },
  ],
});

export const demoMenuRestaurant: Restaurant = RestaurantSchema.parse({
  ...demoRestaurant,
  shortName: 'demo-menu',
  name: 'Demo Menu Only',
  isOrderingEnabled: false,
});

export const demoClosedRestaurant: Restaurant = RestaurantSchema.parse({
  ...demoRestaurant,
  shortName: 'demo-closed',
  name: 'Demo Closed',
  isEnabled: false,
});

export const DEMO_SESSION_ID = '3b241101-e2bb-4255-8caf-4136c566a962';
