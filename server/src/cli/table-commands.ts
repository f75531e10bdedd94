import {
  addTables,
  listTableUrls,
  type NewTables,
  rotateTableToken,
  setTableEnabled,
  tableOrderUrl,
} from '../modules/restaurants/manage-tables.ts';
import { type Command, expectPositionals, parseTableNumber, stringOption, UsageError } from './command.ts';

/** `5` alone is a count; `12 14 20-24` (or `--numbers 5`) are the exact table numbers. */
function parseNewTables(args: string[], forceNumbers: boolean): NewTables {
  if (args.length === 1 && !forceNumbers && /^\d+$/.test(args[0] ?? '')) return { count: Number(args[0]) };
  const numbers = args.flatMap((arg) => {
    const range = /^(\d+)-(\d+)$/.exec(arg);
    if (!range) return [parseTableNumber(arg)];
    const [from, to] = [Number(range[1]), Number(range[2])];
    if (to < from || to - from >= 1000) throw new UsageError(`"${arg}" is not a sensible range of tables`);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
  return { numbers };
}

export const addTablesCommand: Command = {
  name: 'add-tables',
  summary: 'Add tables, each with its own random QR token',
  usage: 'add-tables <shortName> <count | numbers…>',
  details: `One number is a count: that many tables are added after the highest existing number.
Several numbers (ranges like 20-24 allowed) add exactly those tables; with --numbers a single number
is a table number too. Nothing is added if one of them exists already.

Examples:
  npm run tablo -- add-tables kisbiro 10          tables 1–10 on a new restaurant
  npm run tablo -- add-tables kisbiro 12 14 20-24
  npm run tablo -- add-tables kisbiro --numbers 30`,
  options: { numbers: { type: 'boolean' } },
  async run(context, values, positionals) {
    expectPositionals(this, positionals, 2, Number.POSITIVE_INFINITY);
    const [shortName = '', ...args] = positionals;
    const created = await addTables(
      await context.database(),
      shortName,
      parseNewTables(args, values.numbers === true),
    );
    context.out(`Added ${created.length} table${created.length === 1 ? '' : 's'} to "${shortName}":`);
    for (const table of created) {
      context.out(
        `  table ${table.tableNumber}: ${tableOrderUrl(context.publicUrl(), shortName, table, 'hu')}`,
      );
    }
    return 0;
  },
};

export const tableUrlsCommand: Command = {
  name: 'table-urls',
  summary: "Print each table's ordering URL with its token (what its QR code must carry)",
  usage: 'table-urls <shortName> [--lang hu]',
  details: `Prints one line per table: its number, its ordering URL and whether it is disabled. The URLs
start with PUBLIC_URL (default http://localhost:PORT).

Options:
  --lang <code>   the language the diner starts in: hu (default), en, de, sk, cz, fr, pl, si, hr, ro`,
  options: { lang: { type: 'string' } },
  async run(context, values, positionals) {
    expectPositionals(this, positionals, 1);
    const [shortName = ''] = positionals;
    const lang = stringOption(values, 'lang') ?? 'hu';
    const tables = await listTableUrls(await context.database(), shortName, context.publicUrl(), lang);
    if (tables.length === 0) {
      context.out(`"${shortName}" has no tables yet: npm run tablo -- add-tables ${shortName} <count>`);
    }
    for (const table of tables) {
      context.out(`table ${table.tableNumber}\t${table.url}${table.isEnabled ? '' : '\t(disabled)'}`);
    }
    return 0;
  },
};

export const rotateTokenCommand: Command = {
  name: 'rotate-token',
  summary: 'Give a table a new token: its old QR code stops working',
  usage: 'rotate-token <shortName> <table>',
  details: `<table> is the number shown on the table. Print and place the new QR code afterwards; the
new URL is printed.`,
  async run(context, _values, positionals) {
    expectPositionals(this, positionals, 2);
    const [shortName = '', table = ''] = positionals;
    const rotated = await rotateTableToken(await context.database(), shortName, parseTableNumber(table));
    context.out(
      `New URL of table ${rotated.tableNumber}: ${tableOrderUrl(context.publicUrl(), shortName, rotated, 'hu')}`,
    );
    return 0;
  },
};

function tableSwitch(name: string, isEnabled: boolean): Command {
  return {
    name,
    summary: isEnabled ? 'Let a table order again' : 'Stop a table from ordering (its menu still shows)',
    usage: `${name} <shortName> <table>`,
    details: '<table> is the number shown on the table.',
    async run(context, _values, positionals) {
      expectPositionals(this, positionals, 2);
      const [shortName = '', table = ''] = positionals;
      const changed = await setTableEnabled(
        await context.database(),
        shortName,
        parseTableNumber(table),
        isEnabled,
      );
      context.out(`Table ${changed.tableNumber} of "${shortName}" is ${isEnabled ? 'enabled' : 'disabled'}.`);
      return 0;
    },
  };
}

export const enableTableCommand = tableSwitch('enable-table', true);
export const disableTableCommand = tableSwitch('disable-table', false);
