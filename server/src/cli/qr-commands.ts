import { writeFile } from 'node:fs/promises';
import { type QrLanguage, qrSheetOf, tableQrOf } from '../modules/qr/service.ts';
import {
  type Command,
  expectPositionals,
  type OptionValues,
  parseTableNumber,
  stringOption,
  UsageError,
} from './command.ts';

const LANG_HELP = `Options:
  --lang <code>   the language the codes' URLs open in: hu (default) or en`;

function qrLanguage(values: OptionValues): QrLanguage {
  const lang = stringOption(values, 'lang') ?? 'hu';
  if (lang !== 'hu' && lang !== 'en') throw new UsageError(`--lang must be hu or en, not "${lang}"`);
  return lang;
}

export const qrSheetCommand: Command = {
  name: 'qr-sheet',
  summary: 'Write a printable A4 sheet (PDF) of the QR codes of every enabled table',
  usage: 'qr-sheet <shortName> <out.pdf> [--lang hu|en]',
  details: `Six tables per page, with dashed lines to cut along: the restaurant's name, the table number, the
QR code of the table's ordering URL with its token (what table-urls prints) and a one-line instruction in
Hungarian and English. Disabled tables are left out. Print it again after rotate-token.

${LANG_HELP}

Example:
  npm run tablo -- qr-sheet kisbiro qr-codes.pdf --lang en`,
  options: { lang: { type: 'string' } },
  async run(context, values, positionals) {
    expectPositionals(this, positionals, 2);
    const [shortName = '', out = ''] = positionals;
    const lang = qrLanguage(values);
    const pdf = await qrSheetOf(await context.database(), shortName, context.publicUrl(), lang);
    const path = context.resolvePath(out);
    await writeFile(path, pdf);
    context.out(`Wrote the QR sheet of "${shortName}" to ${path}.`);
    return 0;
  },
};

export const tableQrCommand: Command = {
  name: 'table-qr',
  summary: "Write one table's QR code as SVG",
  usage: 'table-qr <shortName> <table> <out.svg> [--lang hu|en]',
  details: `<table> is the number shown on the table. The code carries the table's ordering URL with its token.

${LANG_HELP}`,
  options: { lang: { type: 'string' } },
  async run(context, values, positionals) {
    expectPositionals(this, positionals, 3);
    const [shortName = '', table = '', out = ''] = positionals;
    const lang = qrLanguage(values);
    const { table: found, svg } = await tableQrOf(
      await context.database(),
      shortName,
      { tableNumber: parseTableNumber(table) },
      context.publicUrl(),
      lang,
    );
    const path = context.resolvePath(out);
    await writeFile(path, svg);
    context.out(`Wrote the QR code of table ${found.tableNumber} (${found.url}) to ${path}.`);
    return 0;
  },
};
