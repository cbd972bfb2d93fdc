/** The embedded database on disk: it keeps data, and one process at a time may open it. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../src/db/pglite';

jest.setTimeout(120_000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-db-'));
const lockFile = path.join(dir, 'pglite.lock');

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test('keeps data across restarts, locks the directory while open, and releases it on close', async () => {
  const first = await openPglite(dir);
  expect(fs.readFileSync(lockFile, 'utf8')).toMatch(new RegExp(`^${process.pid}( \\d+)?$`));
  await expect(openPglite(dir)).rejects.toThrow('already open in this process');
  await first.exec('CREATE TABLE kept (v text)');
  await first.query('INSERT INTO kept VALUES ($1)', ['garri']);
  // Two closes at once both wait for the real one.
  await Promise.all([first.close(), first.close()]);
  expect(fs.existsSync(lockFile)).toBe(false);

  // Another live process holds the directory: refused, with the reason.
  fs.writeFileSync(lockFile, String(process.ppid));
  await expect(openPglite(dir)).rejects.toThrow(`in use by process ${process.ppid}`);

  // A lock left by a process that died is taken over.
  fs.writeFileSync(lockFile, '2147483646');
  const second = await openPglite(dir);
  expect(await second.query<{ v: string }>('SELECT v FROM kept')).toEqual([{ v: 'garri' }]);
  await second.close();
  expect(fs.existsSync(lockFile)).toBe(false);
});

/** A process that has died but is still in the process table (its parent never collects it). */
async function zombie(): Promise<{ pid: number; cleanUp: () => void }> {
  const parent = spawn('sh', ['-c', 'sleep 300 & echo $!; exec sleep 300'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const pid = await new Promise<number>((resolve) =>
    parent.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  // Only once the shell has become `sleep`: a shell still running would collect its child
  // the moment it died, and there would be no zombie to test with.
  const parentPid = parent.pid ?? 0;
  while (fs.readFileSync(`/proc/${parentPid}/comm`, 'utf8').trim() !== 'sleep') {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  process.kill(pid, 'SIGKILL');
  // Dead at once; in the table until the parent goes, since `sleep` never collects children.
  while (!/^\S+ \(.*\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { pid, cleanUp: () => parent.kill('SIGKILL') };
}

const linux = fs.existsSync('/proc/self/stat') ? test : test.skip;

linux(
  'a lock left by a process killed with kill -9 (a zombie, or its id reused) is taken over',
  async () => {
    const dead = await zombie();
    try {
      fs.writeFileSync(lockFile, String(dead.pid));
      const db = await openPglite(dir);
      await db.close();
    } finally {
      dead.cleanUp();
    }
    // The id now belongs to another program: the start time in the lock tells them apart.
    const other = spawn('sleep', ['300'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(lockFile, `${other.pid} 1`);
      const db = await openPglite(dir);
      await db.close();
      expect(fs.existsSync(lockFile)).toBe(false);
    } finally {
      other.kill('SIGKILL');
    }
  },
);

test('a data directory that cannot be made is refused with the reason, and left unlocked', async () => {
  const blocked = path.join(dir, 'blocked');
  fs.mkdirSync(blocked);
  // A file where the database's own directory would go.
  fs.writeFileSync(path.join(blocked, 'pglite'), 'not a directory');
  await expect(openPglite(blocked)).rejects.toThrow('Creating the embedded database failed');
  expect(fs.existsSync(path.join(blocked, 'pglite.lock'))).toBe(false);
});

test('runs with small shared buffers: the shop fits, and the memory is not reserved', async () => {
  const db = await openPglite(null);
  try {
    expect(await db.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
  } finally {
    await db.close();
  }
});

test('a transaction rolls back on error and plain queries wait for it', async () => {
  const db = await openPglite(null);
  try {
    await db.exec('CREATE TABLE t (n integer)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (1)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // A plain query issued while a transaction is open must wait for its end: it must never
    // run inside it (and be rolled back with it, or see half of it).
    const order: string[] = [];
    let opened: () => void = () => undefined;
    const isOpen = new Promise<void>((resolve) => {
      opened = resolve;
    });
    let issued: () => void = () => undefined;
    const queryIssued = new Promise<void>((resolve) => {
      issued = resolve;
    });
    const inside = db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (2)');
      opened();
      await queryIssued;
      // The database answers in the order it is asked: a plain query that did not wait would
      // be answered before this one, asked after it.
      await tx.query('SELECT 1');
      order.push('transaction');
    });
    await isOpen;
    const plain = db.query('SELECT count(*)::int AS n FROM t').then((rows) => {
      order.push('query');
      return rows;
    });
    issued();
    await inside;
    const rows = await plain;
    expect(order).toEqual(['transaction', 'query']);
    expect(rows).toEqual([{ n: 1 }]);
    await expect(db.transaction(async () => db.query('SELECT 1'))).rejects.toThrow(
      'use the tx handle',
    );
  } finally {
    await db.close();
  }
});
