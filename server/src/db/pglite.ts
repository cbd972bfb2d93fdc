/**
 * The embedded database: PGlite (PostgreSQL compiled to WebAssembly) in a worker thread.
 *
 * Why a worker: PGlite runs each query synchronously inside WebAssembly, which would stall
 * every other request on the event loop; and its CommonJS build loads Node built-ins with
 * import(), which jest's module sandbox cannot do, so tests could not open it in-process.
 * A worker is a plain Node context, so the same adapter serves the server and the tests.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import {
  assertNotInTransaction,
  DatabaseError,
  runInTransactionScope,
  type Database,
  type Queryable,
  type Row,
} from './client';
import { makeDataDirPrivate, makePrivate, usePrivateUmask } from '../privateFiles';

// Plain JavaScript, evaluated in the worker: it cannot import this project's TypeScript.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglitePath);
const { pg_trgm } = require(workerData.pgTrgmPath);
let db = null;
const listening = new Map();
async function handle(m) {
  switch (m.op) {
    case 'open':
      db = await PGlite.create(m.dataDir === null ? undefined : m.dataDir, {
        extensions: { pg_trgm },
        startParams: [...PGlite.defaultStartParams, ...m.settings.flatMap((s) => ['-c', s])],
      });
      return [];
    case 'query':
      return (await db.query(m.sql, m.params)).rows;
    case 'exec':
      await db.exec(m.sql);
      return [];
    case 'listen': {
      // Posted from inside the query that delivers it, so it reaches the server before
      // that query's own answer: whoever waits for a commit has heard what it announced.
      const unlisten = await db.listen(m.channel, (payload) =>
        parentPort.postMessage({ listener: m.listener, payload }),
      );
      listening.set(m.listener, unlisten);
      return [];
    }
    case 'unlisten': {
      const unlisten = listening.get(m.listener);
      listening.delete(m.listener);
      if (unlisten) await unlisten();
      return [];
    }
    case 'dump': {
      // A checkpoint first, so a restore starts from the files with little WAL to replay.
      await db.exec('CHECKPOINT');
      const file = await db.dumpDataDir('gzip');
      return [{ tarball: new Uint8Array(await file.arrayBuffer()) }];
    }
    case 'close':
      if (db) await db.close();
      db = null;
      return [];
    default:
      throw new Error('unknown operation ' + m.op);
  }
}
parentPort.on('message', (m) => {
  handle(m).then(
    (rows) => parentPort.postMessage({ id: m.id, ok: true, rows }),
    (e) => parentPort.postMessage({
      id: m.id,
      ok: false,
      error: {
        message: String((e && e.message) || e),
        code: e && typeof e.code === 'string' ? e.code : undefined,
        constraint: e && typeof e.constraint === 'string' ? e.constraint : undefined,
      },
    }),
  );
});
`;

type Request =
  | { op: 'open'; dataDir: string | null; settings: string[] }
  | { op: 'query'; sql: string; params: readonly unknown[] }
  | { op: 'exec'; sql: string }
  | { op: 'listen'; channel: string; listener: number }
  | { op: 'unlisten'; listener: number }
  | { op: 'dump' }
  | { op: 'close' };

type Reply =
  | { listener: number; payload: string }
  | { id: number; ok: true; rows: Row[] }
  | { id: number; ok: false; error: { message: string; code?: string; constraint?: string } };

/** Transactions take turns; see PgliteDatabase for how plain queries wait for them. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => gate);
    return ready;
  }
}

/** Data directories open in this process: opening one twice corrupts it. */
const openDirs = new Set<string>();

/**
 * PGlite has one connection and runs what it is sent in order. Plain queries are posted at
 * once, so the worker always has the next one queued (no idle round trip between them);
 * only while a transaction is open do they wait, or they would run inside it.
 */
class PgliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (rows: Row[]) => void; reject: (e: Error) => void }
  >();
  private readonly transactions = new Mutex();
  /** Resolves when the open transaction ends; null when none is open. */
  private openTransaction: Promise<void> | null = null;
  private failure: Error | null = null;
  private nextListener = 1;
  private readonly listeners = new Map<
    number,
    { onNotify: (payload: string) => void; onListening: (listening: boolean) => void }
  >();
  /** From close() on, the worker stays referenced until it has exited and the lock is gone. */
  private closing: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly worker: Worker,
    private readonly onClose: () => void,
    /** Folder whose files must end private (the database sets some files' modes itself). */
    private readonly dataDir: string | null,
  ) {
    worker.on('message', (reply: Reply) => {
      if ('listener' in reply) {
        this.listeners.get(reply.listener)?.onNotify(reply.payload);
        return;
      }
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0 && this.closing === null) worker.unref();
      if (reply.ok) waiter.resolve(reply.rows);
      else
        waiter.reject(
          new DatabaseError(reply.error.message, reply.error.code, reply.error.constraint),
        );
    });
    const stop = (error: Error) => {
      if (this.closed) return;
      this.failure = new DatabaseError(`The embedded database stopped: ${error.message}`);
      console.error(this.failure.message);
      for (const waiter of this.pending.values()) waiter.reject(this.failure);
      this.pending.clear();
      // Nothing more will be heard: whoever kept answers because they would be must stop.
      for (const listener of this.listeners.values()) listener.onListening(false);
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`worker exited with code ${code}`)));
  }

  send(request: Request): Promise<Row[]> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new DatabaseError('The database is closed'));
    const id = this.nextId++;
    // Referenced only while a query is in flight: an idle database never keeps the process
    // alive, a running query always does.
    if (this.pending.size === 0) this.worker.ref();
    return new Promise<Row[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...request });
    });
  }

  private handle(): Queryable {
    return {
      query: async <T extends object = Row>(sql: string, params: readonly unknown[] = []) =>
        (await this.send({ op: 'query', sql, params })) as T[],
      exec: async (sql: string) => {
        await this.send({ op: 'exec', sql });
      },
    };
  }

  /** Waits while a transaction is open; the caller must post synchronously after this. */
  private async outsideTransactions(): Promise<void> {
    while (this.openTransaction) await this.openTransaction;
  }

  async query<T extends object = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    assertNotInTransaction();
    await this.outsideTransactions();
    return (await this.send({ op: 'query', sql, params })) as T[];
  }

  async exec(sql: string): Promise<void> {
    assertNotInTransaction();
    await this.outsideTransactions();
    await this.send({ op: 'exec', sql });
  }

  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    assertNotInTransaction();
    const release = await this.transactions.acquire();
    let ended: () => void = () => undefined;
    this.openTransaction = new Promise<void>((resolve) => {
      ended = resolve;
    });
    try {
      await this.send({ op: 'query', sql: 'BEGIN', params: [] });
      try {
        const result = await runInTransactionScope(() => fn(this.handle()));
        await this.send({ op: 'query', sql: 'COMMIT', params: [] });
        return result;
      } catch (error) {
        await this.send({ op: 'query', sql: 'ROLLBACK', params: [] }).catch(() => undefined);
        throw error;
      }
    } finally {
      this.openTransaction = null;
      ended();
      release();
    }
  }

  /**
   * NOTIFY on the embedded database, heard in this process: a notification reaches onNotify
   * before the answer to the query whose commit sent it.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onListening: (listening: boolean) => void,
  ): () => Promise<void> {
    const listener = this.nextListener++;
    this.listeners.set(listener, { onNotify, onListening });
    const subscribed = (async () => {
      // LISTEN inside someone's transaction would end with it.
      await this.outsideTransactions();
      await this.send({ op: 'listen', channel, listener });
      if (this.listeners.has(listener)) onListening(true);
    })();
    subscribed.catch(() => onListening(false));
    return async () => {
      // Stopped on purpose: nothing lost to report.
      if (!this.listeners.delete(listener)) return;
      await subscribed.catch(() => undefined);
      if (this.closing || this.closed || this.failure) return;
      await this.outsideTransactions();
      await this.send({ op: 'unlisten', listener }).catch(() => undefined);
    };
  }

  /**
   * The data directory as a gzipped tarball, taken while the shop serves: between
   * transactions (none is open while it is read), and in one piece, since PGlite reads every
   * file before it runs the next query. Queries that arrive meanwhile wait for it.
   */
  async backup(): Promise<Buffer> {
    assertNotInTransaction();
    const release = await this.transactions.acquire();
    try {
      const [row] = await this.send({ op: 'dump' });
      const tarball = row?.tarball;
      if (!(tarball instanceof Uint8Array)) {
        throw new DatabaseError('The embedded database gave no backup');
      }
      return Buffer.from(tarball.buffer, tarball.byteOffset, tarball.byteLength);
    } finally {
      release();
    }
  }

  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    this.worker.ref();
    const release = await this.transactions.acquire();
    try {
      // Queued after everything already sent, so those finish first.
      if (!this.failure) await this.send({ op: 'close' });
    } finally {
      this.closed = true;
      release();
      await this.worker.terminate();
      try {
        if (this.dataDir !== null) makeDataDirPrivate(this.dataDir);
      } finally {
        this.onClose();
      }
    }
  }
}

