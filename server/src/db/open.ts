import type { Database, OpenOptions } from './client';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** PostgreSQL when DATABASE_URL is set, else the embedded PGlite under DATA_DIR/pglite. */
export function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.schema);
  return openPglite(options.memory ? null : options.dataDir);
}
