/**
 * Starts the storefront server: settings, database, migrations, demo data, then listens.
 * `npm run server` runs this file; scripts/start.ts imports it and calls start().
 */
import path from 'node:path';
import { buildApp, type App } from './app';
import { ConfigError, ensureJwtSecret, loadConfig } from './config';
import type { Database } from './db/client';
import { openDatabase } from './db/open';
import { isNewEmbeddedDatabase, prepareDatabase, prepareInChildProcess } from './db/prepare';

export interface RunningServer {
  app: App;
  db: Database;
  url: string;
  close(): Promise<void>;
}

const SHUTDOWN_GRACE_MS = 10_000;

export async function start(
  env: Record<string, string | undefined> = process.env,
): Promise<RunningServer> {
  const config = await ensureJwtSecret(loadConfig(env));
  if (isNewEmbeddedDatabase(config)) await prepareInChildProcess(env);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let app: App;
  try {
    await prepareDatabase(db, config);
    if (config.env === 'production' && !config.paystack.secretKey) {
      console.warn(
        'PAYSTACK_SECRET_KEY is not set: payments run in the sandbox and collect no money.',
      );
    }
    app = await buildApp(config, { db });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host)
    ? 'localhost'
    : config.host;
  const url = `http://${shownHost}:${port}`;
  console.info(`Storefront ready at ${url}`);

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      try {
        await app.close();
      } finally {
        await db.close();
      }
    })();
    return closing;
  };

  function onSignal(signal: NodeJS.Signals) {
    if (closing) {
      console.warn(`${signal} again: stopping now.`);
      process.exit(1);
    }
    console.info(`${signal} received: finishing open requests and closing the database...`);
    const force = setTimeout(() => {
      console.error('Shutdown took too long; stopping now.');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  }
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  return { app, db, url, close };
}

function runDirectly(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  const strip = (p: string) => path.resolve(p).replace(/\.[cm]?[jt]s$/, '');
  return strip(entry) === strip(__filename);
}

if (runDirectly()) {
  start().catch((error: unknown) => {
    console.error(
      error instanceof ConfigError
        ? error.message
        : `The server could not start: ${(error as Error).message}`,
    );
    process.exit(1);
  });
}
