import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleMenu } from '../../test/helpers/sample-menu.ts';
import { openPglite } from '../db/pglite.ts';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));
const TSX = join(SERVER_DIR, '..', 'node_modules', '.bin', 'tsx');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI the way `npm run tablo --` does, started by a user in `cwd`. */
function tablo(cwd: string, dataDir: string, ...args: string[]): Promise<Run> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    INIT_CWD: cwd,
    PUBLIC_URL: 'https://menu.example',
  };
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(TSX, ['src/cli.ts', ...args], { cwd: SERVER_DIR, env }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('the tablo CLI', { timeout: 120_000 }, () => {
  let folder: string;
  let dataDir: string;
  const run = (...args: string[]) => tablo(folder, dataDir, ...args);

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'tablo-cli-'));
    dataDir = join(folder, 'data');
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('lists every command, explains each one, and refuses an unknown one', async () => {
    const help = await run('--help');
    expect(help.code).toBe(0);
    for (const name of [
      'create-restaurant',
      'import-menu',
      'export-menu',
      'add-tables',
      'table-urls',
      'rotate-token',
      'set-contact',
      'create-staff',
      'list-staff',
      'disable-staff',
      'enable-staff',
      'reset-password',
      'seed-demo',
    ]) {
      expect(help.stdout).toContain(`  ${name} `);
    }
    const importHelp = await run('import-menu', '--help');
    expect(importHelp.code).toBe(0);
    expect(importHelp.stdout).toContain('Usage: npm run tablo -- import-menu <shortName> <file.json>');
    const unknown = await run('make-coffee');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown command "make-coffee".');
  });

  it('imports a menu, rejects a file with three mistakes listing each, and changes nothing', async () => {
    writeFileSync(join(folder, 'menu.json'), JSON.stringify(sampleMenu(), null, 2));
    expect((await run('create-restaurant', 'kisbiro', '--name', 'Kisbíró Étkezde')).code).toBe(0);
    const imported = await run('import-menu', 'kisbiro', 'menu.json');
    expect(imported).toMatchObject({ code: 0, stderr: '' });
    expect(imported.stdout).toContain('items: 3 new, 0 updated, 0 deactivated');
    expect((await run('export-menu', 'kisbiro', 'before.json')).code).toBe(0);

    const broken = sampleMenu();
    const [soup, stew] = broken.categories[0]?.items ?? [];
    if (!soup || !stew) throw new Error('sample menu changed');
    soup.priceGross = -5;
    soup.vatKey = 'X';
    stew.translations = [];
    writeFileSync(join(folder, 'broken.json'), JSON.stringify(broken, null, 2));
    const rejected = await run('import-menu', 'kisbiro', 'broken.json');
    expect(rejected.code).toBe(1);
    expect(rejected.stdout).toBe('');
    const lines = rejected.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('broken.json: 3 problems, nothing was imported:');
    expect(lines.slice(1)).toEqual([
      expect.stringMatching(/^ {2}categories\[0\]\.items\[0\]\.priceGross: /),
      '  categories[0].items[0].vatKey: unknown VAT key "X"',
      expect.stringMatching(/^ {2}categories\[0\]\.items\[1\]\.translations: /),
    ]);

    expect((await run('export-menu', 'kisbiro', 'after.json')).code).toBe(0);
    expect(readFileSync(join(folder, 'after.json'), 'utf8')).toBe(
      readFileSync(join(folder, 'before.json'), 'utf8'),
    );
  });

  it('round-trips a menu through export and import, and prints table URLs with tokens', async () => {
    const exported = await run('export-menu', 'kisbiro');
    expect(exported.code).toBe(0);
    writeFileSync(join(folder, 'exported.json'), exported.stdout);
    expect((await run('import-menu', 'kisbiro', 'exported.json')).code).toBe(0);
    const again = await run('export-menu', 'kisbiro');
    expect(again.stdout).toBe(exported.stdout);
    expect(JSON.parse(again.stdout).categories[0].items[0].translations[0].title).toBe('Gulyásleves');

    expect((await run('add-tables', 'kisbiro', '3')).code).toBe(0);
    const urls = await run('table-urls', 'kisbiro', '--lang', 'en');
    const lines = urls.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^table 1\thttps:\/\/menu\.example\/order\/kisbiro\/\d+\/en\?t=[0-9a-f]{32}$/);
  });

  it('explains what to do when the server holds the data folder', async () => {
    const server = await openPglite(dataDir);
    try {
      const locked = await run('table-urls', 'kisbiro');
      expect(locked.code).toBe(1);
      expect(locked.stderr).toContain('in use by another Tablo process');
      expect(locked.stderr).toContain('stop it before using the CLI');
    } finally {
      await server.close();
    }
  });
});
