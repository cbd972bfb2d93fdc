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
