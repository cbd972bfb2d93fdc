/**
 * Backups of the embedded database while the shop runs. The running server holds the data
 * directory (one process at a time), so `npm run backup` asks it for the copy: the server
 * writes, beside the database, the address of its backup call and a key made at each start
 * (DATA_DIR/backup-access.json, readable by the server's own user only), and answers that
 * call only with that key, only from this computer. With no server running, the command opens
 * the directory itself. `npm run restore` makes a new DATA_DIR from a backup.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The backup call, under the API prefix. */
export const BACKUP_ROUTE = '/ops/backup';
export const BACKUP_KEY_HEADER = 'x-backup-key';
const ACCESS_FILE = 'backup-access.json';

export interface BackupAccess {
  url: string;
  key: string;
}

export function newBackupKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Writes how to reach this server's backup call into DATA_DIR; the returned function removes
 * it (only if it is still this server's).
 */
export function publishBackupAccess(dataDir: string, access: BackupAccess): () => void {
  const file = path.join(dataDir, ACCESS_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(access), { mode: 0o600 });
  fs.renameSync(temporary, file);
  return () => {
    try {
      if (readBackupAccess(dataDir)?.key === access.key) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

export function readBackupAccess(dataDir: string): BackupAccess | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(path.join(dataDir, ACCESS_FILE), 'utf8'));
  } catch {
    return null;
  }
  const access = parsed as Partial<BackupAccess> | null;
  return typeof access?.url === 'string' && typeof access.key === 'string'
    ? { url: access.url, key: access.key }
    : null;
}

/** The address a command on this computer reaches a server listening on host:port at. */
export function localBackupUrl(host: string, port: number, apiPrefix: string): string {
  const local =
    host === '0.0.0.0' || host === 'localhost' ? '127.0.0.1' : host === '::' ? '::1' : host;
  const hostPart = local.includes(':') ? `[${local}]` : local;
  return `http://${hostPart}:${port}${apiPrefix}${BACKUP_ROUTE}`;
}

/** Writes `data` to `file` whole or not at all: a crash mid-write never leaves half a backup. */
export function writeWhole(file: string, data: Buffer): void {
  const target = path.resolve(file);
  const temporary = `${target}.${process.pid}.partial`;
  try {
    fs.writeFileSync(temporary, data, { mode: 0o600 });
    fs.renameSync(temporary, target);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}
