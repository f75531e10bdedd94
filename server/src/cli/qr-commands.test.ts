import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BISTRO, insertRestaurant } from '../../test/helpers/fixtures.ts';
import { decodeSheet, decodeSvg } from '../../test/helpers/qr.ts';
import { createTestDatabase } from '../../test/helpers/test-database.ts';
import type { Database } from '../db/database.ts';
import { listTableUrls } from '../modules/restaurants/manage-tables.ts';
import type { CliContext } from './command.ts';
import { COMMANDS } from './commands.ts';
import { qrSheetCommand, tableQrCommand } from './qr-commands.ts';

const PUBLIC_URL = 'https://menu.example';

describe('qr-sheet and table-qr commands', { timeout: 60_000 }, () => {
  let database: Database;
  let folder: string;
  const lines: string[] = [];
  const context: CliContext = {
    out: (line) => lines.push(line),
    err: (line) => lines.push(line),
    database: async () => database,
    publicUrl: () => PUBLIC_URL,
    resolvePath: (path) => join(folder, path),
  };

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await insertRestaurant(database.db, BISTRO);
    folder = await mkdtemp(join(tmpdir(), 'tablo-qr-cli-'));
  });
  afterAll(async () => {
    await database.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('are listed with the other commands', () => {
    expect(COMMANDS.map((c) => c.name)).toEqual(expect.arrayContaining(['qr-sheet', 'table-qr']));
  });

  it('writes the sheet with exactly the URLs table-urls prints for the enabled tables', async () => {
    expect(await qrSheetCommand.run(context, { lang: 'en' }, ['bistro', 'codes.pdf'])).toBe(0);
    expect(lines.at(-1)).toBe(`Wrote the QR sheet of "bistro" to ${join(folder, 'codes.pdf')}.`);
    const decoded = (await decodeSheet(await readFile(join(folder, 'codes.pdf')))).filter((u) => u !== null);
    const enabled = (await listTableUrls(database, 'bistro', PUBLIC_URL, 'en')).filter((t) => t.isEnabled);
    expect(decoded).toEqual(enabled.map((t) => t.url));
    expect(decoded).toHaveLength(3);
  });

  it("writes one table's SVG, chosen by the number on the table", async () => {
    expect(await tableQrCommand.run(context, {}, ['bistro', '2', 'table-2.svg'])).toBe(0);
    const [table2] = (await listTableUrls(database, 'bistro', PUBLIC_URL, 'hu')).filter(
      (t) => t.tableNumber === 2,
    );
    expect(await decodeSvg(await readFile(join(folder, 'table-2.svg'), 'utf8'))).toBe(table2?.url);
  });

  it('explains what is wrong with a command line', async () => {
    await expect(qrSheetCommand.run(context, { lang: 'de' }, ['bistro', 'x.pdf'])).rejects.toThrow(
      '--lang must be hu or en, not "de"',
    );
    await expect(tableQrCommand.run(context, {}, ['bistro', '99', 'x.svg'])).rejects.toThrow(
      'Restaurant "bistro" has no table 99.',
    );
    await expect(qrSheetCommand.run(context, {}, ['nowhere', 'x.pdf'])).rejects.toThrow(
      'There is no restaurant "nowhere"',
    );
    await expect(tableQrCommand.run(context, {}, ['bistro', '2'])).rejects.toThrow('Missing arguments');
  });
});