/**
 * How a process is told apart from a later one with the same id: its start time (clock ticks
 * since boot) on Linux. Null where /proc is not there.
 */
function startTimeOf(pid: number): string | null {
  const stat = readProcStat(pid);
  return stat?.startTime ?? null;
}

function readProcStat(pid: number): { state: string; startTime: string } | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (command) state ppid ...": the command may hold spaces and parentheses.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const startTime = fields[19];
  return state && startTime ? { state, startTime } : null;
}

/**
 * Whether the process that wrote a lock still runs. A process killed with kill -9 stays in
 * the process table as a zombie until its parent collects it, and its id may be reused by
 * another program later: neither holds the database. On Linux both are told from /proc;
 * elsewhere only "no such process" is.
 */
export function lockHolderAlive(holder: { pid: number; startTime: string | null }): boolean {
  if (fs.existsSync('/proc/self/stat')) {
    const stat = readProcStat(holder.pid);
    if (!stat) return false;
    if (stat.state === 'Z' || stat.state === 'X') return false;
    return holder.startTime === null || stat.startTime === holder.startTime;
  }
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** "1234" (older servers) or "1234 8812345" (pid and start time). */
function parseLock(text: string): { pid: number; startTime: string | null } | null {
  const [pidText, startTime] = text.trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return null;
  return { pid, startTime: startTime && /^\d+$/.test(startTime) ? startTime : null };
}

/** A lock file so a second process (say, the seed CLI) cannot open a directory in use. */
function lockDataDir(dir: string): () => void {
  const lockFile = path.join(dir, 'pglite.lock');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const me = `${process.pid} ${startTimeOf(process.pid) ?? ''}`.trim();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, me, { flag: 'wx' });
      return () => {
        // Only our own lock: never one a later process took over.
        try {
          if (fs.readFileSync(lockFile, 'utf8').trim() === me) fs.rmSync(lockFile, { force: true });
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = parseLock(fs.readFileSync(lockFile, 'utf8'));
      if (holder && holder.pid !== process.pid && lockHolderAlive(holder)) {
        throw new Error(
          `The database in ${dir} is in use by process ${holder.pid}. Stop that process first ` +
            '(the embedded database allows one process at a time), or use DATABASE_URL.',
        );
      }
      // Left behind by a process that crashed or was killed: take it over.
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockFile}`);
}

/** Claims a data directory for this process; the returned function gives it back. */
function claimDataDir(dir: string): () => void {
  if (openDirs.has(dir)) throw new Error(`The database in ${dir} is already open in this process`);
  const unlock = lockDataDir(dir);
  openDirs.add(dir);
  return () => {
    openDirs.delete(dir);
    unlock();
  };
}

/**
 * PostgreSQL's own default of 128 MB is allocated and touched at start: most of the
 * embedded database's memory, for a shop whose tables fit in a few megabytes. The tables
 * stay in the operating system's file cache either way.
 */
const SHARED_BUFFERS = '16MB';

/**
 * A new database directory: initdb runs in a separate WebAssembly instance whose memory
 * (several hundred megabytes) a worker thread would leave behind in this process after it
 * ends. A short-lived child process gives all of it back to the system when it exits.
 */
function initializeDataDir(pgDir: string): Promise<void> {
  const script = `
    const { PGlite } = require(${JSON.stringify(require.resolve('@electric-sql/pglite'))});
    PGlite.create(${JSON.stringify(pgDir)})
      .then((db) => db.close())
      .then(() => process.exit(0), (e) => { console.error(String((e && e.message) || e)); process.exit(1); });
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new DatabaseError(`Creating the embedded database failed: ${errors.trim()}`));
    });
  });
}

