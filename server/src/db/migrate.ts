import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './client';

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

// Any fixed number: servers starting together against one PostgreSQL take turns migrating.
const MIGRATION_LOCK = 727_274_001;

/**
 * Applies server/src/db/migrations/NNN_name.sql in order, each in its own transaction,
 * and records it in schema_migrations. Returns the names it applied.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await fs.readdir(dir)).filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f)).sort();
  // Two files with one number: the second would be skipped as already applied, silently.
  for (let i = 1; i < files.length; i++) {
    if (files[i]!.slice(0, 3) === files[i - 1]!.slice(0, 3)) {
      throw new Error(
        `Two migrations share the number ${files[i]!.slice(0, 3)}: ${files[i - 1]} and ${files[i]}`,
      );
    }
  }
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  for (const file of files) {
    const version = Number(file.slice(0, 3));
    const sql = await fs.readFile(path.join(dir, file), 'utf8');
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [version]);
      if (done.length > 0) return;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        version,
        file,
      ]);
      applied.push(file);
    });
  }
  return applied;
}
