/** Settings, tokens, money and images: no database needed. */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTokenService } from '../src/auth/tokens';
import { ConfigError, ensureJwtSecret, loadConfig, serverUrl } from '../src/config';
import { productSvg } from '../src/images';
import { cartTotals, formatNaira, toNaira, vatKobo } from '../src/money';
import { TestClock } from './helpers';

describe('settings', () => {
  test('defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'development',
      mode: 'demo',
      host: '127.0.0.1',
      port: 8080,
      apiPrefix: '/api',
      databaseUrl: null,
      jwtSecret: null,
      tokenTtlSeconds: 7 * 86400,
      paystack: { secretKey: null, baseUrl: 'https://api.paystack.co' },
      affiliateCommissionRate: 0.025,
      corsOrigins: [],
      bodyLimitBytes: 65536,
      argon2: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
      stockHoldSeconds: 900,
      payLater: {
        maxKobo: 10_000_000,
        firstOrderMaxKobo: 3_000_000,
        maxOpenOrders: 2,
        openMaxKobo: 15_000_000,
        maxStockPercent: 50,
        expiryHours: 24,
      },
      demoData: true,
    });
    expect(c.dataDir).toBe(path.resolve('./data'));
  });

  test('every problem is reported at once, naming the setting', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        JWT_SECRET: 'short',
        PAYSTACK_SECRET_KEY: 'pk_test_abc',
        CORS_ORIGINS: 'https://ok.example.ng, not a url',
        AFFILIATE_COMMISSION_RATE: '2',
        DATABASE_URL: 'mysql://x',
        JWT_EXPIRES_IN: 'forever',
        NODE_ENV: 'staging',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toEqual([
      'NODE_ENV must be development, production or test, not "staging"',
      'DATABASE_URL must start with postgres:// or postgresql://',
      'JWT_SECRET must be at least 32 characters (it is 5); leave it unset to have one generated in DATA_DIR',
      'PAYSTACK_SECRET_KEY holds a public key (pk_...); the server needs the secret key (sk_...)',
      'CORS_ORIGINS entries must be origins such as https://shop.example.ng, not "not a url"',
      'PORT must be a whole number from 0 to 65535, not "eighty"',
      'JWT_EXPIRES_IN must be a duration from 60s to 366d such as 7d, 12h or 3600, not "forever"',
      'AFFILIATE_COMMISSION_RATE must be a number from 0 to 0.5, not "2"',
    ]);
    expect((error as Error).message).toMatch(/^Invalid server settings:\n {2}- NODE_ENV/);
  });

  const PRODUCTION_READY = {
    NODE_ENV: 'production',
    PAYSTACK_SECRET_KEY: 'sk_live_abc123',
    MAIL_WEBHOOK_URL: 'https://relay.example.ng/send',
    PUBLIC_URL: 'https://shop.example.ng',
  };

  test('production listens everywhere and adds no demo data; demo listens on loopback', () => {
    expect(loadConfig(PRODUCTION_READY)).toMatchObject({
      mode: 'production',
      host: '0.0.0.0',
      demoData: false,
    });
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ mode: 'demo', host: '127.0.0.1' });
  });

  test('a production start is refused, naming the setting, when it would give goods away or leak codes', () => {
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    const bare = problemsOf({ NODE_ENV: 'production' });
    expect(bare).toHaveLength(4);
    expect(bare[0]).toMatch(/^PAYSTACK_SECRET_KEY is not set: .*without collecting any money/);
    expect(bare[1]).toMatch(/^No email route is set: .*Set SMTP_URL .* or MAIL_WEBHOOK_URL/);
    expect(bare[2]).toMatch(/^No SMS route is set: .*SMS_PROVIDER=termii .*africastalking/);
    expect(bare[3]).toMatch(/^PUBLIC_URL is not set: .*links in order emails/);
    // A value that is no origin is named once, as what it is, not also as missing.
    expect(problemsOf({ ...PRODUCTION_READY, PUBLIC_URL: 'shop.example.ng' })).toEqual([
      'PUBLIC_URL must be an http(s) origin such as https://shop.example.ng (no path), not "shop.example.ng"',
    ]);
    expect(
      problemsOf({ ...PRODUCTION_READY, DATABASE_URL: 'postgres://shop@db.example.ng/shop' }),
    ).toEqual([expect.stringMatching(/^JWT_SECRET is not set: with DATABASE_URL in production/)]);
    expect(problemsOf({ ...PRODUCTION_READY, DEMO_DATA: '1' })).toEqual([
      expect.stringMatching(/^DEMO_DATA=1 would add the demo shopper/),
    ]);
    expect(
      problemsOf({
        ...PRODUCTION_READY,
        DATABASE_URL: 'postgres://shop@db.example.ng/shop',
        JWT_SECRET: 'j'.repeat(40),
      }),
    ).toEqual([]);
  });

  test('production needs an email and an SMS route; the relay alone still carries both', () => {
    const { MAIL_WEBHOOK_URL: _relay, ...noRoutes } = PRODUCTION_READY;
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    const smtp = { SMTP_URL: 'smtps://shop:secret@smtp.example.ng:465' };
    const termii = {
      SMS_PROVIDER: 'termii',
      TERMII_API_KEY: 'TLkey',
      TERMII_SENDER_ID: 'IbadanMkt',
    };
    expect(problemsOf({ ...noRoutes, ...smtp })).toEqual([
      expect.stringMatching(/^No SMS route is set: /),
    ]);
    expect(problemsOf({ ...noRoutes, ...termii })).toEqual([
      expect.stringMatching(/^No email route is set: /),
    ]);
    expect(loadConfig({ ...noRoutes, ...smtp, ...termii }).messaging).toEqual({
      email: {
        kind: 'smtp',
        url: smtp.SMTP_URL,
        from: 'Ibadan Market <hello@ibadanmarket.ng>',
      },
      sms: {
        kind: 'termii',
        apiKey: 'TLkey',
        senderId: 'IbadanMkt',
        baseUrl: 'https://api.ng.termii.com',
        channel: 'generic',
      },
      maxAttempts: 12,
    });
    expect(loadConfig(PRODUCTION_READY).messaging).toMatchObject({
      email: { kind: 'relay' },
      sms: { kind: 'relay' },
    });
    expect(
      loadConfig({
        ...noRoutes,
        ...smtp,
        SMS_PROVIDER: 'africastalking',
        AFRICASTALKING_USERNAME: 'ibadanmarket',
        AFRICASTALKING_API_KEY: 'atsk_key',
      }).messaging.sms,
    ).toEqual({
      kind: 'africastalking',
      username: 'ibadanmarket',
      apiKey: 'atsk_key',
      senderId: null,
      baseUrl: 'https://api.africastalking.com',
    });
    // Every missing or wrong piece at once, and never the SMTP password.
    const wrong = problemsOf({
      ...noRoutes,
      SMTP_URL: 'https://shop:secret@smtp.example.ng',
      SMS_PROVIDER: 'africastalking',
    });
    expect(wrong).toEqual([
      'SMTP_URL must be an smtp:// or smtps:// address such as smtps://user:password@smtp.example.ng:465',
      expect.stringMatching(/^AFRICASTALKING_USERNAME is not set: /),
      expect.stringMatching(/^AFRICASTALKING_API_KEY is not set: /),
      expect.stringMatching(/^No email route is set: /),
    ]);
    expect(wrong.join('\n')).not.toContain('secret');
    expect(problemsOf({ ...noRoutes, ...smtp, SMS_PROVIDER: 'termii' })).toEqual([
      expect.stringMatching(/^TERMII_API_KEY is not set: /),
      expect.stringMatching(/^TERMII_SENDER_ID is not set: /),
    ]);
    expect(problemsOf({ ...noRoutes, ...smtp, SMS_PROVIDER: 'relay' })).toEqual([
      expect.stringMatching(/^SMS_PROVIDER=relay needs MAIL_WEBHOOK_URL/),
      expect.stringMatching(/^No SMS route is set: /),
    ]);
    expect(problemsOf({ ...PRODUCTION_READY, SMS_PROVIDER: 'twilio' })).toEqual([
      'SMS_PROVIDER must be one of termii, africastalking, relay, not "twilio"',
    ]);
    expect(problemsOf({ ...PRODUCTION_READY, ...smtp, MAIL_FROM: 'the shop' })).toEqual([
      expect.stringMatching(/^MAIL_FROM must be an email address/),
    ]);
    // The demo needs no route: what has none goes to the demo outbox.
    expect(loadConfig({ NODE_ENV: 'test' }).messaging).toMatchObject({ email: null, sms: null });
  });

  test("PUBLIC_URL is the storefront's origin; the demo leaves it to the server's own address", () => {
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example.ng/' }).publicUrl).toBe(
      'https://shop.example.ng',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.5:8080' }).publicUrl).toBe(
      'http://192.168.1.5:8080',
    );
    expect(loadConfig({}).publicUrl).toBeNull();
    for (const bad of ['https://shop.example.ng/shop', 'ftp://shop.example.ng', 'nonsense']) {
      expect(() => loadConfig({ PUBLIC_URL: bad })).toThrow(
        `PUBLIC_URL must be an http(s) origin such as https://shop.example.ng (no path), not "${bad}"`,
      );
    }
    expect(serverUrl('127.0.0.1', 8080)).toBe('http://localhost:8080');
    expect(serverUrl('0.0.0.0', 3000)).toBe('http://localhost:3000');
    expect(serverUrl('192.168.1.5', 8080)).toBe('http://192.168.1.5:8080');
    expect(serverUrl('fe80::1', 8080)).toBe('http://[fe80::1]:8080');
  });

  test('without JWT_SECRET one is generated once in DATA_DIR and kept', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-secret-'));
    try {
      const first = await ensureJwtSecret(loadConfig({ DATA_DIR: dir }));
      const second = await ensureJwtSecret(loadConfig({ DATA_DIR: dir }));
      expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(second.jwtSecret).toBe(first.jwtSecret);
      expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
      const given = await ensureJwtSecret(
        loadConfig({ DATA_DIR: dir, JWT_SECRET: 'z'.repeat(40) }),
      );
      expect(given.jwtSecret).toBe('z'.repeat(40));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('tokens', () => {
  const clock = new TestClock();
  const tokens = createTokenService({ secret: 's'.repeat(40), clock });
  const SESSION = '0b6f3e2a-5d1c-4c8e-9f7a-2b3c4d5e6f70';

  test('round trip, expiry, tampering, pinned algorithm', async () => {
    const now = Math.floor(clock.now().getTime() / 1000);
    const token = await tokens.sign({
      userId: 42,
      sessionId: SESSION,
      issuedAt: now,
      expiresAt: now + 3600,
    });
    expect(await tokens.verify(token)).toEqual({
      userId: 42,
      sessionId: SESSION,
      issuedAt: now,
      expiresAt: now + 3600,
    });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
    const raised = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '1' }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${raised}.${signature}`)).toBeNull();
    const hs512 = Buffer.from(JSON.stringify({ alg: 'HS512', typ: 'JWT' })).toString('base64url');
    expect(await tokens.verify(`${hs512}.${payload}.${signature}`)).toBeNull();
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await tokens.verify(`${none}.${payload}.`)).toBeNull();
    expect(await tokens.verify('')).toBeNull();
    expect(await tokens.verify('a.b')).toBeNull();
    clock.advance(3601);
    expect(await tokens.verify(token)).toBeNull();
  });

  test('only a token shaped as sign() makes it is accepted', async () => {
    const now = Math.floor(clock.now().getTime() / 1000);
    const claims = { sub: '42', jti: SESSION, iat: now, exp: now + 3600 };
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signed = (header: unknown, payload: unknown, secret = 's'.repeat(40)) => {
      const input = `${encode(header)}.${encode(payload)}`;
      return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
    };
    const good = signed({ alg: 'HS256', typ: 'JWT' }, claims);
    expect(await tokens.verify(good)).toMatchObject({ userId: 42, sessionId: SESSION });
    expect(await tokens.verify(signed({ alg: 'HS256' }, claims))).not.toBeNull();

    expect(await tokens.verify(signed({ alg: 'HS256' }, claims, 't'.repeat(40)))).toBeNull();
    expect(await tokens.verify(signed({ alg: 'HS256', typ: 'JWS' }, claims))).toBeNull();
    expect(
      await tokens.verify(signed({ alg: 'HS256', crit: ['b64'], b64: false }, claims)),
    ).toBeNull();
    expect(await tokens.verify(signed({ alg: 'HS256', kid: 'other' }, claims))).toBeNull();
    expect(await tokens.verify(signed(['HS256'], claims))).toBeNull();
    expect(await tokens.verify(signed({ alg: 'HS256' }, [claims]))).toBeNull();
    expect(await tokens.verify(signed({ alg: 'HS256' }, { ...claims, nbf: now + 60 }))).toBeNull();
    expect(await tokens.verify(signed({ alg: 'HS256' }, { ...claims, exp: now }))).toBeNull();
    expect(
      await tokens.verify(signed({ alg: 'HS256' }, { ...claims, exp: `${now + 60}` })),
    ).toBeNull();

    // The same MAC written another way: padded, or with a last character whose spare bits
    // differ (both decode to the same bytes).
    const [header, payload, signature] = good.split('.') as [string, string, string];
    expect(await tokens.verify(`${header}.${payload}.${signature}=`)).toBeNull();
    const last = signature.at(-1) as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[alphabet.indexOf(last) ^ 1] as string;
    expect(Buffer.from(`${signature.slice(0, -1)}${twin}`, 'base64url')).toEqual(
      Buffer.from(signature, 'base64url'),
    );
    expect(await tokens.verify(`${header}.${payload}.${signature.slice(0, -1)}${twin}`)).toBeNull();
    expect(await tokens.verify(`${header}.${payload}!.${signature}`)).toBeNull();
  });
});

describe('money', () => {
  test('VAT rounds once per cart, half up, to the kobo', () => {
    expect(vatKobo(2_149_999)).toBe(161_250); // 1,612.49925 naira -> 1,612.50
    expect(vatKobo(20)).toBe(2); // 1.5 kobo -> 2
    expect(cartTotals([100_000, 33_333])).toEqual({
      subtotalKobo: 133_333,
      vatKobo: 10_000,
      afterVatKobo: 143_333,
      payableKobo: 258_333,
    });
    expect(toNaira(1_234_567)).toBe(12345.67);
    expect(JSON.stringify(toNaira(1_000_001))).toBe('10000.01');
    expect(formatNaira(717_000)).toBe('₦7,170');
    expect(formatNaira(2_598_250)).toBe('₦25,982.50');
  });
});

describe('product tiles', () => {
  test('escape the name and wrap it', () => {
    const svg = productSvg(
      'Tom & Jerry\'s <Big> "Soap" Bar for Everyday Bathing and More',
      'Toiletries',
    );
    expect(svg).toContain('Tom &#38; Jerry&#39;s');
    expect(svg).not.toContain('<Big>');
    expect(svg.match(/<text x="200" y="3\d\d"/g)).toHaveLength(3);
  });
});
