/**
 * Starts the storefront server: settings, database, migrations, demo data, then listens.
 * `npm run server` runs this file; scripts/start.ts imports it and calls start().
 */
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { buildApp, drainAndClose, listeningPort, type App } from './app';
import { ownerSetupLine } from './backOffice/staffAccounts';
import { systemClock } from './clock';
import { ConfigError, ensureJwtSecret, loadConfig, serverUrl, type Config } from './config';
import type { Database, OpenOptions } from './db/client';
import { localBackupUrl, newBackupKey, publishBackupAccess } from './db/backup';
import { openDatabase } from './db/open';
import { isNewEmbeddedDatabase, prepareDatabase, prepareInChildProcess } from './db/prepare';
import { hearStandardStreamErrors } from './log';
import { isDiskFull } from './plugins/errors';
import { securePrivateDataDir, usePrivateUmask } from './privateFiles';

export interface RunningServer {
  app: App;
  db: Database;
  url: string;
  close(): Promise<void>;
}

/** What start() uses from the machine, replaceable in tests (a full disk, a failing open). */
export interface StartDeps {
  openDatabase?: (options: OpenOptions) => Promise<Database>;
  /** Free bytes on the file system holding the directory. */
  freeBytes?: (dir: string) => number;
}

/** A start that cannot go on, with words that say what to do: printed without a stack. */
export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartupError';
  }
}

const SHUTDOWN_GRACE_MS = 10_000;
/** The terminal and npm both pass on one Ctrl-C: a second signal this soon is the same one. */
const SAME_SIGNAL_MS = 1000;
const PARENT_CHECK_MS = 1000;
/** Below this much free space the embedded database cannot be trusted to write. */
const MIN_FREE_BYTES = 32 * 1024 * 1024;

function freeBytesOf(dir: string): number {
  const stats = fs.statfsSync(dir);
  return stats.bavail * stats.bsize;
}

const megabytes = (bytes: number) => `${Math.max(0, Math.floor(bytes / (1024 * 1024)))} MB`;

function diskFullError(dir: string, free: number | null): StartupError {
  return new StartupError(
    `The disk holding DATA_DIR (${dir}) is full${free === null ? '' : ` (${megabytes(free)} free)`}: ` +
      `the shop cannot write its database there. Free some space (it needs at least ${megabytes(MIN_FREE_BYTES)}), then start the shop again.`,
  );
}

/**
 * Opens, migrates and seeds (a new embedded database in a child process, see db/prepare.ts),
 * turning a full disk into a sentence instead of 'Aborted()'.
 */
