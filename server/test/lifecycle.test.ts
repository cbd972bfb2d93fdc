/**
 * Clean process life: npm start hands SIGTERM to the server and leaves nothing running, a
 * restart right after kill -9 works, a stop finishes what was received, and a full disk is
 * told in words, both to shoppers (503) and at start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Database, Queryable } from '../src/db/client';
import { DatabaseError } from '../src/db/client';
import { openDatabase } from '../src/db/open';
import { start } from '../src/main';
import {
  call,
  createShopper,
  detailOf,
  seedProducts,
  setupHarness,
  TEST_ENV,
  TEST_SECRET,
} from './helpers';

const t = setupHarness();
jest.setTimeout(240_000);

const ROOT = path.resolve(__dirname, '..', '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-life-'));
const started: ChildProcess[] = [];
const DISK_FULL =
  'The shop cannot save anything right now because its storage is full. Please try again later; nothing you sent was saved.';

// In-process starts print their ready line; the tests read what they need from the answers.
beforeAll(() => {
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});

afterAll(() => {
  // Whatever is left of what these tests started (nothing, when the server behaves).
  for (const child of started) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  fs.rmSync(scratch, { recursive: true, force: true });
});

const serverEnv = (dataDir: string): NodeJS.ProcessEnv => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...TEST_ENV,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_SECRET,
    DEMO_DATA: '0',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  return env;
};

interface NpmStart {
  npm: ChildProcess;
  url: string;
  exit: Promise<number | null>;
}

/** `npm start` as the README says (without the build), in its own process group. */
function npmStart(dataDir: string): Promise<NpmStart> {
  const npm = spawn('npm', ['start', '--', '--no-build'], {
    cwd: ROOT,
    env: serverEnv(dataDir),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(npm);
  const exit = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`npm start never got ready:\n${output}`)),
      180_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /Storefront ready at http:\/\/localhost:(\d+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve({ npm, url: `http://127.0.0.1:${ready[1]}`, exit });
      }
    };
    npm.stdout.on('data', read);
    npm.stderr.on('data', read);
    void exit.then((code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before it was ready:\n${output}`));
    });
  });
}

/**
 * Whether any process is left in the group npm led, once helpers that go with their parent
 * (tsx's esbuild service notices its pipe closing a moment later) have had time to go.
 */
async function groupAlive(pid: number): Promise<boolean> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      process.kill(-pid, 0);
    } catch {
      return false;
    }
    if (Date.now() > deadline) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/api/health`)).ok;
  } catch {
    return false;
  }
}

describe('npm start', () => {
  const dataDir = path.join(scratch, 'npm-data');
  const lockFile = path.join(dataDir, 'pglite.lock');

  test('SIGTERM to the npm process stops the server, leaves nothing running, and the restart works', async () => {
    const first = await npmStart(dataDir);
    expect(await answers(first.url)).toBe(true);
    process.kill(first.npm.pid as number, 'SIGTERM');
    expect(await first.exit).toBe(0);
    expect(await groupAlive(first.npm.pid as number)).toBe(false);
    expect(await answers(first.url)).toBe(false);
    expect(fs.existsSync(lockFile)).toBe(false);

    const again = await npmStart(dataDir);
    expect(await answers(again.url)).toBe(true);
    process.kill(again.npm.pid as number, 'SIGTERM');
    expect(await again.exit).toBe(0);
    expect(await groupAlive(again.npm.pid as number)).toBe(false);
  });

  test('a restart right after kill -9 of the server works', async () => {
    const first = await npmStart(dataDir);
    const serverPid = Number(fs.readFileSync(lockFile, 'utf8').split(' ')[0]);
    process.kill(serverPid, 'SIGKILL');
    const again = await npmStart(dataDir);
    expect(await answers(again.url)).toBe(true);
    await first.exit;
    process.kill(again.npm.pid as number, 'SIGTERM');
    expect(await again.exit).toBe(0);
  });
});

