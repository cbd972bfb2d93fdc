/** PostgreSQL through node-postgres, when DATABASE_URL is set. Same SQL as the embedded one. */
import pg from 'pg';
import {
  assertNotInTransaction,
  preparedName,
  runInTransactionScope,
  type Database,
  type Queryable,
  type Row,
} from './client';

/** node-postgres prepares a statement on each connection the first time it runs by name. */
function statement(sql: string, params: readonly unknown[]): pg.QueryConfig {
  return { text: sql, values: [...params], name: preparedName(sql) };
}

function handle(client: pg.PoolClient): Queryable {
  return {
    query: async <T extends object = Row>(sql: string, params: readonly unknown[] = []) =>
      (await client.query(statement(sql, params))).rows as T[],
    exec: async (sql: string) => {
      await client.query(sql);
    },
  };
}

export async function openPostgres(connectionString: string, schema?: string): Promise<Database> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new Error(`Invalid schema name "${schema}"`);
  }
  if (schema !== undefined) {
    const setup = new pg.Client({ connectionString });
    await setup.connect();
    try {
      await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    } finally {
      await setup.end();
    }
  }
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // public too: extensions such as pg_trgm live there, one per database.
    options: schema === undefined ? undefined : `-c search_path=${schema},public`,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', (error) => console.error(`PostgreSQL connection error: ${error.message}`));
  await pool.query('SELECT 1');

  return {
    kind: 'postgres',
    async query<T extends object = Row>(sql: string, params: readonly unknown[] = []) {
      assertNotInTransaction();
      return (await pool.query(statement(sql, params))).rows as T[];
    },
    async exec(sql: string) {
      assertNotInTransaction();
      await pool.query(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      assertNotInTransaction();
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        try {
          const result = await runInTransactionScope(() => fn(handle(client)));
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      } finally {
        client.release();
      }
    },
    listen(channel, onNotify, onListening) {
      return listenOn(connectionString, channel, onNotify, onListening);
    },
    async close() {
      await pool.end();
    },
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max,
    }),
  };
}

/** Seen by operators in pg_stat_activity, and by tests that cut the connection. */
export const LISTEN_APPLICATION_NAME = 'storefront-listen';

/**
 * LISTEN on a client outside the pool (a pooled connection goes back to others and stops
 * listening), made again after a loss: at once the first time, then waiting longer each time
 * up to 5 s, so a database that is down is not hammered.
 */
function listenOn(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  onListening: (listening: boolean) => void,
): () => Promise<void> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`Invalid channel "${channel}"`);
  let stopped = false;
  // A function, not the variable: whether it stopped can change across every await here.
  const hasStopped = () => stopped;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delayMs = 0;

  const connect = async () => {
    retry = null;
    if (hasStopped()) return;
    const c = new pg.Client({ connectionString, application_name: LISTEN_APPLICATION_NAME });
    client = c;
    const connection = { lost: false };
    const onLost = () => {
      if (connection.lost) return;
      connection.lost = true;
      onListening(false);
      void c.end().catch(() => undefined);
      if (hasStopped()) return;
      retry = setTimeout(() => void connect(), delayMs);
      retry.unref();
      delayMs = Math.min(Math.max(delayMs * 2, 100), 5_000);
    };
    c.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    c.on('error', onLost);
    c.on('end', onLost);
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch {
      onLost();
      return;
    }
    if (connection.lost || hasStopped()) return;
    delayMs = 0;
    onListening(true);
  };
  void connect();

  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
