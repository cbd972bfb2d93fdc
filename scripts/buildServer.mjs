/**
 * `npm run build:server` (and the first step of `npm start`, `npm run server` and
 * `npm run build`): compiles the server's TypeScript to JavaScript under build/, so the
 * running server needs no TypeScript compiler in memory.
 *
 * Every file is compiled on its own, as tsx does, and lands at the same place under build/
 * as its source under the repository (server/src/db/carts.ts -> build/server/src/db/carts.js),
 * so relative imports and __dirname work unchanged. Every .ts file under server/src and
 * contract/ is taken, and every other file under server/src (migrations, word lists) is
 * copied beside them: a new file needs no list. Plain JavaScript, so node runs it without
 * a loader.
 *
 * Only files whose output changed are written, each by a rename, so a server already running
 * from build/ never reads half a file, and outputs whose source is gone are removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, stop } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(root, 'build');
/** Source folders compiled or copied, and the single files compiled besides. */
const TREES = ['server/src', 'contract'];
// Files of the storefront the server reads too (the route manifest).
const FILES = ['scripts/start.ts', 'src/app/routeManifest.ts'];

const isSource = (file) => file.endsWith('.ts') && !file.endsWith('.d.ts');

function filesUnder(dir) {
  const full = path.join(root, dir);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath ?? entry.path, entry.name)));
}

/** Writes `contents` to `file` unless it already holds them; true when it wrote. */
function writeIfChanged(file, contents) {
  try {
    if (fs.readFileSync(file).equals(contents)) return false;
  } catch {
    // not there yet
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, contents);
  fs.renameSync(temporary, file);
  return true;
}

async function buildServer() {
  const all = [...TREES.flatMap(filesUnder), ...FILES];
  const sources = all.filter(isSource);
  const assets = all.filter(
    (file) => file.startsWith('server/src/') && !file.endsWith('.ts') && !file.endsWith('.tmp'),
  );
  const result = await build({
    entryPoints: sources.map((file) => path.join(root, file)),
    outbase: root,
    outdir: OUT_DIR,
    bundle: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // import() of a file of ours becomes require(), which finds build/x.js from '../x' as
    // tsx did; Node's own import() would want the extension.
    supported: { 'dynamic-import': false },
    write: false,
    logLevel: 'warning',
  });
  // Its compiler runs in a process of its own: ended now, not when it notices this one is gone.
  await stop();
  const wanted = new Set();
  let written = 0;
  for (const output of result.outputFiles) {
    wanted.add(output.path);
    if (writeIfChanged(output.path, Buffer.from(output.contents))) written++;
  }
  for (const asset of assets) {
    const target = path.join(OUT_DIR, asset);
    wanted.add(target);
    if (writeIfChanged(target, fs.readFileSync(path.join(root, asset)))) written++;
  }
  // Outputs of sources that are gone: a deleted migration must not run again from here.
  let removed = 0;
  for (const file of filesUnder(path.relative(root, OUT_DIR))) {
    const full = path.join(root, file);
    // Another build's file on its way in is its own to rename.
    if (!wanted.has(full) && !file.endsWith('.tmp')) {
      fs.rmSync(full, { force: true });
      removed++;
    }
  }
  return { files: wanted.size, written, removed };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildServer().then(
    ({ written, removed }) => {
      if (written > 0 || removed > 0) {
        console.info(
          `Server compiled to ${path.relative(process.cwd(), OUT_DIR) || '.'}/ (${written} written, ${removed} removed).`,
        );
      }
    },
    (error) => {
      console.error(`The server could not be compiled: ${error.message}`);
      process.exit(1);
    },
  );
}