async function openPrepared(
  config: Config,
  env: Record<string, string | undefined>,
  deps: StartDeps,
): Promise<Database> {
  const embedded = config.databaseUrl === null;
  const freeBytes = deps.freeBytes ?? freeBytesOf;
  const free = () => {
    try {
      return freeBytes(config.dataDir);
    } catch {
      return null;
    }
  };
  if (embedded) {
    const before = free();
    if (before !== null && before < MIN_FREE_BYTES) throw diskFullError(config.dataDir, before);
  }
  const open = deps.openDatabase ?? openDatabase;
  let db: Database | null = null;
  try {
    if (isNewEmbeddedDatabase(config)) await prepareInChildProcess(env);
    db = await open({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await prepareDatabase(db, config);
    return db;
  } catch (error) {
    await db?.close().catch(() => undefined);
    if (isDiskFull(error)) throw diskFullError(config.dataDir, embedded ? free() : null);
    const after = embedded ? free() : null;
    if (after !== null && after < MIN_FREE_BYTES) throw diskFullError(config.dataDir, after);
    throw error;
  }
}

/**
 * How far V8 lets the old generation grow past what was live after its last full collection
 * before it collects again. Its default (up to 4 times, for a process that allocates fast)
 * let a server on PostgreSQL reach 250-280 MB under the benchmark with about 45 MB live;
 * at 20% it stayed under 150 MB. Unlike --max-old-space-size it is no ceiling: a catalogue
 * of 100,000 products still gets the memory it needs, collected more often.
 */
const HEAP_GROWING_PERCENT = 20;

/** Applies HEAP_GROWING_PERCENT unless the operator gave node a value of their own. */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): void {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

export async function start(
  env: Record<string, string | undefined> = process.env,
  deps: StartDeps = {},
): Promise<RunningServer> {
  // Before any file is opened: the database and the signing key are for this account only.
  usePrivateUmask();
  hearStandardStreamErrors();
  const settings = loadConfig(env);
  securePrivateDataDir(settings.dataDir, (line) => console.warn(line));
  const config = await ensureJwtSecret(settings);
  const db = await openPrepared(config, env, deps);
  let app: App;
  // The embedded database is backed up through this server while it runs (npm run backup).
  const backupKey = db.backup ? newBackupKey() : undefined;
  let unpublish: () => void = () => undefined;
  try {
    app = await buildApp(config, { db, backupKey });
    await app.listen({ port: config.port, host: config.host });
    if (backupKey) {
      const port = listeningPort(app) ?? config.port;
      unpublish = publishBackupAccess(config.dataDir, {
        url: localBackupUrl(config.host, port, config.apiPrefix),
        key: backupKey,
      });
    }
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }

  const url = serverUrl(config.host, listeningPort(app) ?? config.port);
  console.info(`Storefront ready at ${url}`);
  // A production shop with no owner yet: the way in, printed once per start (one line).
  if (config.mode === 'production') {
    const line = await ownerSetupLine(db, systemClock, config.publicUrl ?? url).catch(
      (error: unknown) =>
        `No setup link for the first owner could be made (${(error as Error).message}); npm run staff:create -- --role owner makes one with the shop stopped.`,
    );
    if (line) console.info(line);
  }
  if (config.mode === 'demo') {
    console.info(
      config.host === '127.0.0.1' || config.host === '::1' || config.host === 'localhost'
        ? 'Demo shop: payments are simulated, codes go to the outbox, and only this computer can open it.'
        : `Demo shop on ${config.host}: payments are simulated and codes go to the outbox; the outbox and test payments answer only this computer.`,
    );
  }

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      clearInterval(parentWatch);
      try {
        unpublish();
        await drainAndClose(app);
      } finally {
        await db.close();
      }
    })();
    return closing;
  };

  let firstSignalAt = 0;
  function stop(reason: string) {
    // Armed before anything else, so nothing the stop does (a write to a full disk, a
    // database that never answers) can keep the server past it.
    const force = setTimeout(() => {
      console.error('Shutdown took too long; stopping now.');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    console.info(`${reason}: finishing open requests and closing the database...`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  }

  function onSignal(signal: NodeJS.Signals) {
    const now = Date.now();
    if (firstSignalAt !== 0) {
      if (now - firstSignalAt < SAME_SIGNAL_MS) return;
      console.warn(`${signal} again: stopping now.`);
      process.exit(1);
    }
    firstSignalAt = now;
    stop(`${signal} received`);
  }
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  // Started by a process that has gone (npm killed with kill -9, a closed terminal's shell):
  // nobody could stop this server any more, so it stops itself rather than hold the data.
  const parent = process.ppid;
  const parentWatch = setInterval(() => {
    if (parent > 1 && process.ppid !== parent && firstSignalAt === 0) {
      firstSignalAt = Date.now();
      stop(`The process that started the server (${parent}) has ended`);
    }
  }, PARENT_CHECK_MS);
  parentWatch.unref();

  return { app, db, url, close };
}

function runDirectly(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  const strip = (p: string) => path.resolve(p).replace(/\.[cm]?[jt]s$/, '');
  return strip(entry) === strip(__filename);
}

/** The one line a failed start prints: the settings' own message, or what went wrong. */
export function startFailure(error: unknown): string {
  if (error instanceof ConfigError || error instanceof StartupError) return error.message;
  return `The server could not start: ${(error as Error).message}`;
}

if (runDirectly()) {
  limitHeapGrowth();
  start().catch((error: unknown) => {
    console.error(startFailure(error));
    process.exit(1);
  });
}
