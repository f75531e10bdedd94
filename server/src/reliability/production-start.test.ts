import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTempWebDist } from '../testing/test-app.ts';
import {
  ensureServerBundle,
  LAUNCHER,
  processTree,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from './server-process.ts';

// Issue 11 point 12, docs/decisions/031: `npm start` serves from one Node process running compiled JavaScript.
describe('the production start', () => {
  const parent = mkdtempSync(join(tmpdir(), 'tablo-start-'));
  const web = createTempWebDist();
  const running: ServerProcess[] = [];
  afterAll(() => {
    for (const server of running) server.kill();
    rmSync(parent, { recursive: true, force: true });
    web.remove();
  });

  it('serves from the one node process `npm start` runs, with no npm, tsx or compiler under it', async () => {
    ensureServerBundle();
    const server = await startServerProcess({
      entry: 'launcher',
      env: { DATA_DIR: join(parent, 'data'), WEB_DIST: web.dir },
    });
    running.push(server);

    // The compiled bundle ran the migrations and answers from the database.
    const session = await fetch(`${server.baseUrl}/api/order/uuid`);
    expect(session.status).toBe(200);
    const unknown = await fetch(`${server.baseUrl}/api/restaurant/one/nowhere`);
    expect(unknown.status).toBe(404);

    const tree = processTree(server.pid);
    expect(tree.map((p) => p.command)).toEqual([[process.execPath, LAUNCHER]]);
    expect(tree[0]?.command.join(' ')).not.toMatch(/tsx|npm|--import|--loader/);
    // The stamp was current (built above): nothing was built before serving.
    expect(server.output()).not.toContain('building');

    await stopServerProcess(server);
    expect((await server.exited).code).toBe(0);
  });
});
