/**
 * A phone photo through the back office: a 12-megapixel JPEG (4000x3000, taken sideways,
 * with its GPS position in EXIF) uploaded by the demo owner to a server of its own on a fresh
 * embedded database. For each of 3 runs: the time from sending the upload to the answer (the
 * photo checked, every copy made and stored), and the server's resident memory before, at its
 * peak during the upload (sampled every 10 ms from /proc) and after. Prints each run, the
 * median and the machine's load average. `npm run bench:photo` (-- --runs N).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { startServer } from '../server/cluster/servers';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const MB = 1024 * 1024;

function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kib) * 1024;
}

/** A photo as a phone takes it: noisy detail (so it compresses as a real one), EXIF and GPS. */
async function phonePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(1.5)
    .raw()
    .toBuffer();
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'BenchPhone', Model: 'Camera 12MP' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '7/1 23/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '3/1 54/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function main() {
  const photo = await phonePhoto();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-photo-'));
  const server = await startServer('photo bench', {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    OUTBOX_CONSOLE: '0',
  });
  try {
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner@ibadanmarket.ng', password: 'OwnerPass123!' }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const products = (await (await fetch(`${server.url}/api/get-all-products`)).json()) as
      { products?: { id: number }[] } | { id: number }[];
    const list = Array.isArray(products) ? products : (products.products ?? []);
    // Let the server settle after its start: its usual level is what it holds idle.
    await sleep(2000);
    const rows: { ms: number; before: number; peak: number; after: number }[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const product = list[run % list.length];
      if (!product) throw new Error('The demo catalogue has no products');
      const before = rssBytes(server.pid);
      let peak = before;
      const sampling = { on: true };
      const sampler = (async () => {
        while (sampling.on) {
          peak = Math.max(peak, rssBytes(server.pid));
          await sleep(10);
        }
      })();
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
      const started = performance.now();
      const answer = await fetch(`${server.url}/api/staff/products/${product.id}/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const ms = performance.now() - started;
      sampling.on = false;
      await sampler;
      if (answer.status !== 201) throw new Error(`upload: ${answer.status} ${await answer.text()}`);
      // Memory a moment later, once the copies' buffers are collected.
      await sleep(1500);
      const after = rssBytes(server.pid);
      rows.push({ ms, before, peak, after });
      console.info(
        `run ${run + 1}: ${ms.toFixed(0)} ms; RSS before ${(before / MB).toFixed(0)} MB, ` +
          `peak ${(peak / MB).toFixed(0)} MB, after ${(after / MB).toFixed(0)} MB`,
      );
    }
    console.info(
      `photo ${(photo.length / MB).toFixed(1)} MB, 4000x3000 (12 MP) JPEG with EXIF GPS, ${RUNS} runs`,
    );
    console.info(
      `median: ${median(rows.map((r) => r.ms)).toFixed(0)} ms upload to stored with copies; ` +
        `RSS before ${(median(rows.map((r) => r.before)) / MB).toFixed(0)} MB, ` +
        `peak ${(median(rows.map((r) => r.peak)) / MB).toFixed(0)} MB, ` +
        `after ${(median(rows.map((r) => r.after)) / MB).toFixed(0)} MB`,
    );
    console.info(
      `load average: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
