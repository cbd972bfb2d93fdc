/**
 * `npm run bench:import [-- --rows N]`: how long the catalogue spreadsheet takes at its
 * largest (5,000 rows by default).
 *
 * Starts the reference server (`server/src/main.ts`, demo mode, a fresh embedded database),
 * signs in the demo owner, exports the catalogue and builds a file of N rows from it: every
 * demo product with a new price and stock, the rest new products. It times the preview
 * (`?dry_run=1`) and the apply of that file, then exports again and times the preview and
 * apply of a file that changes the price and stock of every product in it. Prints each time
 * and the machine's load.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { csvField, parseCsv } from '../server/src/backOffice/csv';
import { argument, freePort, machineLoad, printTable, root, waitForHealth } from './benchServer';

const rows = Number(argument('--rows') ?? 5000);
const HEADER =
  'slug,name,description,category,price,discount,stock,unit,vat_class,low_stock_level,archived';

async function timed<T>(what: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await what();
  return [value, performance.now() - started];
}

/** Every data line of an export with a new price and stock (the export's column order). */
function repriced(csv: string, bump: number): string[] {
  return parseCsv(csv)
    .slice(1)
    .map(({ fields: cells }) => {
      cells[4] = String(Number(cells[4]) + bump);
      cells[5] = '';
      cells[6] = String(Number(cells[6]) + 1);
      return cells.map(csvField).join(',');
    });
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(
    'node',
    ['--import', 'tsx', '--max-semi-space-size=2', 'server/src/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseURL, server, 300_000);
    const login = await fetch(`${baseURL}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner@ibadanmarket.ng', password: 'OwnerPass123!' }),
    });
    if (!login.ok) throw new Error(`The demo owner could not sign in: ${login.status}`);
    const { access_token: token } = (await login.json()) as { access_token: string };
    const auth = { authorization: `Bearer ${token}` };
    const exportCsv = async () => {
      const r = await fetch(`${baseURL}/api/staff/products.csv`, { headers: auth });
      if (!r.ok) throw new Error(`Export: ${r.status} ${await r.text()}`);
      return r.text();
    };
    const importCsv = async (csv: string, dryRun: boolean) => {
      const r = await fetch(`${baseURL}/api/staff/products/import${dryRun ? '?dry_run=1' : ''}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/csv' },
        body: csv,
      });
      const body = (await r.json()) as {
        added?: unknown[];
        changed?: unknown[];
        bad?: { line: number; reason: string }[];
      };
      if (!r.ok || (body.bad?.length ?? 0) > 0) {
        throw new Error(`Import: ${r.status} ${JSON.stringify(body.bad ?? body).slice(0, 500)}`);
      }
      return `${body.added?.length ?? 0} added, ${body.changed?.length ?? 0} changed`;
    };

    const demo = repriced(await exportCsv(), 100);
    const fresh = Array.from(
      { length: Math.max(0, rows - demo.length) },
      (_, i) =>
        `,Bench product ${i + 1},A product for the import benchmark,Provisions,${1000 + (i % 500) * 10},,${i % 90},pack,exempt,5,no`,
    );
    const first = [HEADER, ...demo, ...fresh].slice(0, rows + 1).join('\r\n');
    const results: string[][] = [];
    const [previewed, previewMs] = await timed(() => importCsv(first, true));
    results.push(['preview, mostly new products', previewed, `${(previewMs / 1000).toFixed(2)} s`]);
    const [applied, applyMs] = await timed(() => importCsv(first, false));
    results.push(['apply, mostly new products', applied, `${(applyMs / 1000).toFixed(2)} s`]);

    const all = repriced(await exportCsv(), 50).slice(0, rows);
    const second = [HEADER, ...all].join('\r\n');
    const [previewed2, previewMs2] = await timed(() => importCsv(second, true));
    results.push([
      'preview, every price changed',
      previewed2,
      `${(previewMs2 / 1000).toFixed(2)} s`,
    ]);
    const [applied2, applyMs2] = await timed(() => importCsv(second, false));
    results.push(['apply, every price changed', applied2, `${(applyMs2 / 1000).toFixed(2)} s`]);

    console.log(
      `\n${rows.toLocaleString('en')} rows (${(Buffer.byteLength(first) / 1024).toFixed(0)} KiB), ${machineLoad()}\n`,
    );
    printTable(['step', 'rows', 'time'], results);
  } finally {
    await stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
