import type { PrinterStatus } from '@tablo/contract/printing';

/**
 * A printer's state as the screen shows it: the list's, unless the staff socket's (`printer.status`, kept in
 * the console's cache) was checked as late or later — it arrives after the list was read. The printer's name
 * always comes from the list (an edit renames it at once).
 */
export function latestStatus(
  listed: PrinterStatus,
  live: readonly PrinterStatus[] | undefined,
): PrinterStatus {
  const news = live?.find((status) => status.printerId === listed.printerId);
  if (!news) return listed;
  const at = (status: PrinterStatus) => (status.checkedAt === null ? -1 : Date.parse(status.checkedAt));
  return at(news) >= at(listed) ? { ...news, name: listed.name } : listed;
}
