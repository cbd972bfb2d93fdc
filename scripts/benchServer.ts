/**
 * What the browser benchmarks share: a free port, and the storefront (production build and
 * reference API) started on a throw-away data directory, the way `npm start` runs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(__dirname, '..');
export const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

export function requireChromium(): void {
  if (!fs.existsSync(chromePath)) {
    throw new Error(
      `No Chromium at ${chromePath}: apt-get install -y chromium, or set CHROME_PATH.`,
    );
  }
}

/** The machine's load, printed beside every timing: they grow with it. */
export function machineLoad(): string {
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  return `${os.cpus().length} CPUs, load average ${load}`;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(
  baseURL: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server stopped (exit code ${child.exitCode}).`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server did not answer ${baseURL}/api/health within ${timeoutMs / 1000} s.`);
}

export interface Storefront {
  baseURL: string;
  dataDir: string;
  /** Stops the server and deletes its data directory. */
  stop(): Promise<void>;
}

/**
 * Starts scripts/start.ts (which builds the storefront first when the build is missing or
 * stale) on a free port. With no `dataDir`, a fresh one is made, so the demo catalogue and
 * demo shopper are there and nothing from an earlier run is.
 */
export async function startStorefront(
  options: { dataDir?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<Storefront> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'bench-storefront-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(tsx, ['scripts/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...options.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, dataDir, stop };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Prints rows under a header, each column as wide as its widest cell. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  console.log(line(header));
  console.log(line(widths.map((width) => '-'.repeat(width))));
  for (const row of rows) console.log(line(row));
}
