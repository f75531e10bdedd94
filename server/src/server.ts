import { buildApp } from './app.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open-database.ts';
import { type DEMO_STAFF, demoStaffLines, staffLoginUrl, usableDemoStaff } from './demo/demo-staff.ts';
import { seedDemoIfEmpty } from './demo/seed.ts';
import { type Config, EnvError, loadConfig } from './env.ts';
import type { App } from './lib/app-type.ts';

/** The one process entry point: opens the database, seeds the demo, listens, shuts down on a signal. */

function fail(message: string): never {
  console.error(`tablo: ${message}`);
  process.exit(1);
}

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof EnvError) fail(`invalid environment — ${error.problems.join('; ')}`);
    throw error;
  }
}

async function openDatabaseOrExit(config: Config): Promise<Database> {
  try {
    return await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
      onListenerError: (error) => console.error(`tablo: database listener: ${error.message}`),
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    const reason = error instanceof Error ? error.message : String(error);
    fail(`cannot open the database (${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}): ${reason}`);
  }
}

function printUrls(config: Config, demoStaff: typeof DEMO_STAFF): void {
  const base = config.publicUrl;
  console.log(
    [
      '',
      'Tablo is running. Open:',
      `  menu       ${base}/menu/demo/hu`,
      `  home       ${base}/hu`,
      `  staff      ${staffLoginUrl(base)}`,
      `  API docs   ${base}/api/docs`,
      ...(demoStaff.length > 0 ? ['', ...demoStaffLines(base, demoStaff)] : []),
      '',
    ].join('\n'),
  );
}

/**
 * A closing process exits by then whatever still runs (a hung request, a database that does not answer):
 * orchestrators send SIGKILL at 10 s (docs/decisions/032).
 */
const SHUTDOWN_DEADLINE_MS = 8_000;

function handleSignals(app: App): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal}: closing`);
    setTimeout(() => {
      app.log.error(`still closing after ${SHUTDOWN_DEADLINE_MS} ms: exiting without waiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const database = await openDatabaseOrExit(config);
  let app: App | undefined;
  try {
    if (config.seedDemo && (await seedDemoIfEmpty(database, { publicUrl: config.publicUrl }))) {
      console.log('tablo: demo restaurants seeded');
    }
    app = await buildApp({ database, config, closeDatabase: true });
    handleSignals(app);
    // Asked before listening, so that the URLs are printed the moment the server answers.
    const demoStaff = config.seedDemo ? await usableDemoStaff(database.db) : [];
    await app.listen({ port: config.port, host: config.host });
    printUrls(config, demoStaff);
  } catch (error) {
    if (app) await app.close().catch(() => {});
    else await database.close().catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    fail(`failed to start: ${reason}`);
  }
}

await main();
