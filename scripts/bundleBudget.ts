/**
 * The bundle budget: the JavaScript a shopper downloads for the first screen of /shop
 * (the entry's files, the app's, which the entry loads once the server's page is on screen,
 * and the shop page's chunk group), measured as the server sends it:
 * the brotli twin (.br) and the gzip twin (.gz) the build wrote beside each file. The build
 * fails when either total is over its budget. Run after `webpack --mode production`
 * (npm run build does both).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The target is 150 KB brotli. Today's first screen is 158.7 KB brotli, 183.5 KB gzip (the
 * whole vendor chunk loads before the shop is interactive; the toaster, the service worker's
 * update flow, a guest's tap replay and the API slices of the staff, notifications, affiliate,
 * order items and payment pages load on first use, and MUI's CSS theme variables are left out
 * of the build: webpack.config.ts). Hydrating a server-rendered page costs 0.8 KB of it, and
 * holding the taps made on it before React has taken it over another 0.8 KB
 * (lib/earlyTaps.ts); the shop is on screen from the HTML before any of it arrives. The budget
 * holds it where it is, and each change that loads less lowers it, until it reaches 150.
 */
const BROTLI_BUDGET_BYTES = 160 * 1024;
const GZIP_BUDGET_BYTES = 186 * 1024;

const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');
const manifest = path.join(root, 'build-stats', 'chunk-groups.json');

const groups = JSON.parse(fs.readFileSync(manifest, 'utf8')) as Record<string, string[]>;
const firstScreen = ['main', 'app', 'shop'];
for (const name of firstScreen) {
  if (!groups[name]) {
    console.error(
      `Bundle budget: the build has no chunk group "${name}"; check the route table's chunk names.`,
    );
    process.exit(1);
  }
}

/** The size of a file's twin; computed at the build's levels when the twin is missing. */
function twinSize(file: string, suffix: '.br' | '.gz'): { bytes: number; computed: boolean } {
  const twin = path.join(dist, file + suffix);
  if (fs.existsSync(twin)) return { bytes: fs.statSync(twin).size, computed: false };
  const content = fs.readFileSync(path.join(dist, file));
  const bytes =
    suffix === '.br'
      ? zlib.brotliCompressSync(content, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
        }).length
      : zlib.gzipSync(content, { level: 9 }).length;
  return { bytes, computed: true };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const files = [...new Set(firstScreen.flatMap((name) => groups[name] ?? []))];
let brotli = 0;
let gzip = 0;
let computed = false;
console.log(`  ${'brotli'.padStart(9)}  ${'gzip'.padStart(9)}  file`);
for (const file of files) {
  const br = twinSize(file, '.br');
  const gz = twinSize(file, '.gz');
  brotli += br.bytes;
  gzip += gz.bytes;
  computed ||= br.computed || gz.computed;
  console.log(`  ${kb(br.bytes).padStart(9)}  ${kb(gz.bytes).padStart(9)}  ${file}`);
}
if (computed) {
  console.warn('  (some twins were missing from dist/ and were computed here: check the build)');
}
const verdict = (total: number, budget: number) =>
  `${kb(total)} ${budget >= total ? 'within' : 'OVER'} the ${budget / 1024} KB budget`;
console.log(
  `Bundle budget: first screen of /shop is ${verdict(brotli, BROTLI_BUDGET_BYTES)} brotli, ` +
    `${verdict(gzip, GZIP_BUDGET_BYTES)} gzipped.`,
);
if (brotli > BROTLI_BUDGET_BYTES || gzip > GZIP_BUDGET_BYTES) process.exit(1);
