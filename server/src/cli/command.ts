import type { ParseArgsConfig } from 'node:util';
import type { Database } from '../db/database.ts';
import { ManagementError } from '../modules/restaurants/errors.ts';

export type OptionsConfig = NonNullable<ParseArgsConfig['options']>;
export type OptionValues = Record<string, string | boolean | string[] | boolean[] | undefined>;

/** What a command may use; tests and the entry point provide it. */
export interface CliContext {
  out(line: string): void;
  err(line: string): void;
  /** Opens the configured database (PGlite in DATA_DIR, or DATABASE_URL); closed by the entry point. */
  database(): Promise<Database>;
  publicUrl(): string;
  /** Relative file names are the user's: resolved against the folder `npm run` was started in. */
  resolvePath(path: string): string;
}

export interface Command {
  name: string;
  /** One line for the global help. */
  summary: string;
  /** The synopsis, e.g. `import-menu <shortName> <file.json>`. */
  usage: string;
  /** Explanation, options and examples for `<command> --help`. */
  details: string;
  options?: OptionsConfig;
  run(context: CliContext, values: OptionValues, positionals: string[]): Promise<number>;
}

/** A command line that does not make sense: the message plus a pointer to the command's help. */
export class UsageError extends ManagementError {
  override name = 'UsageError';
}

export function expectPositionals(command: Command, positionals: string[], min: number, max = min): void {
  if (positionals.length < min) {
    throw new UsageError(`Missing arguments. Usage: ${command.usage}`);
  }
  if (positionals.length > max) {
    throw new UsageError(`Too many arguments: ${positionals.slice(max).join(' ')}. Usage: ${command.usage}`);
  }
}

export function parseTableNumber(text: string): number {
  if (!/^\d+$/.test(text)) throw new UsageError(`"${text}" is not a table number`);
  return Number(text);
}

export function stringOption(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}
