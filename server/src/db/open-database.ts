import type { Database } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** DATABASE_URL wins; otherwise the embedded database in DATA_DIR (DESIGN §2). */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  onListenerError?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres({
      url: options.databaseUrl,
      ...(options.onListenerError ? { onListenerError: options.onListenerError } : {}),
    });
  }
  return openPglite(options.dataDir);
}
