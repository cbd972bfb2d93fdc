/**
 * A first start on a new embedded data directory, as `npm run server` makes it: the database
 * is prepared by a child process (see src/db/prepare.ts), then this server opens it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, type ServerProcess } from '../cluster/servers';

jest.setTimeout(180_000);

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-start-'));
const running: ServerProcess[] = [];

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  fs.rmSync(root, { recursive: true, force: true });
});

function settings(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    OUTBOX_CONSOLE: '0',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    ...extra,
  };
}

async function catalogueSize(server: ServerProcess): Promise<number> {
  const answer = await fetch(`${server.url}/api/get-all-products`);
  expect(answer.status).toBe(200);
  return ((await answer.json()) as unknown[]).length;
}

test('a first start makes the database with its demo data, and a restart keeps it', async () => {
  const dataDir = path.join(root, 'demo');
  const first = await startServer('first start', settings(dataDir));
  running.push(first);
  const products = await catalogueSize(first);
  expect(products).toBeGreaterThanOrEqual(60);
  // The preparing process has gone: the directory is this server's (the lock holds its
  // process id, then its start time).
  const [owner] = fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8').split(' ');
  expect(owner).toBe(String(first.pid));
  const login = await fetch(`${first.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo@ibadanmarket.ng', password: 'DemoPass123!' }),
  });
  expect(login.status).toBe(200);
  await first.stop();

  const again = await startServer('restart', settings(dataDir));
  running.push(again);
  expect(await catalogueSize(again)).toBe(products);
  await again.stop();
});

test('a first start honours DEMO_DATA=0 and reports a database it cannot make', async () => {
  const empty = await startServer(
    'empty start',
    settings(path.join(root, 'empty'), { DEMO_DATA: '0' }),
  );
  running.push(empty);
  expect(await catalogueSize(empty)).toBe(0);
  await empty.stop();

  const blocked = path.join(root, 'blocked');
  fs.mkdirSync(blocked);
  fs.writeFileSync(path.join(blocked, 'pglite'), 'not a directory');
  await expect(startServer('blocked start', settings(blocked))).rejects.toThrow(
    /could not start: Preparing the new embedded database failed: Creating the embedded database failed/,
  );
});
