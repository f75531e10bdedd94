import { readFile, writeFile } from 'node:fs/promises';
import { exportMenu } from '../modules/menu-import/export-menu.ts';
import { importMenu } from '../modules/menu-import/import-menu.ts';
import { parseMenuFile } from '../modules/menu-import/parse-menu-file.ts';
import { type Command, expectPositionals, UsageError } from './command.ts';

async function readMenuText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(code === 'ENOENT' ? `There is no file ${path}` : `Cannot read ${path}: ${code}`);
  }
}

export const importMenuCommand: Command = {
  name: 'import-menu',
  summary: "Replace a restaurant's menu with a JSON menu file (all or nothing)",
  usage: 'import-menu <shortName> <file.json>',
  details: `The file is checked first and every problem is listed with its place in the file; if there is
any, nothing changes. Categories and items are matched by their "ref": a re-import updates them in
place (keeping their ratings and order history) and deactivates what the file no longer lists.
Start from an export: npm run tablo -- export-menu demo menu.json`,
  async run(context, _values, positionals) {
    expectPositionals(this, positionals, 2);
    const [shortName = '', file = ''] = positionals;
    const path = context.resolvePath(file);
    const parsed = parseMenuFile(await readMenuText(path));
    if (!parsed.ok) {
      const count = parsed.problems.length;
      context.err(`${file}: ${count} problem${count === 1 ? '' : 's'}, nothing was imported:`);
      for (const problem of parsed.problems) context.err(`  ${problem.path}: ${problem.message}`);
      return 1;
    }
    const summary = await importMenu(await context.database(), shortName, parsed.menu);
    context.out(`Imported the menu of "${shortName}":`);
    context.out(
      `  categories: ${summary.categoriesCreated} new, ${summary.categoriesUpdated} updated, ${summary.categoriesDeactivated} deactivated`,
    );
    context.out(
      `  items: ${summary.itemsCreated} new, ${summary.itemsUpdated} updated, ${summary.itemsDeactivated} deactivated`,
    );
    return 0;
  },
};

export const exportMenuCommand: Command = {
  name: 'export-menu',
  summary: "Write a restaurant's menu as a JSON menu file (to a file or standard output)",
  usage: 'export-menu <shortName> [file.json]',
  details: `Writes everything, inactive categories and items included (isActive: false), so the file is a
complete copy: edit it and import it again. Without a file name the JSON goes to standard output.`,
  async run(context, _values, positionals) {
    expectPositionals(this, positionals, 1, 2);
    const [shortName = '', file] = positionals;
    const json = `${JSON.stringify(await exportMenu(await context.database(), shortName), null, 2)}\n`;
    if (file === undefined) {
      context.out(json.trimEnd());
      return 0;
    }
    const path = context.resolvePath(file);
    await writeFile(path, json, 'utf8');
    context.out(`Wrote the menu of "${shortName}" to ${path}`);
    return 0;
  },
};
