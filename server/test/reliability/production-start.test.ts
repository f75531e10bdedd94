import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processTree } from '../helpers/proc-stats.ts';
import { ensureServerBundle, LAUNCHER, type ServerProcess } from '../helpers/server-process.ts';
import { createTempWebDist } from '../helpers/test-app.ts';
import { type PreparedDatabase, prepareDatabase } from './prepared-database.ts';
import { startProductionServer } from './production-server.ts';

// Issue 11 point 12, docs/decisions/031: `npm start` serves from one Node process running compiled JavaScript.
describe('the production start', () => {
  const web = createTempWebDist();
  const running: ServerProcess[] = [];
  const prepared: PreparedDatabase[] = [];
  afterAll(async () => {
    for (const server of running) server.kill();
    for (const db of prepared) await db.remove();
    web.remove();
  });

  it('serves from the one node process `npm start` runs, with no npm, tsx or compiler under it', async () => {
    ensureServerBundle();
    const db = await prepareDatabase('pglite', 1);
    prepared.push(db);
    const server = await startProductionServer({ entry: 'launcher', env: { ...db.env, WEB_DIST: web.dir } });
    running.push(server);

    // The compiled bundle ran the migrations and answers from the database.
    expect((await fetch(`${server.baseUrl}/api/order/uuid`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/restaurant/one/rush`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/api/restaurant/one/nowhere`)).status).toBe(404);

    const tree = processTree(server.pid);
    expect(tree.map((p) => p.command)).toEqual([[process.execPath, LAUNCHER]]);
    expect(tree[0]?.command.join(' ')).not.toMatch(/tsx|npm|--import|--loader/);
    // The stamp was current (built above): nothing was built before serving.
    expect(server.output()).not.toContain('building');

    await server.stop();
    expect((await server.exited).code).toBe(0);
  }, 90_000);

  it('stops when npm is told to: no shell between npm and the server, no server left running', async () => {
    ensureServerBundle();
    const db = await prepareDatabase('pglite', 1);
    prepared.push(db);
    const server = await startProductionServer({ entry: 'npm-start', env: { ...db.env, WEB_DIST: web.dir } });
    running.push(server);
    const tree = processTree(server.pid);
    expect(tree.slice(1).map((p) => p.command.slice(1))).toEqual([[join('server', 'scripts', 'start.mjs')]]);
    const serving = tree[1]?.pid as number;

    server.process.kill('SIGTERM');
    await server.exited;
    const deadline = Date.now() + 10_000;
    while (processTree(serving).length > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(processTree(serving)).toEqual([]);
  }, 90_000);
});