describe('stopping', () => {
  test('finishes every request already received, then closes the database', async () => {
    let db: Database | null = null;
    const running = await start(
      { ...serverEnv(path.join(scratch, 'drain-data')), OUTBOX_CONSOLE: '0' },
      {
        openDatabase: async (options) => {
          db = await openDatabase({ ...options, memory: true });
          return db;
        },
      },
    );
    const port = Number(new URL(running.url).port);
    const sockets = Array.from({ length: 50 }, () =>
      net.connect(port, '127.0.0.1', function (this: net.Socket) {
        this.write('GET /api/get-all-products HTTP/1.1\r\nHost: localhost\r\n\r\n');
      }),
    );
    const replies = sockets.map(
      (socket) =>
        new Promise<string>((resolve) => {
          let text = '';
          socket.on('data', (chunk) => (text += chunk.toString()));
          socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
          socket.on('error', (error) => resolve(`error ${(error as NodeJS.ErrnoException).code}`));
        }),
    );
    // Every connection has reached the server before it is told to stop.
    for (;;) {
      const open = await new Promise<number>((resolve) =>
        running.app.server.getConnections((_error, count) => resolve(count)),
      );
      if (open === sockets.length) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const stopping = running.close();
    expect(await Promise.all(replies)).toEqual(Array(50).fill('HTTP/1.1 200 OK'));
    await stopping;
    await expect((db as Database | null)?.query('SELECT 1')).rejects.toThrow();
    await expect(answers(running.url)).resolves.toBe(false);
  });
});

describe('a full disk', () => {
  /** The database as it behaves when its disk is full: reads work, writes fail. */
  function fullDisk(db: Database, error: () => Error): Database {
    const failing = (q: Queryable): Queryable => ({
      query: async (sql, params) => {
        if (/^\s*(INSERT|UPDATE|DELETE)/i.test(sql)) throw error();
        return q.query(sql, params);
      },
      exec: (sql) => q.exec(sql),
    });
    return {
      kind: db.kind,
      ...failing(db),
      transaction: (fn) => db.transaction((tx) => fn(failing(tx))),
      close: () => db.close(),
    };
  }

  test.each([
    [
      'PostgreSQL',
      () =>
        new DatabaseError(
          'could not extend file "base/16384/16397": No space left on device',
          '53100',
        ),
    ],
    ['the embedded database', () => new DatabaseError('ENOSPC: no space left on device, write')],
  ])('writes answer 503 in words a shopper understands (%s)', async (_name, error) => {
    const [product] = await seedProducts(t.db, [{ name: 'Dangote Sugar 1kg', price: 1500 }]);
    const shopper = await createShopper(t.app, t.db);
    const full = await t.build({}, { db: fullDisk(t.db, error) });

    const add = await call(full, {
      method: 'POST',
      url: '/api/add-cart',
      token: shopper.token,
      body: { user_id: shopper.id, product_id: product?.id, quantity: 1, price_per_item: 1 },
    });
    expect(add.statusCode).toBe(503);
    expect(detailOf(add)).toBe(DISK_FULL);
    expect(add.headers['retry-after']).toBeDefined();

    // Reads still work.
    expect((await call(full, { url: '/api/get-all-products' })).statusCode).toBe(200);

    const contact = await call(full, {
      method: 'POST',
      url: '/api/v1.0/email/send',
      body: {
        user_id: 'k',
        service_id: 's',
        template_id: 't',
        template_params: { name: 'Kemi', email: 'kemi@example.ng', message: 'Hello' },
      },
    });
    expect(contact.statusCode).toBe(503);
    expect(contact.body).toBe(DISK_FULL);
  });

  test('a start on a full disk stops with a clear message, not "Aborted()"', async () => {
    const env = serverEnv(path.join(scratch, 'full-data'));
    const outcome = (promise: ReturnType<typeof start>) =>
      promise.then(
        async (running) => {
          await running.close();
          return 'started';
        },
        (error: unknown) => (error as Error).message,
      );

    // Known to be full before the database is opened.
    expect(await outcome(start(env, { freeBytes: () => 5 * 1024 * 1024 }))).toMatch(
      /^The disk holding DATA_DIR \(.*full-data\) is full \(5 MB free\): .*Free some space/,
    );

    // The embedded database aborts while the disk fills up during its start.
    let free = 10 * 1024 * 1024 * 1024;
    const aborting = start(env, {
      freeBytes: () => free,
      openDatabase: async () => {
        free = 1024 * 1024;
        throw new Error('Aborted(). Build with -sASSERTIONS for more info.');
      },
    });
    expect(await outcome(aborting)).toMatch(/^The disk holding DATA_DIR .* is full \(1 MB free\)/);
  });
});
