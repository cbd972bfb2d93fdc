/**
 * The bundle budget: the JavaScript a shopper downloads for the first screen of /shop
 * (the entry's files plus the shop page's chunk group), gzipped, must stay within
 * 200 KB. Run after `webpack --mode production` (npm run build does both).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');
const manifest = path.join(root, 'build-stats', 'chunk-groups.json');

const groups = JSON.parse(fs.readFileSync(manifest, 'utf8')) as Record<string, string[]>;
const firstScreen = ['main', 'shop'];
for (const name of firstScreen) {
  if (!groups[name]) {
    console.error(
      `Bundle budget: the build has no chunk group "${name}"; check the route table's chunk names.`,
    );
    process.exit(1);
  }
}

const files = [...new Set(firstScreen.flatMap((name) => groups[name] ?? []))];
let total = 0;
for (const file of files) {
  const gzipped = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gzipped;
  console.log(`  ${(gzipped / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(
  `Bundle budget: first screen of /shop is ${(total / 1024).toFixed(1)} KB gzipped (${verdict} the ${BUDGET_BYTES / 1024} KB budget).`,
);
if (total > BUDGET_BYTES) process.exit(1);
