/**
 * `npm start`: builds the storefront when the build is missing or older than its sources,
 * then serves it and the API from one process (server/src/main.ts). `npm start -- --no-build`
 * serves whatever is built (or the API alone) without building.
 *
 * package.json compiles the server (scripts/buildServer.mjs), then runs this file's compiled
 * copy, build/scripts/start.js, with `exec node`, so the server is npm's own child: npm hands
 * it SIGTERM and SIGINT and waits for it to finish. (Without exec, npm signals the shell in
 * between, which dies and leaves the server running.)
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The repository: the folder holding package.json, from here or from build/scripts. */
function repositoryRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '..');
  }
}

const root = repositoryRoot(__dirname);
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
  if (!process.argv.includes('--no-build') && buildIsStale()) {
    console.log('Building the storefront (the build is missing or older than the sources)...');
    const webpack = path.join(root, 'node_modules', '.bin', 'webpack');
    const result = spawnSync(webpack, ['--mode', 'production'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error('The storefront build failed; see the errors above.');
      process.exit(result.status ?? 1);
    }
  }
  const { limitHeapGrowth, start, startFailure } = await import('../server/src/main');
  limitHeapGrowth();
  try {
    await start();
  } catch (error) {
    console.error(startFailure(error));
    process.exit(1);
  }
}

void main();
