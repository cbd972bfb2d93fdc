/**
 * A full disk never hangs the server: with its database and its log on a small file system
 * that the test fills up, a real server process keeps answering reads, answers writes with
 * 503 in words, and stops on SIGTERM. The file system is a tmpfs the test mounts itself
 * (root only); where it cannot, the test says so and is skipped.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DISK_FULL_DETAIL } from '../src/plugins/errors';
import { registration } from './helpers';

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '..', '..');
const MAIN = path.join(ROOT, 'server', 'src', 'main.ts');
const READY = /Storefront ready at http:\/\/[^:\s]+:(\d+)/;
/** Room for a new empty database (about 40 MB) and the 32 MB a start asks to find free. */
const SIZE = '80m';

const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-full-'));
const mount = spawnSync(
  'mount',
  ['-t', 'tmpfs', '-o', `size=${SIZE},mode=0700`, 'tmpfs', mountPoint],
  {
    encoding: 'utf8',
  },
);
const mounted = mount.status === 0;
if (!mounted) {
  console.warn(
    `Skipping the full-disk test: a tmpfs could not be mounted on ${mountPoint} (${(mount.stderr || mount.error?.message || 'no reason given').trim()}). Run the tests as root to include it.`,
  );
}
const whenMounted = mounted ? test : test.skip;

let server: ChildProcess | null = null;

afterAll(() => {
  // A server that hung is not left behind holding the mount.
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  if (mounted) spawnSync('umount', ['-l', mountPoint]);
  fs.rmSync(mountPoint, { recursive: true, force: true });
});

/** Writes zeros until the file system refuses: the disk is full from here on. */
function fillUp(file: string): number {
  const fd = fs.openSync(file, 'w');
  const block = Buffer.alloc(1024 * 1024);
  let total = 0;
  try {
    for (;;) {
      try {
        total += fs.writeSync(fd, block);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
        throw error;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  // The last partial block may have left less than a block: take that too.
  const small = Buffer.alloc(512);
  const tail = fs.openSync(`${file}.tail`, 'w');
  try {
    for (;;) total += fs.writeSync(tail, small);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(tail);
  }
  return total;
}

/** Resolves with the port once the ready line is in the log file, read as it changes. */
function readyPort(logFile: string, exited: Promise<number | null>): Promise<number> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const ready = READY.exec(fs.readFileSync(logFile, 'utf8'));
      if (!ready) return false;
      watcher.close();
      resolve(Number(ready[1]));
      return true;
    };
    const watcher = fs.watch(logFile, () => check());
    check();
    void exited.then((code) => {
      watcher.close();
      reject(new Error(`the server exited (${code}) before it was ready`));
    });
  });
}

whenMounted(
  'with its database and its log on a full disk the server answers reads, refuses writes in words, and stops on SIGTERM',
  async () => {
    const dataDir = path.join(mountPoint, 'data');
    const logFile = path.join(mountPoint, 'server.log');
    const log = fs.openSync(logFile, 'w');
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        DEMO_DATA: '0',
        // Every request logs, so every request writes to the full disk.
        LOG_LEVEL: 'info',
        OUTBOX_CONSOLE: '0',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
      },
      stdio: ['ignore', log, 'pipe'],
    });
    server = child;
    fs.closeSync(log);
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    try {
      const port = await readyPort(
        logFile,
        exited.then(({ code }) => code),
      );
      const url = `http://127.0.0.1:${port}`;
      expect(fillUp(path.join(mountPoint, 'filler'))).toBeGreaterThan(0);

      // More than the five writes after which the old logger held the event loop.
      for (let n = 0; n < 12; n++) {
        const read = await fetch(`${url}/api/get-all-products`);
        expect(read.status).toBe(200);
        const write = await fetch(`${url}/api/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(registration()),
        });
        expect(write.status).toBe(503);
        expect(await write.json()).toEqual({ detail: DISK_FULL_DETAIL });
        expect(write.headers.get('retry-after')).not.toBeNull();
      }
      expect((await fetch(`${url}/api/health`)).status).toBe(200);

      child.kill('SIGTERM');
      const { code, signal } = await exited;
      // It ended by itself (no signal killed it), and no unhandled error on the way.
      expect(signal).toBeNull();
      expect(typeof code).toBe('number');
      expect(errors).not.toMatch(/Unhandled|uncaught|^\s+at /im);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  },
);
