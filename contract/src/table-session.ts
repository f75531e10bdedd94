import { z } from 'zod';
import { RowIdSchema } from './ids.ts';
import { ShortNameSchema } from './restaurant.ts';
import { SessionIdSchema } from './session.ts';

/**
 * POST /api/table-sessions — joins a diner session to the table's open visit (opening one if none).
 * `token` is the `?t=` of the scanned QR URL. Refused with 403 "Orders cannot be placed at this table"
 * when the token is wrong or missing (and the restaurant requires one), the table is disabled, or the
 * restaurant does not take orders.
 */
export const JoinTableRequestSchema = z.strictObject({
  shortName: ShortNameSchema,
  tableId: RowIdSchema,
  token: z.string().max(128).nullable(),
  sessionId: SessionIdSchema,
});
export type JoinTableRequest = z.infer<typeof JoinTableRequestSchema>;

export const JoinTableResponseSchema = z.object({
  visitId: z.number().int(),
  tableId: z.number().int(),
  tableNumber: z.number().int(),
  /** Cursor of the table's event log at join time: connect the websocket with `since` = this. */
  cursor: z.number().int().nonnegative(),
});
export type JoinTableResponse = z.infer<typeof JoinTableResponseSchema>;
