/**
 * Only the shop's own names: a page on another site that points its DNS name at the shop
 * (DNS rebinding) reaches nothing, neither the demo's outbox nor a reset nor staff pages nor
 * the storefront itself.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { App } from '../src/app';
import { loadConfig } from '../src/config';
import { allowedHostNames, hostNameOf } from '../src/plugins/hosts';
import { call, detailOf, setupHarness, TEST_ENV } from './helpers';

const t = setupHarness();

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-hosts-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(dist, 'assets', 'main.0123456789.js'), 'console.log("shop")');

const PRODUCTION = {
  NODE_ENV: 'production',
  PAYSTACK_SECRET_KEY: 'sk_test_hosts0000',
  MAIL_WEBHOOK_URL: 'http://127.0.0.1:9/relay',
  PUBLIC_URL: 'https://shop.example.ng',
  ALLOWED_HOSTS: 'www.shop.example.ng, Shop-Internal',
  DIST_DIR: dist,
};

/** One of each kind of thing a rebinding page would be after. */
const TARGETS: { name: string; method: 'GET' | 'POST'; url: string; body?: object }[] = [
  { name: 'the outbox', method: 'GET', url: '/api/dev/outbox' },
  {
    name: 'a password reset',
    method: 'POST',
    url: '/api/reset-password',
    body: { email: 'demo@ibadanmarket.ng', otp: '123456', new_password: 'Taken-Over-2026' },
  },
  { name: 'staff orders', method: 'GET', url: '/api/staff/orders' },
  { name: 'a page', method: 'GET', url: '/shop' },
  { name: 'a static file', method: 'GET', url: '/assets/main.0123456789.js' },
  { name: 'an address that does not exist', method: 'GET', url: '/api/nothing-here' },
];

let demo: App;
let production: App;
beforeAll(async () => {
  demo = await t.build({ DIST_DIR: dist });
  production = await t.build(PRODUCTION, { mailer: { send: async () => undefined } });
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const ask = (app: App, target: (typeof TARGETS)[number], host: string) =>
  call(app, {
    method: target.method,
    url: target.url,
    headers: { host },
    body: target.body,
    remoteAddress: '127.0.0.1',
  });

describe('the demo', () => {
  test.each(TARGETS)('refuses $name asked for under a foreign name', async (target) => {
    for (const host of ['rebind.attacker.example', 'rebind.attacker.example:8080', '10.1.2.3']) {
      const answer = await ask(demo, target, host);
      expect(answer.statusCode).toBe(421);
      expect(detailOf(answer)).toMatch(
        /^This shop does not answer to the name "(rebind\.attacker\.example|10\.1\.2\.3)"\. Open it at http:\/\/localhost:\d+\.$/,
      );
    }
  });

  test.each(TARGETS)('answers $name under its own names, any port', async (target) => {
    for (const host of [
      'localhost',
      'localhost:8080',
      '127.0.0.1:4173',
      '[::1]:8080',
      'LOCALHOST.',
    ]) {
      expect((await ask(demo, target, host)).statusCode).not.toBe(421);
    }
    expect((await ask(demo, TARGETS[0] as (typeof TARGETS)[number], 'localhost')).statusCode).toBe(
      200,
    );
  });

  test('a request with no name at all is refused too', async () => {
    // inject always names a host: an HTTP/1.0 request on a real socket may name none.
    const listening = await t.build();
    await listening.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = listening.server.address() as net.AddressInfo;
      const reply = await new Promise<string>((resolve, reject) => {
        let text = '';
        const socket = net.connect(address.port, '127.0.0.1', () =>
          socket.write('GET /api/get-all-products HTTP/1.0\r\n\r\n'),
        );
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      expect(reply.split('\r\n')[0]).toBe('HTTP/1.1 421 Misdirected Request');
      expect(reply).toMatch(/\{"detail":"This request does not name the shop it is for/);
    } finally {
      await listening.close();
    }
  });
});

describe('production', () => {
  test.each(TARGETS)('refuses $name under any name but the shop’s', async (target) => {
    for (const host of ['rebind.attacker.example', 'localhost', '127.0.0.1:8080']) {
      const answer = await ask(production, target, host);
      expect(answer.statusCode).toBe(421);
      expect(detailOf(answer)).toMatch(
        /^This shop does not answer to the name "[^"]+"\. Open it at https:\/\/shop\.example\.ng\.$/,
      );
    }
  });

  test.each(TARGETS)('answers $name under PUBLIC_URL’s name and ALLOWED_HOSTS', async (target) => {
    for (const host of [
      'shop.example.ng',
      'shop.example.ng:443',
      'www.shop.example.ng',
      'shop-internal:8081',
    ]) {
      expect((await ask(production, target, host)).statusCode).not.toBe(421);
    }
  });

  test('a load balancer’s health check by address is answered', async () => {
    for (const url of ['/api/health', '/api/health?probe=1']) {
      const answer = await production.inject({ url, headers: { host: '10.0.0.5:8081' } });
      expect(answer.statusCode).toBe(200);
    }
  });
});

describe('the names', () => {
  test('a Host header is read as a name without port, case or trailing dot', () => {
    expect(hostNameOf('Shop.Example.NG.:443')).toBe('shop.example.ng');
    expect(hostNameOf('[::1]:8080')).toBe('[::1]');
    expect(hostNameOf('127.0.0.1')).toBe('127.0.0.1');
    expect(hostNameOf(undefined)).toBeNull();
    expect(hostNameOf('a b')).toBeNull();
    expect(hostNameOf('user@shop.example.ng')).toBeNull();
  });

  test('a demo on one network address answers to that address too', () => {
    const names = allowedHostNames(loadConfig({ ...TEST_ENV, HOST: '192.168.1.5' }));
    expect([...names].sort()).toEqual(['127.0.0.1', '192.168.1.5', '[::1]', 'localhost']);
    expect([...allowedHostNames(loadConfig({ ...TEST_ENV, HOST: '0.0.0.0' }))]).not.toContain(
      '0.0.0.0',
    );
  });

  test('ALLOWED_HOSTS takes names only, and says which entry is wrong', () => {
    expect(() =>
      loadConfig({ ...TEST_ENV, ALLOWED_HOSTS: 'shop.example.ng, https://x.ng' }),
    ).toThrow(
      'ALLOWED_HOSTS entries must be host names such as shop.example.ng or 10.0.0.5 (no scheme, port or path), not "https://x.ng"',
    );
    expect(
      loadConfig({ ...TEST_ENV, ALLOWED_HOSTS: 'Shop.Example.NG., [::1]' }).allowedHosts,
    ).toEqual(['shop.example.ng', '[::1]']);
  });
});
