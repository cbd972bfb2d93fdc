/**
 * Backups of the embedded database without stopping the shop: `npm run backup` asks the
 * running server for the copy while it serves, `npm run restore` makes a new DATA_DIR of it,
 * and a server started there has the orders. The backup call itself answers only with the
 * server's key and only from this computer.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startServer, type ServerProcess } from '../cluster/servers';
import { BACKUP_KEY_HEADER } from '../src/db/backup';
import { setupHarness } from './helpers';

const ROOT = path.resolve(__dirname, '..', '..');
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-backup-'));
const running: ServerProcess[] = [];
const KEY = 'a-backup-key-for-this-test-only-0123456789';
const t = setupHarness({ deps: { backupKey: KEY } });
// Servers start on new data directories (initdb) and commands start node: minutes, not seconds.
jest.setTimeout(300_000);

afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  fs.rmSync(root, { recursive: true, force: true });
});

function settings(dataDir: string): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    OUTBOX_CONSOLE: '0',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
  };
}

/** Runs one of the package's commands (backup, restore) as npm would, to its end. */
function command(
  script: 'backupCli' | 'restoreCli',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const file = path.join(ROOT, 'server', 'src', 'db', `${script}.ts`);
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

async function api<T>(
  server: ServerProcess,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const answer = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${url}: ${answer.status} ${text}`);
  return JSON.parse(text) as T;
}

async function demoShopper(server: ServerProcess): Promise<{ id: number; token: string }> {
  const login = await api<{ access_token: string; user_details: { id: number } }>(
    server,
    'POST',
    '/api/login',
    undefined,
    { username: 'demo@ibadanmarket.ng', password: 'DemoPass123!' },
  );
  return { id: login.user_details.id, token: login.access_token };
}

/** Buys one in-stock product through the sandbox; the order's id and reference. */
async function placeOrder(server: ServerProcess): Promise<{ id: number; reference: string }> {
  const shopper = await demoShopper(server);
  const products = await api<{ id: number; inventory_stock: number }[]>(
    server,
    'GET',
    '/api/get-all-products',
  );
  const product = products.find((p) => p.inventory_stock > 0);
  if (!product) throw new Error('no product in stock');
  await api(server, 'POST', '/api/add-cart', shopper.token, {
    user_id: shopper.id,
    product_id: product.id,
    quantity: 1,
    price_per_item: 1,
  });
  const started = await api<{ transaction_data: { data: { reference: string } } }>(
    server,
    'POST',
    '/api/initialize-transaction',
    shopper.token,
    { userid: shopper.id, delivery_method: 'pickup' },
  );
  const reference = started.transaction_data.data.reference;
  await api(server, 'POST', `/api/sandbox/pay/${reference}`, shopper.token);
  const order = await api<{ id: number }>(server, 'POST', '/api/checkout', shopper.token, {
    reference_id: reference,
    delivery_model: 'pickup',
  });
  return { id: order.id, reference };
}

test('a backup taken while the shop serves restores into a new DATA_DIR with its orders', async () => {
  const live = path.join(root, 'live');
  const server = await startServer('live shop', settings(live));
  running.push(server);
  const order = await placeOrder(server);

  // Shoppers keep browsing while the backup is taken: every request is answered.
  const backedUp = new AbortController();
  const statuses: number[] = [];
  const browsing = (async () => {
    while (!backedUp.signal.aborted) {
      const answer = await fetch(`${server.url}/api/get-all-products`);
      await answer.arrayBuffer();
      statuses.push(answer.status);
    }
  })();
  const file = path.join(root, 'shop.tar.gz');
  const backup = await command('backupCli', [file], { DATA_DIR: live });
  backedUp.abort();
  await browsing;
  expect(backup).toEqual({ code: 0, output: expect.stringContaining('from the running server') });
  expect(statuses.length).toBeGreaterThan(0);
  expect(statuses.every((status) => status === 200)).toBe(true);
  // A gzipped tarball, readable by the server's user only.
  expect(fs.readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  expect(fs.statSync(file).mode & 0o077).toBe(0);
  // The server is still the one serving, and still takes orders.
  await placeOrder(server);
  await server.stop();
  // Its key went with it.
  expect(fs.existsSync(path.join(live, 'backup-access.json'))).toBe(false);

  const restored = path.join(root, 'restored');
  const restore = await command('restoreCli', [file], { DATA_DIR: restored });
  expect(restore).toEqual({ code: 0, output: expect.stringContaining(`Restored ${file}`) });

  const again = await startServer('restored shop', settings(restored));
  running.push(again);
  const shopper = await demoShopper(again);
  const orders = await api<{ id: number; reference_id?: string }[]>(
    again,
    'GET',
    '/api/orders',
    shopper.token,
  );
  // The order placed before the backup is there; the one placed after it is not.
  expect(orders.map((o) => o.id)).toEqual([order.id]);
  await again.stop();

  // With no server running, the command opens DATA_DIR itself.
  const offline = await command('backupCli', [path.join(root, 'offline.tar.gz')], {
    DATA_DIR: restored,
  });
  expect(offline).toEqual({ code: 0, output: expect.stringContaining('with no server running') });
});

test('a restore never replaces a database, and refuses a file that is no backup', async () => {
  const junk = path.join(root, 'junk.tar.gz');
  fs.writeFileSync(junk, zlib.gzipSync('not a database'));
  const target = path.join(root, 'target');
  fs.mkdirSync(path.join(target, 'pglite'), { recursive: true });
  fs.writeFileSync(path.join(target, 'pglite', 'PG_VERSION'), '17');
  const notEmpty = await command('restoreCli', [junk], { DATA_DIR: target });
  expect(notEmpty.code).toBe(1);
  expect(notEmpty.output).toContain('already holds a database');
  expect(fs.readFileSync(path.join(target, 'pglite', 'PG_VERSION'), 'utf8')).toBe('17');

  const fresh = path.join(root, 'fresh');
  const refused = await command('restoreCli', [junk], { DATA_DIR: fresh });
  expect(refused.code).toBe(1);
  expect(refused.output).toContain(`${junk} is not a backup of the shop's database`);
  // Nothing half-made is left to start on.
  expect(fs.existsSync(path.join(fresh, 'pglite'))).toBe(false);

  const missing = await command('restoreCli', [path.join(root, 'nowhere.tar.gz')], {
    DATA_DIR: fresh,
  });
  expect(missing.code).toBe(1);
  expect(missing.output).toContain('There is no backup file at');
  expect((await command('backupCli', [], { DATA_DIR: fresh })).output).toContain(
    'Usage: npm run backup -- FILE',
  );
});