/**
 * Makes dataDir/pglite from a backup (PgliteDatabase.backup's tarball, in `file`) and checks
 * that it opens as the shop's database. The directory must hold no database: a restore never
 * replaces one. Like initdb, it runs in a child process that gives its memory back.
 */
export async function restorePglite(dataDir: string, file: string): Promise<void> {
  const dir = path.resolve(dataDir);
  const pgDir = path.join(dir, 'pglite');
  const release = claimDataDir(dir);
  try {
    if (fs.existsSync(pgDir) && fs.readdirSync(pgDir).length > 0) {
      throw new DatabaseError(
        `${dir} already holds a database. Restore into a new DATA_DIR, or move ${pgDir} away first.`,
      );
    }
    const script = `
      const fs = require('node:fs');
      const { PGlite } = require(${JSON.stringify(require.resolve('@electric-sql/pglite'))});
      const { pg_trgm } = require(${JSON.stringify(require.resolve('@electric-sql/pglite/contrib/pg_trgm'))});
      const tarball = new Blob([fs.readFileSync(${JSON.stringify(path.resolve(file))})], { type: 'application/x-gzip' });
      PGlite.create(${JSON.stringify(pgDir)}, { loadDataDir: tarball, extensions: { pg_trgm } })
        .then(async (db) => {
          try { await db.query('SELECT count(*) FROM schema_migrations'); } finally { await db.close(); }
        })
        .then(() => process.exit(0), (e) => { console.error(String((e && e.message) || e)); process.exit(1); });
    `;
    await new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', script], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let errors = '';
      child.stderr.on('data', (chunk: Buffer) => {
        errors += chunk.toString('utf8');
      });
      child.on('error', reject);
      child.on('exit', (code) => {
        if (code === 0) resolve();
        else
          reject(
            new DatabaseError(`${file} is not a backup of the shop's database: ${errors.trim()}`),
          );
      });
    }).catch((error: unknown) => {
      fs.rmSync(pgDir, { recursive: true, force: true });
      throw error;
    });
  } finally {
    release();
  }
}

/**
 * PostgreSQL's WebAssembly compiled once, by V8's baseline compiler (Liftoff). By default V8
 * compiles its busy functions a second time with its optimizing compiler, in the background:
 * 40-50 MB more resident and as much again while it compiles, and the shop's queries used
 * no less CPU for it. The flag is the process's; nothing else in the server runs
 * WebAssembly. An operator's own tiering flags on node's command line are kept.
 */
function compileWasmOnce(execArgv: readonly string[] = process.execArgv): void {
  if (execArgv.some((arg) => /^--(?:no-)?(?:liftoff|wasm-tier)/.test(arg))) return;
  v8.setFlagsFromString('--liftoff-only');
}

/** Opens PGlite on disk under dataDir/pglite, or in memory when dataDir is null. */
export async function openPglite(dataDir: string | null): Promise<Database> {
  const dir = dataDir === null ? null : path.resolve(dataDir);
  // PostgreSQL's files go through this process's file calls (and its child's, which inherits
  // the umask), so the umask decides their modes; the sweeps below catch those it does not.
  if (dir !== null) usePrivateUmask();
  const release = dir === null ? () => undefined : claimDataDir(dir);
  const pgDir = dir === null ? null : path.join(dir, 'pglite');
  try {
    if (pgDir !== null && !fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
      await initializeDataDir(pgDir);
      makePrivate(pgDir);
    }
  } catch (error) {
    release();
    throw error;
  }
  compileWasmOnce();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      pglitePath: require.resolve('@electric-sql/pglite'),
      // Similar spellings in search; loaded into every database, created by migration 004.
      pgTrgmPath: require.resolve('@electric-sql/pglite/contrib/pg_trgm'),
    },
    // The worker only passes messages to and from WebAssembly: a small JavaScript heap.
    resourceLimits: { maxYoungGenerationSizeMb: 4 },
  });
  const db = new PgliteDatabase(worker, release, dir);
  try {
    await db.send({
      op: 'open',
      dataDir: pgDir,
      // Cart changes are announced (migration 018) to this process's cart cache.
      settings: [`shared_buffers=${SHARED_BUFFERS}`, 'storefront.notify_cart_changes=on'],
    });
    // Opening rewrites the catalogue's cache files world-readable whatever the umask says.
    if (dir !== null) makeDataDirPrivate(dir);
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
