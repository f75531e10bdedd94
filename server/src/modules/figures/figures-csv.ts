import type { Figures } from '@tablo/contract/figures';
import { FALLBACK_LANGUAGE } from '@tablo/contract/languages';
import { stringify } from 'csv-stringify/sync';

/**
 * The figures as a CSV for the accountant (docs/decisions/076): one row per figure, in long form —
 * `section, id, name, measure, value` — so every section (VAT rates, methods, dishes, hours…) has the same
 * columns and a spreadsheet pivots it as it likes. Comma-separated (RFC 4180) and UTF-8 with a byte order
 * mark: without it Excel reads the file as the local ANSI code page and garbles ő and ű.
 */
export const FIGURES_CSV_COLUMNS = ['section', 'id', 'name', 'measure', 'value'] as const;
export const UTF8_BOM = '\uFEFF';

type Row = [section: string, id: string, name: string, measure: string, value: string | number];

export function figuresCsv(figures: Figures, language: string): string {
  const title = (titles: Figures['dishes'][number]['titles']) =>
    (
      titles.find((entry) => entry.isoCode === language) ??
      titles.find((entry) => entry.isoCode === FALLBACK_LANGUAGE) ??
      titles[0]
    )?.title ?? '';
  const rows: Row[] = [
    ['range', '', '', 'from', figures.from],
    ['range', '', '', 'to', figures.to],
    ['range', '', '', 'timeZone', figures.timeZone],
    ['range', '', '', 'cutoffHour', figures.cutoffHour],
    ['range', '', '', 'currency', figures.currency],
    ['orders', '', '', 'visits', figures.visits],
    ['orders', '', '', 'orders', figures.orders],
    ['orders', '', '', 'rejectedOrders', figures.rejectedOrders],
    ['orders', '', '', 'waitingOrders', figures.waitingOrders],
    ['orders', '', '', 'averagePerVisit', figures.averagePerVisit],
    ['sales', '', '', 'gross', figures.sales.gross],
    ['sales', '', '', 'net', figures.sales.net],
    ['sales', '', '', 'vat', figures.sales.vat],
  ];
  for (const rate of figures.sales.byRate) {
    const id = String(rate.vatPercent);
    rows.push(['vat', id, `${id}%`, 'gross', rate.gross], ['vat', id, `${id}%`, 'net', rate.net]);
    rows.push(['vat', id, `${id}%`, 'vat', rate.vat]);
  }
  for (const method of figures.payments.byMethod) {
    rows.push(['payments', method.method, method.method, 'count', method.count]);
    rows.push(['payments', method.method, method.method, 'amount', method.amount]);
    rows.push(['payments', method.method, method.method, 'tip', method.tip]);
  }
  rows.push(['payments', 'ALL', '', 'count', figures.payments.count]);
  rows.push(['payments', 'ALL', '', 'amount', figures.payments.amount]);
  rows.push(['payments', 'ALL', '', 'tip', figures.payments.tip]);
  for (const method of figures.refunds.byMethod) {
    rows.push(['refunds', method.method, method.method, 'count', method.count]);
    rows.push(['refunds', method.method, method.method, 'amount', method.amount]);
  }
  rows.push(['refunds', 'ALL', '', 'count', figures.refunds.count]);
  rows.push(['refunds', 'ALL', '', 'amount', figures.refunds.amount]);
  rows.push(['takings', '', '', 'amount', figures.takings]);
  rows.push(['unpaid', '', '', 'open', figures.unpaid.open]);
  rows.push(['unpaid', '', '', 'closedByForce', figures.unpaid.closedByForce]);
  rows.push(['unpaid', '', '', 'forcedVisits', figures.unpaid.forcedVisits]);
  for (const dish of figures.dishes) {
    rows.push(['dishes', String(dish.menuItemId), title(dish.titles), 'quantity', dish.quantity]);
    rows.push(['dishes', String(dish.menuItemId), title(dish.titles), 'gross', dish.gross]);
  }
  for (const choice of figures.choices) {
    const name = `${title(choice.groupTitles)}: ${title(choice.titles)}`;
    rows.push(['choices', String(choice.optionId), name, 'quantity', choice.quantity]);
  }
  for (const hour of figures.hours) {
    const name = `${String(hour.hour).padStart(2, '0')}:00`;
    rows.push(['hours', String(hour.hour), name, 'orders', hour.orders]);
    rows.push(['hours', String(hour.hour), name, 'gross', hour.gross]);
  }
  for (const rating of figures.ratings) {
    rows.push(['ratings', String(rating.menuItemId), title(rating.titles), 'likes', rating.likes]);
    rows.push(['ratings', String(rating.menuItemId), title(rating.titles), 'dislikes', rating.dislikes]);
  }
  return UTF8_BOM + stringify(rows, { header: true, columns: [...FIGURES_CSV_COLUMNS] });
}

/** The attachment's file name: `figures-<from>.csv` for a day, `figures-<from>_<to>.csv` for a range. */
export function figuresCsvName(figures: Figures): string {
  return figures.from === figures.to
    ? `figures-${figures.from}.csv`
    : `figures-${figures.from}_${figures.to}.csv`;
}
