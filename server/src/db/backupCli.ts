/**
 * npm run backup -- FILE
 *
 * Copies the embedded database in DATA_DIR into FILE (a gzipped tarball) while the shop
 * serves: through the running server (server/src/db/backup.ts), or, with no server running,
 * by opening DATA_DIR itself. FILE is written whole or not at all. PostgreSQL
 * (DATABASE_URL) is backed up with pg_dump instead (server/README.md).
 */
import { ConfigError, loadConfig } from '../config';
import { BACKUP_KEY_HEADER, readBackupAccess, writeWhole } from './backup';
import { openDatabase } from './open';

const USAGE = `Usage: npm run backup -- FILE

Copies the shop's embedded database (in DATA_DIR) into FILE, while the shop runs or not.
Restore it into a new DATA_DIR with npm run restore -- FILE.`;

/** The backup from the server, or null when no server answers there (it has stopped). */
async function fromServer(url: string, key: string): Promise<Buffer | null> {
  let answer: Response;
  try {
    answer = await fetch(url, { method: 'POST', headers: { [BACKUP_KEY_HEADER]: key } });
  } catch {
    return null;
  }
  if (!answer.ok) {
    const text = await answer.text();
    let detail = text;
    try {
      detail = String((JSON.parse(text) as { detail?: unknown }).detail ?? text);
    } catch {
      // not JSON: the text as it came
    }
    throw new Error(`The server refused the backup (${answer.status}): ${detail}`);
  }
  return Buffer.from(await answer.arrayBuffer());
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0] === '--help' || args[0] === '-h' || args[0] === '') {
    throw new Error(USAGE);
  }
  const file = args[0] as string;
  const config = loadConfig(process.env);
  if (config.databaseUrl) {
    throw new Error(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc -d "$DATABASE_URL" -f FILE (server/README.md, Backups and restores).',
    );
  }
  const access = readBackupAccess(config.dataDir);
  let tarball = access ? await fromServer(access.url, access.key) : null;
  let how = 'from the running server';
  if (!tarball) {
    // No server, or one that stopped without tidying up: the directory is free to open (a
    // server that does hold it is named by the lock's error).
    const db = await openDatabase({ databaseUrl: null, dataDir: config.dataDir });
    try {
      if (!db.backup) throw new Error('This database cannot be backed up this way');
      tarball = await db.backup();
    } finally {
      await db.close();
    }
    how = 'with no server running';
  }
  writeWhole(file, tarball);
  const megabytes = (tarball.length / (1024 * 1024)).toFixed(1);
  console.info(`Backed up the database in ${config.dataDir} (${how}) to ${file}: ${megabytes} MB.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  process.exit(1);
});