describe('the backup call', () => {
  test('answers the database with the key, from this computer only', async () => {
    const url = '/api/ops/backup';
    const local = { remoteAddress: '127.0.0.1' };
    if (t.db.kind === 'postgres') {
      // PostgreSQL is copied with pg_dump (server/README.md): the app offers no such call.
      const none = await t.app.inject({
        method: 'POST',
        url,
        headers: { [BACKUP_KEY_HEADER]: KEY },
        ...local,
      });
      expect(none.statusCode).toBe(404);
      return;
    }
    const taken = await t.app.inject({
      method: 'POST',
      url,
      headers: { [BACKUP_KEY_HEADER]: KEY },
      ...local,
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.headers['content-type']).toBe('application/gzip');
    expect(taken.headers['cache-control']).toBe('no-store');
    expect(zlib.gunzipSync(taken.rawPayload).length).toBeGreaterThan(1024);

    const wrong = await t.app.inject({
      method: 'POST',
      url,
      headers: { [BACKUP_KEY_HEADER]: 'guess' },
      ...local,
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      detail: expect.stringContaining('backup key is missing or wrong'),
    });
    expect((await t.app.inject({ method: 'POST', url, ...local })).statusCode).toBe(401);

    const remote = await t.app.inject({
      method: 'POST',
      url,
      headers: { [BACKUP_KEY_HEADER]: KEY },
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(403);
    const relayed = await t.app.inject({
      method: 'POST',
      url,
      headers: { [BACKUP_KEY_HEADER]: KEY, 'x-forwarded-for': '203.0.113.9' },
      ...local,
    });
    expect(relayed.statusCode).toBe(403);
  });

  test('does not exist on an app built without a key', async () => {
    const plain = await t.build({}, { backupKey: undefined });
    const r = await plain.inject({
      method: 'POST',
      url: '/api/ops/backup',
      remoteAddress: '127.0.0.1',
    });
    expect(r.statusCode).toBe(404);
  });
});
