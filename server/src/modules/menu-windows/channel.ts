import type { Database, Db } from '../../db/database.ts';

/**
 * NOTIFY channel carrying a restaurant's short name when what decides its menu boundaries changed: its
 * windows, a "sold out for today" mark, its time zone. Every instance's boundary timer reads that
 * restaurant's next boundary again. Apart from the menu channel, which fires for every change (a rating, a
 * price) and must cost one rebuild and nothing more (docs/decisions/068, 075).
 */
export const MENU_BOUNDARIES_CHANNEL = 'tablo_menu_boundaries_changed';

export function notifyMenuBoundariesChanged(database: Database, shortName: string, tx?: Db): Promise<void> {
  return database.notify(MENU_BOUNDARIES_CHANNEL, shortName, tx);
}
