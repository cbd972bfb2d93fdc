/**
 * `npm start`: builds the storefront when the build is missing or older than its sources,
 * then serves it and the API from one process (server/src/main.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const builtPage = path.join(root, 'dist', 'index.html');
const sources = [
  'src',
  'public',
  'contract',
  'webpack.config.ts',
  'tsconfig.json',
  'package-lock.json',
  '.env',
];

function newestChange(entry: string): number {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(full)
    .reduce(
      (newest, child) => Math.max(newest, newestChange(path.join(entry, child))),
      stat.mtimeMs,
    );
}

export function buildIsStale(): boolean {
  if (!fs.existsSync(builtPage)) return true;
  const builtAt = fs.statSync(builtPage).mtimeMs;
  return sources.some((entry) => newestChange(entry) > builtAt);
}

async function main() {
  if (buildIsStale()) {
    console.log('Building the storefront (the build is missing or older than the sources)...');
    const webpack = path.join(root, 'node_modules', '.bin', 'webpack');
    const result = spawnSync(webpack, ['--mode', 'production'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error('The storefront build failed; see the errors above.');
      process.exit(result.status ?? 1);
    }
  }
  const { start } = await import('../server/src/main');
  await start();
}

void main();
