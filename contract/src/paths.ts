/** API paths, relative to the API base `/api` (spec §7). */
export const API_BASE = '/api';

export const apiPaths = {
  restaurant: (shortName: string) => `/restaurant/one/${encodeURIComponent(shortName)}`,
  menu: (shortName: string) => `/menu/current/${encodeURIComponent(shortName)}`,
  /**
   * The same menu for its own OWNER or MANAGER while the restaurant is not open yet (staff cookie; never
   * cached by anyone else: docs/decisions/069-owner-preview.md).
   */
  menuPreview: (shortName: string) => `/staff/menu-preview/${encodeURIComponent(shortName)}`,
  sessionUuid: () => '/order/uuid',
  ratings: () => '/menu-item-ratings',
  myRatings: (shortName: string) => `/menu-item-ratings/${encodeURIComponent(shortName)}`,
  joinTable: () => '/table-sessions',
  orders: () => '/orders',
  tableOrders: (tableId: number) => `/tables/${encodeURIComponent(String(tableId))}/orders`,
  /** Table calls of the open visit (GET) and a new call (POST), session header. */
  tableCalls: (tableId: number) => `/tables/${encodeURIComponent(String(tableId))}/calls`,
  /** Websocket of DESIGN §6: `?table_id=…&session_id=…&since=<cursor>`. */
  live: () => '/ws',
  health: () => '/health',
  ready: () => '/ready',
} as const;

/** Where a namespace's texts are served (web/public/locales/<lang>/<ns>.json): the app's text backend fetches
 * them, and the server's boot loader starts the same addresses early. */
export function localePath(language: string, namespace: string): string {
  return `/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`;
}
