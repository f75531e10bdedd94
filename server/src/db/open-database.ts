import type { Database } from './database.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';

/** DATABASE_URL wins; otherwise the embedded database in DATA_DIR (DESIGN §2). */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Pooled connections on PostgreSQL (default 20). */
  poolSize?: number;
  onListenerError?: (error: Error) => void;
}): Promise<Database> {
  if (options.databaseUrl) {
    return openPostgres({
      url: options.databaseUrl,
      ...(options.poolSize ? { poolSize: options.poolSize } : {}),
      ...(options.onListenerError ? { onListenerError: options.onListenerError } : {}),
    });
  }
  return openPglite(options.dataDir);
}
