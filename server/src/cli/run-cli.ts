import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/open-database.ts';
import { type Config, EnvError, loadConfig } from '../env.ts';
import { ManagementError } from '../modules/restaurants/errors.ts';
import { type CliContext, type Command, UsageError } from './command.ts';
import { COMMANDS, commandHelp, globalHelp } from './commands.ts';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  env: NodeJS.ProcessEnv;
  /** Where the user started the command (npm runs workspace scripts in server/). */
  cwd: string;
}

function isParseArgsError(error: unknown): error is Error {
  return error instanceof Error && String((error as NodeJS.ErrnoException).code).startsWith('ERR_PARSE_ARGS');
}

function describeFailure(error: unknown, command: Command | undefined): string[] {
  if (error instanceof DataDirLockedError) {
    return [
      error.message,
      'If the Tablo server is running on this folder, stop it before using the CLI, or run both against',
      'PostgreSQL (set DATABASE_URL for the server and the CLI alike).',
    ];
  }
  if (error instanceof UsageError || isParseArgsError(error)) {
    const help = command ? `npm run tablo -- ${command.name} --help` : 'npm run tablo -- --help';
    return [(error as Error).message, `See: ${help}`];
  }
  if (error instanceof ManagementError || error instanceof EnvError) return [error.message];
  return [`Unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`];
}

/** Runs one CLI command line; resolves to the process exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    const topic = COMMANDS.find((c) => c.name === rest[0]);
    io.out(topic ? commandHelp(topic) : globalHelp());
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.err(`Unknown command "${name}".`);
    io.err(globalHelp());
    return 1;
  }
  let database: Database | undefined;
  let config: Config | undefined;
  const configured = () => {
    config ??= loadConfig(io.env);
    return config;
  };
  const context: CliContext = {
    out: io.out,
    err: io.err,
    async database() {
      const { databaseUrl, dataDir } = configured();
      database ??= await openDatabase({ databaseUrl, dataDir });
      return database;
    },
    publicUrl: () => configured().publicUrl,
    resolvePath: (path) => (isAbsolute(path) ? path : resolve(io.cwd, path)),
  };
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      io.out(commandHelp(command));
      return 0;
    }
    return await command.run(context, values, positionals);
  } catch (error) {
    for (const line of describeFailure(error, command)) io.err(line);
    return 1;
  } finally {
    await database?.close();
  }
}
