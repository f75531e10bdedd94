import { z } from 'zod';

/**
 * Table calls — the specification's "signals" (§3): keyed by kind, one open call per kind and visit; a new
 * call of the same kind replaces the old one. Staff see a call live until a waiter acknowledges it; the
 * diner sees that it was received (DESIGN §6).
 */
export const TABLE_CALL_KINDS = ['WAITER', 'BILL'] as const;
export const TableCallKindSchema = z.enum(TABLE_CALL_KINDS);
export type TableCallKind = z.infer<typeof TableCallKindSchema>;

/** A call of the same kind at the same visit is refused (429) within this many seconds of the last one. */
export const TABLE_CALL_MIN_INTERVAL_SECONDS = 60;

export const TableCallSchema = z.object({
  kind: TableCallKindSchema,
  requestedAt: z.iso.datetime({ offset: true }),
  /** Null while no member of staff has acknowledged it. */
  acknowledgedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TableCall = z.infer<typeof TableCallSchema>;

/** POST /api/tables/:tableId/calls (session header) → 200 TableCall; 429 within the interval. */
export const PlaceTableCallRequestSchema = z.strictObject({ kind: TableCallKindSchema });
export type PlaceTableCallRequest = z.infer<typeof PlaceTableCallRequestSchema>;

/** GET /api/tables/:tableId/calls (session header): the open visit's calls, one per kind at most. */
export const TableCallsResponseSchema = z.object({ calls: z.array(TableCallSchema) });
export type TableCallsResponse = z.infer<typeof TableCallsResponseSchema>;
