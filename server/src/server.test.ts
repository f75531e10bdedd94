import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MenuSchema } from '@tablo/contract/menu';
import { RatingResponseSchema } from '@tablo/contract/rating';
import { SessionUuidResponseSchema } from '@tablo/contract/session';
import { afterAll, describe, expect, it } from 'vitest';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'true', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitUntilReady(base: string, started: Started): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`server exited early:\n${started.output()}`);
    const ok = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become ready:\n${started.output()}`);
}

describe('the server process', () => {
  const parent = mkdtempSync(join(tmpdir(), 'tablo-server-'));
  const dataDir = join(parent, 'data');
  const running: Started[] = [];
  afterAll(() => {
    for (const started of running) if (started.child.exitCode === null) started.child.kill('SIGKILL');
    rmSync(parent, { recursive: true, force: true });
  });

  it('refuses a second process on the data folder, shuts down on SIGTERM and keeps data across a restart', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = start({ DATA_DIR: dataDir, PORT: String(port) });
    running.push(first);
    await waitUntilReady(base, first);
    expect(first.output()).toContain(`/menu/demo/hu`);
    expect(first.output()).toContain(`staff      http://localhost:${port}/staff/login/hu`);
    expect(first.output()).toMatch(/OWNER {4}owner@demo\.example {4}password demo-owner/);
    expect(first.output()).toMatch(/KITCHEN {2}kitchen@demo\.example {2}password demo-kitchen/);

    const second = start({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    running.push(second);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/tablo: The data folder .* is in use by another Tablo process/);

    const { uuid } = SessionUuidResponseSchema.parse(await (await fetch(`${base}/api/order/uuid`)).json());
    const menu = MenuSchema.parse(await (await fetch(`${base}/api/menu/current/demo`)).json());
    const itemId = menu[0]?.menuItems[0]?.id ?? 0;

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'tablo.lock'))).toBe(false);

    const port3 = await freePort();
    const third = start({ DATA_DIR: dataDir, PORT: String(port3) });
    running.push(third);
    await waitUntilReady(`http://127.0.0.1:${port3}`, third);
    const rated = await fetch(`http://127.0.0.1:${port3}/api/menu-item-ratings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sessionId: uuid, menuItemId: itemId, rating: 'LIKE' }),
    });
    expect(rated.status).toBe(200);
    expect(RatingResponseSchema.parse(await rated.json()).rating).toBe('LIKE');
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
  }, 240_000);

  it('exits 1 with one line naming every bad variable', async () => {
    const started = start({ DATA_DIR: dataDir, PORT: 'eighty', ADMIN_URL: 'nope' });
    running.push(started);
    expect(await started.exited).toBe(1);
    expect(started.output()).toMatch(/tablo: invalid environment — .*PORT.*ADMIN_URL/);
  }, 60_000);
});
