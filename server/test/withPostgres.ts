/**
 * tsx server/test/withPostgres.ts <command> [args...]
 *
 * Runs a command against a throwaway PostgreSQL (see tempPostgres.ts): starts a cluster,
 * creates the database `storefront`, runs the command with DATABASE_URL pointing at it,
 * then stops the cluster and removes it, whatever the command did. Exits with the command's
 * status. Where PostgreSQL is not installed it says so and exits 0, so a machine without it
 * can still run everything else.
 *
 * TEST_POSTGRES_PORT picks the port (default: a free one).
 */
import { spawn } from 'node:child_process';
import { findPostgres, startTempPostgres, type TempPostgres } from './tempPostgres';

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('Usage: tsx server/test/withPostgres.ts <command> [args...]');
    return 2;
  }
  const shown = [command, ...args].join(' ');
  const install = findPostgres();
  if (!install) {
    console.info(
      `PostgreSQL is not installed (no /usr/lib/postgresql/<version>/bin), so "${shown}" is ` +
        'skipped. Install it with: apt-get install -y postgresql',
    );
    return 0;
  }

  const port = Number(process.env.TEST_POSTGRES_PORT ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(
      `TEST_POSTGRES_PORT must be a port number, not "${process.env.TEST_POSTGRES_PORT}"`,
    );
    return 2;
  }
  const began = performance.now();
  let postgres: TempPostgres | null = null;
  // Set by a signal while the cluster starts, so read when it has started.
  const interrupted = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => interrupted.abort(signal);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    postgres = await startTempPostgres({ port, durable: false });
    const databaseUrl = await postgres.createDatabase('storefront');
    console.info(
      `PostgreSQL ${install.version} ready on 127.0.0.1:${postgres.port} in ` +
        `${((performance.now() - began) / 1000).toFixed(1)} s (${postgres.dir}); running: ${shown}`,
    );
    if (interrupted.signal.aborted) return 130;
    const status = await new Promise<number>((resolve) => {
      const child = spawn(command, args, {
        stdio: 'inherit',
        env: { ...process.env, DATABASE_URL: databaseUrl },
      });
      const forward = (signal: NodeJS.Signals) => child.kill(signal);
      process.on('SIGINT', forward);
      process.on('SIGTERM', forward);
      child.on('error', (error) => {
        console.error(`Could not run ${command}: ${error.message}`);
        resolve(127);
      });
      child.on('exit', (code, signal) => {
        process.off('SIGINT', forward);
        process.off('SIGTERM', forward);
        resolve(code ?? (signal ? 128 : 1));
      });
    });
    if (status !== 0) {
      console.error(`\n"${shown}" failed (exit ${status}). The end of PostgreSQL's log:\n`);
      console.error(postgres.log().split('\n').slice(-20).join('\n'));
    }
    return status;
  } finally {
    if (postgres) {
      await postgres.stop();
      console.info(
        `PostgreSQL stopped and removed (${((performance.now() - began) / 1000).toFixed(1)} s in all).`,
      );
    }
  }
}

main().then(
  (status) => process.exit(status),
  (error: unknown) => {
    console.error(`Could not run against PostgreSQL: ${(error as Error).message}`);
    process.exit(1);
  },
);
