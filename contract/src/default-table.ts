import type { Table } from './table.ts';

/** spec §3: the default table, used when the route's table matches none. Apart from table.ts's schema, so the
 * web app's menu page has it without loading zod (docs/decisions/036-menu-page-javascript.md). */
export const DEFAULT_TABLE: Table = { id: 0, isEnabled: false, tableId: 0 };
