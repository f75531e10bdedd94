// The error texts apart from the error schema (errors.ts re-exports them): the web app's first screens import
// them without loading zod (docs/decisions/036-menu-page-javascript.md).

/** Texts of the specification's error catalogue (§8) that the server answers with. */
export const ERROR_TEXTS = {
  restaurantNotAvailable: 'The restaurant is not available',
  cannotOrderAtTable: 'Orders cannot be placed at this table',
  restaurantNotFound: 'Restaurant not found',
  unknownSession: 'Unknown session: request a new one from GET /api/order/uuid',
  menuItemNotFound: 'Menu item not found',
} as const;
