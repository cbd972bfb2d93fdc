import type { Database, OpenOptions } from './client';
import { openPglite } from './pglite';

/**
 * PostgreSQL when DATABASE_URL is set, else the embedded PGlite under DATA_DIR/pglite. The
 * PostgreSQL client is loaded only when it is used: the embedded shop never needs it.
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres');
    return openPostgres(options.databaseUrl, options.schema);
  }
  return openPglite(options.memory ? null : options.dataDir);
}
