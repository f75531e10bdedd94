import { z } from 'zod';

/** Every error answer has this shape; `message` may be a list (the web client joins it with ", "). */
export const ErrorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.union([z.string(), z.array(z.string())]),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Texts of the specification's error catalogue (§8) that the server answers with. */
export const ERROR_TEXTS = {
  restaurantNotAvailable: 'The restaurant is not available',
  cannotOrderAtTable: 'Orders cannot be placed at this table',
  restaurantNotFound: 'Restaurant not found',
  unknownSession: 'Unknown session: request a new one from GET /api/order/uuid',
  menuItemNotFound: 'Menu item not found',
} as const;
