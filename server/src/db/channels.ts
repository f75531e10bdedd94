import type { Database, Db } from './database.ts';

/**
 * NOTIFY channels. `menu_changed` carries a restaurant's short name: its cached restaurant and menu
 * answers are rebuilt (DESIGN §2). Every instance listens, so a change made through one reaches all.
 */
export const MENU_CHANGED_CHANNEL = 'tablo_menu_changed';

export function notifyMenuChanged(database: Database, shortName: string, tx?: Db): Promise<void> {
  return database.notify(MENU_CHANGED_CHANNEL, shortName, tx);
}

/**
 * `staff_tables_changed` carries `<restaurantId>:<tableId>` when a table's settings change (enabled, token
 * rotated): every instance tells its staff sockets of that restaurant (`table.updated`).
 */
export const STAFF_TABLES_CHANNEL = 'tablo_staff_tables_changed';

export function notifyStaffTableChanged(
  database: Database,
  restaurantId: number,
  tableId: number,
  tx?: Db,
): Promise<void> {
  return database.notify(STAFF_TABLES_CHANNEL, `${restaurantId}:${tableId}`, tx);
}

/**
 * `staff_sessions_ended` carries a staff user's id when sessions of that user ended (log-out, account
 * disabled). Every instance re-checks the sessions of that user's staff sockets and closes those whose
 * session is gone (a log-out on one tablet leaves the user's other sessions alone).
 */
export const STAFF_SESSIONS_ENDED_CHANNEL = 'tablo_staff_sessions_ended';

export function notifyStaffSessionsEnded(database: Database, staffUserId: number, tx?: Db): Promise<void> {
  return database.notify(STAFF_SESSIONS_ENDED_CHANNEL, String(staffUserId), tx);
}

/**
 * Issue 28. `print_jobs` carries a printer's id when jobs for it were made or set waiting again: every
 * instance's printer worker wakes (which one prints is decided in the database, modules/printing/worker.ts).
 */
export const PRINT_JOBS_CHANNEL = 'tablo_print_jobs';

/**
 * `printer_status` carries `<restaurantId>:<printerId>` when a printer's health or queue changed: every
 * instance reads its state and sends `printer.status` to its staff sockets of that restaurant.
 */
export const PRINTER_STATUS_CHANNEL = 'tablo_printer_status';
