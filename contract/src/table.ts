import { z } from 'zod';

/** spec §3: Table — id (the number in the URL), isEnabled, tableId (the number shown to diners). */
export const TableSchema = z.object({
  id: z.number().int(),
  tableId: z.number().int(),
  isEnabled: z.boolean(),
});
export type Table = z.infer<typeof TableSchema>;

export { DEFAULT_TABLE } from './default-table.ts';
