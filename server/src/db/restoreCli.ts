/**
 * npm run restore -- FILE
 *
 * Makes the embedded database in DATA_DIR from a backup made by npm run backup. DATA_DIR must
 * hold no database yet (a restore never overwrites one) and no server may run on it; start
 * the server on it afterwards. PostgreSQL (DATABASE_URL) is restored with pg_restore.
 */
import fs from 'node:fs';
import { ConfigError, loadConfig } from '../config';
import { restorePglite } from './pglite';

const USAGE = `Usage: npm run restore -- FILE

Makes the shop's embedded database in DATA_DIR (which must hold none yet) from FILE, a backup
made by npm run backup. Then start the server with the same DATA_DIR.`;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0] === '--help' || args[0] === '-h' || args[0] === '') {
    throw new Error(USAGE);
  }
  const file = args[0] as string;
  const config = loadConfig(process.env);
  if (config.databaseUrl) {
    throw new Error(
      'DATABASE_URL is set: restore PostgreSQL with pg_restore (server/README.md, Backups and restores).',
    );
  }
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    throw new Error(`There is no backup file at ${file}.`);
  }
  await restorePglite(config.dataDir, file);
  console.info(
    `Restored ${file} into ${config.dataDir}. Start the server with DATA_DIR=${config.dataDir}.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  process.exit(1);
});
