import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { restaurant } from '../../db/schema.ts';
import { ManagementError, RestaurantNotFoundError, TableNotFoundError } from '../restaurants/errors.ts';
import { listTableUrls, type TableUrl } from '../restaurants/manage-tables.ts';
import { renderQrSheet } from './sheet.ts';
import { qrSvg } from './svg.ts';

export type QrLanguage = 'hu' | 'en';

export class NoTablesToPrintError extends ManagementError {
  override name = 'NoTablesToPrintError';
  constructor(shortName: string) {
    super(`Restaurant "${shortName}" has no enabled table to print: add or enable tables first.`);
  }
}

/** The A4 sheet of every enabled table, each code carrying exactly what `table-urls` prints. */
export async function qrSheetOf(
  database: Database,
  shortName: string,
  publicUrl: string,
  lang: QrLanguage,
): Promise<Buffer> {
  const [found] = await database.db
    .select({ name: restaurant.name })
    .from(restaurant)
    .where(eq(restaurant.shortName, shortName));
  if (!found) throw new RestaurantNotFoundError(shortName);
  const tables = (await listTableUrls(database, shortName, publicUrl, lang)).filter((t) => t.isEnabled);
  if (tables.length === 0) throw new NoTablesToPrintError(shortName);
  return renderQrSheet({ restaurantName: found.name, lang, tables });
}

/** One table's code as SVG, the table chosen by the number diners see (CLI) or by its id (console). */
export async function tableQrOf(
  database: Database,
  shortName: string,
  which: { tableNumber: number } | { tableId: number },
  publicUrl: string,
  lang: QrLanguage,
): Promise<{ table: TableUrl; svg: string }> {
  const tables = await listTableUrls(database, shortName, publicUrl, lang);
  const table = tables.find((t) =>
    'tableId' in which ? t.id === which.tableId : t.tableNumber === which.tableNumber,
  );
  if (!table)
    throw new TableNotFoundError(shortName, 'tableNumber' in which ? which.tableNumber : which.tableId);
  return { table, svg: await qrSvg(table.url) };
}
