import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MenuSchema } from '@tablo/contract/menu';
import { RatingResponseSchema } from '@tablo/contract/rating';
import { SessionUuidResponseSchema } from '@tablo/contract/session';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, spawnServer } from '../test/helpers/server-process.ts';

const READY_TIMEOUT_MS = 90_000;

describe('the server process', () => {
  const parent = mkdtempSync(join(tmpdir(), 'tablo-server-'));
  const dataDir = join(parent, 'data');
  const running: ServerProcess[] = [];
  /** With the demo, and no PUBLIC_URL: the start-up lines then name http://localhost:<port>. */
  async function start(env: Record<string, string> = {}): Promise<ServerProcess> {
    const started = await spawnServer({
      entry: 'source',
      env: { DATA_DIR: dataDir, SEED_DEMO: 'true', PUBLIC_URL: undefined, ...env },
    });
    running.push(started);
    return started;
  }
  afterAll(async () => {
    for (const started of running) await started.kill();
    rmSync(parent, { recursive: true, force: true });
  });

  it('refuses a second process on the data folder, shuts down on SIGTERM and keeps data across a restart', async () => {
    const first = await start();
    await first.ready(READY_TIMEOUT_MS);
    const { port, baseUrl: base } = first;
    expect(first.output()).toContain(`/menu/demo/hu`);
    expect(first.output()).toContain(`staff      http://localhost:${port}/staff/login/hu`);
    expect(first.output()).toMatch(/OWNER {4}owner@demo\.example {4}password demo-owner/);
    expect(first.output()).toMatch(/KITCHEN {2}kitchen@demo\.example {2}password demo-kitchen/);

    const second = await start();
    expect((await second.exited).code).toBe(1);
    expect(second.output()).toMatch(/tablo: The data folder .* is in use by another Tablo process/);

    const { uuid } = SessionUuidResponseSchema.parse(await (await fetch(`${base}/api/order/uuid`)).json());
    const menu = MenuSchema.parse(await (await fetch(`${base}/api/menu/current/demo`)).json());
    const itemId = menu[0]?.menuItems[0]?.id ?? 0;

    first.process.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    expect(existsSync(join(dataDir, 'tablo.lock'))).toBe(false);

    const third = await start();
    await third.ready(READY_TIMEOUT_MS);
    const rated = await fetch(`${third.baseUrl}/api/menu-item-ratings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: uuid, menuItemId: itemId, rating: 'LIKE' }),
    });
    expect(rated.status).toBe(200);
    expect(RatingResponseSchema.parse(await rated.json()).rating).toBe('LIKE');
    third.process.kill('SIGINT');
    expect((await third.exited).code).toBe(0);
  }, 240_000);

  it('exits 1 with one line naming every bad variable', async () => {
    const started = await start({ PORT: 'eighty', ADMIN_URL: 'nope' });
    expect((await started.exited).code).toBe(1);
    expect(started.output()).toMatch(/tablo: invalid environment — .*PORT.*ADMIN_URL/);
  }, 60_000);
});
