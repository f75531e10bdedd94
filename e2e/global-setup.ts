import type { TestProject } from 'vitest/node';
import { PLAYWRIGHT_SWITCHES_ENV, playwrightDisableSwitches } from './support/chromium.ts';
import { runCli, startServer } from './support/server-process.ts';
import { STAFF } from './support/staff.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** The demo's table ordering URLs (what each QR code carries), by table number. */
    tableUrls: Record<string, string>;
  }
}

/**
 * Seeds the demo and a staff account with the CLI, as an installer would (the embedded database takes
 * one process at a time, so before the server starts), then starts the real server once for all journeys.
 */
export default async function setup(project: TestProject) {
  // Asked once here, and handed to the test files' processes, which start after this (support/chromium.ts).
  process.env[PLAYWRIGHT_SWITCHES_ENV] = JSON.stringify(await playwrightDisableSwitches());
  let tableUrls: Record<string, string> = {};
  const server = await startServer({}, async (dataDir) => {
    const env = { DATA_DIR: dataDir, PUBLIC_URL: 'http://e2e.invalid' };
    await runCli(['seed-demo'], env);
    await runCli(['create-staff', STAFF.shortName, STAFF.email, '--role', 'MANAGER'], {
      ...env,
      TABLO_STAFF_PASSWORD: STAFF.password,
    });
    const listing = await runCli(['table-urls', 'demo', '--lang', 'en'], env);
    tableUrls = Object.fromEntries(
      [...listing.matchAll(/http:\/\/e2e\.invalid(\/order\/demo\/(\d+)\/en\?t=[0-9a-f]+)/g)].map((m) => [
        m[2] as string,
        m[1] as string,
      ]),
    );
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  project.provide('tableUrls', tableUrls);
  return async () => {
    await server.stop();
  };
}
