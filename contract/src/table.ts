import { z } from 'zod';

/** spec §3: Table — id (the number in the URL), isEnabled, tableId (the number shown to diners). */
export const TableSchema = z.object({
  id: z.number().int(),
  tableId: z.number().int(),
  isEnabled: z.boolean(),
});
export type Table = z.infer<typeof TableSchema>;

/** spec §3: the default table, used when the route's table matches none. */
export const DEFAULT_TABLE: Table = { id: 0, isEnabled: false, tableId: 0 };
