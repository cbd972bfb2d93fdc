/**
 * The server the browser tests run against: the production build and the reference API on
 * a fresh data directory, so every run starts from the demo catalogue and demo shopper.
 */
import fs from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(__dirname, '..', 'test-results', 'e2e-data');
fs.rmSync(dataDir, { recursive: true, force: true });
process.env.DATA_DIR = dataDir;

void import('../scripts/start');
