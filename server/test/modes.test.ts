/**
 * Demo and production modes: the demo's outbox and sandbox answer only the computer the shop
 * runs on, production has no outbox at all and refuses to start without a payment provider.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { App } from '../src/app';
import { start } from '../src/main';
import {
  call,
  createShopper,
  fillCart,
  initialize,
  json,
  seedProducts,
  setupHarness,
  TEST_ENV,
} from './helpers';

const t = setupHarness();

const PRODUCTION = {
  NODE_ENV: 'production',
  PAYSTACK_SECRET_KEY: 'sk_test_modes0000',
  MAIL_WEBHOOK_URL: 'http://127.0.0.1:9/relay',
  PUBLIC_URL: 'https://shop.example.ng',
  // The tests ask by the name inject gives every request.
  ALLOWED_HOSTS: 'localhost',
  // Asking for the outbox cannot bring it back in production.
  DEV_OUTBOX: '1',
};

const STRANGER = '192.168.1.20';

describe('production', () => {
  let production: App;
  beforeAll(async () => {
    production = await t.build(PRODUCTION, { mailer: { send: async () => undefined } });
  });

  test('has no outbox, not even for this computer, and says it is production', async () => {
    for (const remoteAddress of ['127.0.0.1', STRANGER]) {
      const r = await call(production, { url: '/api/dev/outbox', remoteAddress });
      expect(r.statusCode).toBe(404);
    }
    expect(json(await call(production, { url: '/api/health' }))).toEqual({
      status: 'ok',
      mode: 'production',
    });
  });

  test('a start without a payment provider is refused, naming the setting', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-modes-'));
    try {
      const env = {
        ...TEST_ENV,
        ...PRODUCTION,
        PAYSTACK_SECRET_KEY: '',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
      };
      let started: Awaited<ReturnType<typeof start>> | null = null;
      const outcome = await start(env).then(
        (running) => {
          started = running;
          return 'started';
        },
        (error: unknown) => (error as Error).message,
      );
      await (started as Awaited<ReturnType<typeof start>> | null)?.close();
      expect(outcome).toMatch(/PAYSTACK_SECRET_KEY is not set: .*without collecting any money/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('demo', () => {
  test('the outbox answers this computer only, and never a relayed request', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await call(t.app, { url: '/api/dev/outbox', remoteAddress })).statusCode).toBe(200);
    }
    const outside = await call(t.app, { url: '/api/dev/outbox', remoteAddress: STRANGER });
    expect(outside.statusCode).toBe(403);
    expect(json<{ detail: string }>(outside).detail).toMatch(
      /only on the computer the shop runs on/,
    );
    const relayed = await call(t.app, {
      url: '/api/dev/outbox',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(relayed.statusCode).toBe(403);
  });

  test('the sandbox settles payments for this computer only', async () => {
    const [garri] = await seedProducts(t.db, [{ name: 'Ijebu Garri 2kg', price: 2500 }]);
    const shopper = await createShopper(t.app, t.db);
    await fillCart(t.app, shopper, [[garri?.id ?? 0, 1]]);
    const { reference } = await initialize(t.app, shopper);
    const pay = (remoteAddress: string) =>
      call(t.app, {
        method: 'POST',
        url: `/api/sandbox/pay/${reference}`,
        token: shopper.token,
        remoteAddress,
      });
    expect((await pay(STRANGER)).statusCode).toBe(403);
    const rows = await t.db.query<{ status: string }>(
      'SELECT status FROM sandbox_payments WHERE reference = $1',
      [reference],
    );
    expect(rows[0]?.status).toBe('pending');
    expect((await pay('127.0.0.1')).statusCode).toBe(200);
  });

  test('health says demo, so the storefront can show its notice', async () => {
    expect(json(await call(t.app, { url: '/api/health' }))).toEqual({ status: 'ok', mode: 'demo' });
  });
});
