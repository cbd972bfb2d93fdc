/**
 * The one way server code talks to the database: plain SQL with $1 parameters, the same on
 * the embedded PGlite and on PostgreSQL. Repository modules next to this file hold the SQL.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export type Row = Record<string, unknown>;

export interface Queryable {
  query<T extends object = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs fn inside BEGIN ... COMMIT (ROLLBACK when it throws). Inside fn use only `tx`:
   * the embedded database has one connection, so a query on `db` there would wait forever.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * The embedded database's data directory as a gzipped tarball, taken while it serves
   * (`npm run backup`); PostgreSQL has pg_dump instead.
   */
  backup?(): Promise<Buffer>;
  /**
   * Hands `onNotify` every NOTIFY payload on `channel` (on PostgreSQL through a connection
   * of its own that reconnects when lost). `onListening` says whether LISTEN is in place: a
   * notification sent while it was not is never delivered. Returns the function that stops it.
   */
  listen?(
    channel: string,
    onNotify: (payload: string) => void,
    onListening: (listening: boolean) => void,
  ): () => Promise<void>;
  close(): Promise<void>;
  /** The connection pool's state, where there is a pool (PostgreSQL; PGlite has one connection). */
  poolStats?(): PoolStats;
}

export interface PoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

/** An error from the database, with PostgreSQL's SQLSTATE code when there is one. */
export class DatabaseError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly constraint?: string,
  ) {
    super(message);
    this.name = 'DatabaseError';
  }
}

/** SQLSTATE of a unique violation, and a helper to recognise one by constraint name. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown };
  return e.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

const preparedNames = new Map<string, string>();
const preparedTexts = new Map<string, string>();

/**
 * Marks SQL that runs on (nearly) every request as a prepared statement: on PostgreSQL each
 * pooled connection parses and plans it once, then only binds the parameters, which saves the
 * database most of its work on a short primary-key lookup. Returns the SQL itself, to pass to
 * query() as usual; the embedded database runs it as any other. Keep it to fixed statements
 * whose best plan does not depend on the values: a prepared statement may settle on one plan.
 */
export function prepared(name: string, sql: string): string {
  const known = preparedTexts.get(name);
  if (known !== undefined && known !== sql) {
    throw new Error(`Two different statements are both prepared as "${name}"`);
  }
  preparedTexts.set(name, sql);
  preparedNames.set(sql, name);
  return sql;
}

/** The prepared statement's name for this SQL, or undefined for any other SQL. */
export function preparedName(sql: string): string | undefined {
  return preparedNames.get(sql);
}

const insideTransaction = new AsyncLocalStorage<true>();

/** Adapters call this from query/exec on the database itself (not on a transaction handle). */
export function assertNotInTransaction(): void {
  if (insideTransaction.getStore()) {
    throw new Error('A query on the database handle ran inside transaction(); use the tx handle.');
  }
}

export function runInTransactionScope<T>(fn: () => Promise<T>): Promise<T> {
  return insideTransaction.run(true, fn);
}

export interface OpenOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** In-memory embedded database (tests). Ignored when databaseUrl is set. */
  memory?: boolean;
  /** PostgreSQL schema to use (created when missing): tests isolate each file in one. */
  schema?: string;
}
