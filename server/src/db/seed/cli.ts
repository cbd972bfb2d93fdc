/**
 * npm run seed -- --products N
 *
 * Opens the database the server would use (DATA_DIR or DATABASE_URL), migrates it, adds the
 * demo data when the catalogue is empty (in the demo mode only), and with --products N grows the catalogue to N
 * products for scale tests. The embedded database allows one process at a time: stop the
 * server first.
 */
import path from 'node:path';
import { createPasswordHasher } from '../../auth/passwords';
import { ConfigError, loadConfig } from '../../config';
import { migrate } from '../migrate';
import { openDatabase } from '../open';
import { countProducts } from '../products';
import { seedDemo } from './demo';
import { growCatalogue } from './generate';

const USAGE = `Usage: npm run seed -- [--products N]

  --products N   grow the catalogue to N products (1 to 1000000) with generated ones
  --help         show this text

Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default ./data).`;

function parseArgs(argv: string[]): { products: number | null } {
  let products: number | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') {
      console.info(USAGE);
      process.exit(0);
    }
    const inline = /^--products=(.*)$/.exec(arg);
    if (inline || arg === '--products') {
      const value = inline ? inline[1] : argv[++i];
      const n = Number(value);
      if (!value || !/^\d+$/.test(value) || n < 1 || n > 1_000_000) {
        throw new Error(`--products needs a whole number from 1 to 1000000, not "${value ?? ''}"`);
      }
      products = n;
      continue;
    }
    throw new Error(`Unknown argument "${arg}"\n\n${USAGE}`);
  }
  return { products };
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig(process.env);
  const where = config.databaseUrl
    ? 'PostgreSQL (DATABASE_URL)'
    : path.join(config.dataDir, 'pglite');
  const started = performance.now();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrate(db);
    if (applied.length > 0) console.info(`Applied migrations: ${applied.join(', ')}`);
    // Never in production: the demo shopper's password is published in the README.
    const demo = config.demoData ? await seedDemo(db, createPasswordHasher(config.argon2)) : null;
    if (!config.demoData) console.info('No demo data added (DEMO_DATA=0 or production).');
    if (demo) {
      console.info(
        `Added the demo catalogue (${demo.products} products)${demo.shopperCreated ? ' and the demo shopper' : ''}.`,
      );
    }
    if (args.products !== null) {
      let lastReport = 0;
      const added = await growCatalogue(db, args.products, (done, total) => {
        if (done === total || done - lastReport >= 10_000) {
          lastReport = done;
          console.info(
            `  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} products inserted`,
          );
        }
      });
      console.info(
        added > 0
          ? `Added ${added.toLocaleString('en')} generated products.`
          : `The catalogue already holds at least ${args.products.toLocaleString('en')} products; nothing added.`,
      );
    }
    const total = await countProducts(db);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.info(
      `The catalogue in ${where} holds ${total.toLocaleString('en')} products. Took ${seconds} s.`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError ? error.message : `Seeding failed: ${(error as Error).message}`,
  );
  process.exit(1);
});
