/**
 * DATA_DIR holds the shoppers' records (password hashes in the database and its write-ahead
 * log) and the key that signs their sessions: only the account the shop runs as may read or
 * change any of it. Folders are 0700 and files 0600.
 */
import fs from 'node:fs';
import path from 'node:path';

/** New files and folders get no group or world permission at all. */
export const PRIVATE_UMASK = 0o077;
const OTHERS = 0o077;

/**
 * Sets the process's umask so that everything it creates from now on (and every process it
 * starts, which inherits it) is private. Call before anything opens a file.
 */
export function usePrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * Takes away every group and world permission from `target`, a file or a folder and all that
 * is under it, and returns how many files and folders needed it. The embedded database sets the modes of some
 * of its own files whatever the umask says, so this runs again after it creates or opens them.
 * Symbolic links are left alone: their own mode means nothing, and what they lead to may not
 * be the shop's. Entries removed while it walks (the database works meanwhile) are skipped.
 */
export function makePrivate(target: string): number {
  let fixed = 0;
  const visit = (entry: string) => {
    let stats: fs.Stats;
    try {
      stats = fs.lstatSync(entry);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & OTHERS) !== 0) {
      try {
        fs.chmodSync(entry, stats.mode & 0o700);
        fixed += 1;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    if (!stats.isDirectory()) return;
    let children: string[];
    try {
      children = fs.readdirSync(entry);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const child of children) visit(path.join(entry, child));
  };
  visit(target);
  return fixed;
}

/** What the shop keeps in DATA_DIR; anything else there is the operator's, left as it is. */
const SHOP_ENTRIES = ['jwt-secret', 'pglite.lock', 'pglite'];

/**
 * Makes DATA_DIR itself and the shop's own files in it private, returning how many needed it.
 * Only those: a DATA_DIR pointed at a folder that holds other things (a home folder) must not
 * have all of them changed.
 */
export function makeDataDirPrivate(dataDir: string): number {
  let fixed = 0;
  let stats: fs.Stats;
  try {
    stats = fs.lstatSync(dataDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  if (stats.isDirectory() && (stats.mode & OTHERS) !== 0) {
    fs.chmodSync(dataDir, stats.mode & 0o700);
    fixed += 1;
  }
  for (const entry of SHOP_ENTRIES) fixed += makePrivate(path.join(dataDir, entry));
  return fixed;
}

/**
 * The check at start: an existing DATA_DIR that others could read (left by an older version
 * of the shop, a copy, an archive unpacked with its modes) is made private, and the owner is
 * told once how much was changed.
 */
export function securePrivateDataDir(dir: string, warn: (line: string) => void): number {
  const fixed = makeDataDirPrivate(dir);
  if (fixed > 0) {
    warn(
      `DATA_DIR (${dir}) held ${fixed} file${fixed === 1 ? '' : 's'} or folder${fixed === 1 ? '' : 's'} that other users of this computer could read or change; ` +
        'they are now private to the account the shop runs as (folders 0700, files 0600).',
    );
  }
  return fixed;
}
