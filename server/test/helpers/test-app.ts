import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/database.ts';
import { type Config, loadConfig } from '../../src/env.ts';
import type { App } from '../../src/lib/app-type.ts';
import type { Clock } from '../../src/lib/clock.ts';
import { createTestDatabase, type TestDatabaseKind } from './test-database.ts';

/** Shaped like Vite's build: a module entry, a module preload; the manifest names the menu screen's chunks. */
export const TEST_INDEX_HTML =
  '<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
  '<!--tablo-config--><title>Tablo test</title>' +
  '<script type="module" crossorigin src="/assets/main-abc123.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/react-abc123.js">' +
  '</head><body><div id="root"></div></body></html>';

const TEST_MANIFEST = {
  'index.html': {
    file: 'assets/main-abc123.js',
    isEntry: true,
    imports: ['_react.js'],
    css: ['assets/main.css'],
  },
  '_react.js': { file: 'assets/react-abc123.js' },
  'src/app/routes/menu-route.tsx': {
    file: 'assets/menu-route-abc123.js',
    imports: ['index.html', '_react.js', '_format-price.js'],
    css: ['assets/menu-route.css'],
  },
  '_format-price.js': { file: 'assets/format-price-abc123.js' },
};

/** A temporary web build with an index.html, a hashed asset and a plain file. */
export function createTempWebDist(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'tablo-web-'));
  writeFileSync(join(dir, 'index.html'), TEST_INDEX_HTML);
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\n');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'main-abc123.js'), 'console.log("tablo");\n');
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(TEST_MANIFEST));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    PORT: '3000',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: join(tmpdir(), 'tablo-no-web-dist'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    // High enough that no test trips them; the rate-limit test sets its own.
    RATE_LIMIT_RATINGS_PER_MINUTE: '100000',
    RATE_LIMIT_SESSIONS_PER_MINUTE: '100000',
    ...overrides,
  });
}

export interface TestContext {
  app: App;
  database: Database;
  close(): Promise<void>;
}

export async function createTestApp(
  kind: TestDatabaseKind,
  options: { config?: Config; cacheCoalesceMs?: number; clock?: Clock } = {},
): Promise<TestContext> {
  const database = await createTestDatabase(kind);
  const app = await buildApp({
    database,
    config: options.config ?? testConfig(),
    logger: false,
    cacheCoalesceMs: options.cacheCoalesceMs ?? 20,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
