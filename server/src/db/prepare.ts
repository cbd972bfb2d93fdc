/**
 * What a start does to the database before serving: the migrations, then the demo data when
 * DEMO_DATA is on.
 *
 * A new embedded database is prepared by a short-lived child process running this file, and
 * the server then opens it as on any later start. Creating the database, its tables and its
 * demo data touches memory (WebAssembly pages, the catalog caches, argon2's buffer) that a
 * process keeps once touched; a child gives it all back to the system when it exits, so a
 * first start weighs what every later start weighs.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createPasswordHasher } from '../auth/passwords';
import { ConfigError, loadConfig, type Config } from '../config';
import type { Database } from './client';
import { migrate } from './migrate';
import { openDatabase } from './open';
import { seedDemo } from './seed/demo';
import { ensureShopSettings } from './shopSettings';
import { ensureDemoStaff } from './staff';

export async function prepareDatabase(db: Database, config: Config): Promise<void> {
  await migrate(db);
  await ensureShopSettings(db, config);
  // Silent on purpose: the ready line is the one line a start prints (see server/README.md).
  if (config.demoData) {
    const passwords = createPasswordHasher(config.argon2);
    await seedDemo(db, passwords);
    await ensureDemoStaff(db, passwords);
  }
}

/** True when the embedded database of this start does not exist yet. */
export function isNewEmbeddedDatabase(config: Config): boolean {
  return (
    config.databaseUrl === null && !fs.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))
  );
}

/**
 * Runs this file in a child process with the same settings and the same Node.js options
 * (the TypeScript loader, added when this process runs without it), and waits for it.
 */
export function prepareInChildProcess(env: Record<string, string | undefined>): Promise<void> {
  // A debugger's port is this process's own.
  const execArgv = process.execArgv.filter((arg) => !/^--inspect/.test(arg));
  // Started without the TypeScript loader (jest compiles in-process, for one): this file is
  // TypeScript, so the child needs it.
  if (__filename.endsWith('.ts') && !execArgv.some((arg) => arg.includes('tsx'))) {
    execArgv.push('--import', 'tsx');
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...execArgv, __filename], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`Preparing the new embedded database failed: ${errors.trim()}`));
    });
  });
}

async function prepareFromSettings(): Promise<void> {
  const config = loadConfig(process.env);
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareDatabase(db, config);
  } finally {
    await db.close();
  }
}

function runDirectly(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  const strip = (p: string) => path.resolve(p).replace(/\.[cm]?[jt]s$/, '');
  return strip(entry) === strip(__filename);
}

if (runDirectly()) {
  prepareFromSettings().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : (error as Error).message);
      process.exit(1);
    },
  );
}
