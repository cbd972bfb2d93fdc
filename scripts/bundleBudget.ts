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
 * 150 KB brotli, the first screen's target (the best shops' first screens are nearer 120 KB), and
 * gzip above today's 172.5 KB. Today's first screen is 149.5 KB brotli: the page's
 * first script (the boot, with webpack's runtime), the app's code, which the boot loads once
 * the server's page is on screen, and the shop's page. React, Redux Toolkit with RTK Query,
 * react-router and MUI with Emotion are about 118 KB of it. What the first screen does not
 * need loads later: on first use (sonner's toaster and the mutation toasts, dialogs, the
 * phone menu, a button's ripple, the guest's tap replay, the API slices of the staff,
 * notifications, affiliate, order items and payment pages, the shop's empty and no-results
 * states), or once the page is the app's (redux-persist's writers, the offline banner, the
 * update prompt, the demo label). The build also leaves out what nothing calls: MUI's CSS
 * theme variables and Pigment CSS serializer, react-router's unused components, Emotion's
 * attribute list and a second react-is (webpack.config.ts). A change that adds to the first
 * screen must take as much out.
 */
const BROTLI_BUDGET_BYTES = 150 * 1024;
const GZIP_BUDGET_BYTES = 174 * 1024;

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
