import { createHmac } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { ERROR_DETAILS, FIELD_MESSAGES } from '../../contract';
import { SESSION_CACHE_TTL_MS } from '../src/auth/sessionCache';
import {
  call,
  createShopper,
  detailOf,
  json,
  latestCode,
  registration,
  setupHarness,
  TEST_SECRET,
} from './helpers';

const t = setupHarness();

type Issue = { loc: (string | number)[]; msg: string; type: string };

function issuesOf(response: LightMyRequestResponse): Issue[] {
  return json<{ detail: Issue[] }>(response).detail;
}

async function register(overrides: Record<string, unknown> = {}) {
  const body = registration(overrides);
  const response = await call(t.app, { method: 'POST', url: '/api/register', body });
  return { body, response };
}

describe('register', () => {
  test('creates an unverified customer, whatever role is sent, and mails a code', async () => {
    const { body, response } = await register({
      role: 'admin',
      emailverified: true,
      email: ' Ada@Example.NG ',
    });
    expect(response.statusCode).toBe(200);
    const answer = json<{ message: string }>(response);
    expect(answer.message).toContain('ada@example.ng');
    const rows = await t.db.query<{
      role: string;
      emailverified: boolean;
      first_name: string;
      mobile_number: string;
    }>('SELECT role, emailverified, first_name, mobile_number FROM users WHERE email = $1', [
      'ada@example.ng',
    ]);
    expect(rows[0]).toEqual({
      role: 'customer',
      emailverified: false,
      first_name: 'Tunde',
      mobile_number: '08031234567',
    });
    expect(await latestCode(t.db, 'ada@example.ng')).toMatch(/^\d{6}$/);
    expect(body.password).not.toBe(''); // the password is never echoed
    expect(response.body).not.toContain(body.password);
  });

  test.each([
    [{ email: 'not-an-email' }, ['body', 'email'], 'Enter a valid email address'],
    [{ email: 'a@b' }, ['body', 'email'], 'Enter a valid email address'],
    [
      { password: 'short', cpassword: 'short' },
      ['body', 'password'],
      'Password must be at least 8 characters',
    ],
    [
      { password: 'Seven77', cpassword: 'Seven77' },
      ['body', 'password'],
      'Password must be at least 8 characters',
    ],
    [
      { password: 'password', cpassword: 'password' },
      ['body', 'password'],
      'This password is one of the most common and easy to guess. Choose another.',
    ],
    [
      { password: ' PassWord123 ', cpassword: ' PassWord123 ' },
      ['body', 'password'],
      'This password is one of the most common and easy to guess. Choose another.',
    ],
    [{ cpassword: 'Different1!' }, ['body', 'cpassword'], 'Passwords do not match'],
    [
      { mobile_number: '12345' },
      ['body', 'mobile_number'],
      'Enter a valid Nigerian mobile number, e.g. 08031234567',
    ],
    [{ age: 12 }, ['body', 'age'], 'Age must be between 13 and 120'],
    [{ age: 121 }, ['body', 'age'], 'Age must be between 13 and 120'],
    [{ gender: 'unknown' }, ['body', 'gender'], 'Choose one of: male, female, other'],
    [
      { affiliate_code: 'nobody' },
      ['body', 'affiliate_code'],
      'This affiliate code does not exist',
    ],
    [{ first_name: '   ' }, ['body', 'first_name'], 'Enter a name of 1 to 100 characters'],
  ])('refuses %j with a readable 422', async (overrides, loc, msg) => {
    const { response } = await register(overrides);
    expect(response.statusCode).toBe(422);
    expect(issuesOf(response)).toContainEqual(expect.objectContaining({ loc, msg }));
  });

  test('accepts the mobile number in its international forms and stores the local one', async () => {
    for (const [mobile, email] of [
      ['+2348031234567', 'intl1@example.ng'],
      ['2349031234567', 'intl2@example.ng'],
      ['7031234567', 'intl3@example.ng'],
    ]) {
      const { response } = await register({ mobile_number: mobile, email });
      expect(response.statusCode).toBe(200);
    }
    const rows = await t.db.query<{ mobile_number: string }>(
      'SELECT mobile_number FROM users ORDER BY id',
    );
    expect(rows.map((r) => r.mobile_number)).toEqual(['08031234567', '09031234567', '07031234567']);
  });

  test('an email already in use answers as a new one would; the account is left as it was', async () => {
    const first = await register({ email: 'taken@example.ng', first_name: 'Owner' });
    const again = await register({ email: 'TAKEN@example.ng', first_name: 'Someone' });
    expect(again.response.statusCode).toBe(200);
    expect(again.response.body).toBe(first.response.body);
    const rows = await t.db.query<{ first_name: string }>(
      "SELECT first_name FROM users WHERE email = 'taken@example.ng'",
    );
    expect(rows).toEqual([{ first_name: 'Owner' }]);
  });

  test('lists every missing field', async () => {
    const response = await call(t.app, { method: 'POST', url: '/api/register', body: {} });
    expect(response.statusCode).toBe(422);
    const missing = issuesOf(response)
      .filter((i) => i.type === 'missing')
      .map((i) => i.loc[1]);
    expect(missing).toEqual(
      expect.arrayContaining([
        'email',
        'first_name',
        'last_name',
        'mobile_number',
        'gender',
        'age',
        'password',
        'cpassword',
      ]),
    );
    expect(issuesOf(response).every((i) => i.msg === 'Field required')).toBe(true);
  });

  test('stores the referring affiliate (code matched case-insensitively)', async () => {
    const referrer = await createShopper(t.app, t.db);
    const reg = await call(t.app, {
      method: 'POST',
      url: '/api/affiliate-registration',
      token: referrer.token,
      body: {
        affiliate_code: 'mama-bisi',
        account_details: JSON.stringify({
          account_number: '0123456789',
          account_name: 'Bisi',
          bank_name: 'GTBank',
        }),
      },
    });
    expect(reg.statusCode).toBe(200);
    const { response } = await register({
      email: 'referred@example.ng',
      affiliate_code: 'MAMA-BISI',
    });
    expect(response.statusCode).toBe(200);
    const rows = await t.db.query<{ referred_by_affiliate_id: number | null }>(
      "SELECT referred_by_affiliate_id FROM users WHERE email = 'referred@example.ng'",
    );
    expect(rows[0]?.referred_by_affiliate_id).not.toBeNull();
  });

  test('stores an argon2id hash with the configured cost, never the password', async () => {
    await register({ email: 'hash@example.ng' });
    const rows = await t.db.query<{ password_hash: string }>(
      "SELECT password_hash FROM users WHERE email = 'hash@example.ng'",
    );
    const hash = rows[0]?.password_hash ?? '';
    expect(hash).toMatch(/^\$argon2id\$v=19\$/);
    expect(hash.split('$')[3]?.split(',').sort()).toEqual(['m=1024', 'p=1', 't=1']);
  });
});

describe('activation codes', () => {
  test('email-verification activates the account; the code works once', async () => {
    const { body } = await register({ email: 'act@example.ng' });
    const code = await latestCode(t.db, 'act@example.ng');
    const login = () =>
      call(t.app, {
        method: 'POST',
        url: '/api/login',
        body: { username: body.email, password: body.password },
      });

    const before = await login();
    expect(before.statusCode).toBe(403);
    expect(detailOf(before)).toBe(ERROR_DETAILS.notActivated);

    const ok = await call(t.app, {
      method: 'POST',
      url: '/api/email-verification',
      body: { user_email: 'act@example.ng', user_otp: code },
    });
    expect(ok.statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);

    const again = await call(t.app, {
      method: 'POST',
      url: '/api/email-verification',
      body: { user_email: 'act@example.ng', user_otp: code },
    });
    expect(again.statusCode).toBe(400);
    expect(detailOf(again)).toBe(ERROR_DETAILS.invalidOtp);
  });

  test('a wrong code is refused with the same message', async () => {
    await register({ email: 'wrong@example.ng' });
    const code = await latestCode(t.db, 'wrong@example.ng');
    const wrong = code === '000000' ? '111111' : '000000';
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/email-verification',
      body: { user_email: 'wrong@example.ng', user_otp: wrong },
    });
    expect(r.statusCode).toBe(400);
    expect(detailOf(r)).toBe('Invalid or expired OTP code');
  });

  test('a code expires after 10 minutes (injected clock)', async () => {
    await register({ email: 'late@example.ng' });
    const code = await latestCode(t.db, 'late@example.ng');
    t.clock.advance(601);
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/email-verification',
      body: { user_email: 'late@example.ng', user_otp: code },
    });
    expect(r.statusCode).toBe(400);
  });

  test('a code still works just before it expires', async () => {
    await register({ email: 'ontime@example.ng' });
    const code = await latestCode(t.db, 'ontime@example.ng');
    t.clock.advance(590);
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/email-verification',
      body: { user_email: 'ontime@example.ng', user_otp: code },
    });
    expect(r.statusCode).toBe(200);
  });

  test('after 5 wrong tries even the right code is dead', async () => {
    await register({ email: 'guess@example.ng' });
    const code = await latestCode(t.db, 'guess@example.ng');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/email-verification',
        body: { user_email: 'guess@example.ng', user_otp: wrong },
      });
      expect(r.statusCode).toBe(400);
    }
    const right = await call(t.app, {
      method: 'POST',
      url: '/api/email-verification',
      body: { user_email: 'guess@example.ng', user_otp: code },
    });
    expect(right.statusCode).toBe(400);
  });

  test('the code is stored as an HMAC, not in clear', async () => {
    await register({ email: 'hmac@example.ng' });
    const code = await latestCode(t.db, 'hmac@example.ng');
    const rows = await t.db.query<{ code_hash: string; user_id: number }>(
      'SELECT code_hash, user_id FROM otps',
    );
    expect(rows[0]?.code_hash).not.toContain(code);
    const key = createHmac('sha256', TEST_SECRET).update('storefront-otp').digest();
    expect(rows[0]?.code_hash).toBe(
      createHmac('sha256', key).update(`${rows[0]?.user_id}:${code}`).digest('hex'),
    );
  });

  test('send-otp by sms goes to the mobile number; a new code retires the old one', async () => {
    await register({ email: 'sms@example.ng', mobile_number: '08059998888' });
    const first = await latestCode(t.db, 'sms@example.ng');
    const r = await call(t.app, {
      method: 'POST',
      url: '/api/send-otp',
      body: { user_email: 'sms@example.ng', email_channel: 'sms' },
    });
    expect(r.statusCode).toBe(200);
    const outbox = json<{ to: string; channel: string; text: string }[]>(
      await call(t.app, { url: '/api/dev/outbox?to=08059998888' }),
    );
    expect(outbox[0]).toMatchObject({ to: '08059998888', channel: 'sms' });
    const second = await latestCode(t.db, '08059998888');
    if (first !== second) {
      const old = await call(t.app, {
        method: 'POST',
        url: '/api/email-verification',
        body: { user_email: 'sms@example.ng', user_otp: first },
      });
      expect(old.statusCode).toBe(400);
    }
    const ok = await call(t.app, {
      method: 'POST',
      url: '/api/email-verification',
      body: { user_email: 'sms@example.ng', user_otp: second },
    });
    expect(ok.statusCode).toBe(200);
  });

  test('send-otp for an unknown email answers 200 with the same message and sends nothing', async () => {
    await register({ email: 'known@example.ng' });
    const known = await call(t.app, {
      method: 'POST',
      url: '/api/send-otp',
      body: { user_email: 'known@example.ng', email_channel: 'email' },
    });
    const unknown = await call(t.app, {
      method: 'POST',
      url: '/api/send-otp',
      body: { user_email: 'nobody@example.ng', email_channel: 'email' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(json<{ message: string }>(unknown).message).toBe(
      json<{ message: string }>(known).message.replace('known@', 'nobody@'),
    );
    const sent = await t.db.query("SELECT 1 FROM outbox WHERE to_address = 'nobody@example.ng'");
    expect(sent).toHaveLength(0);
  });

  test('resends are limited to 1 per 30 s and 5 per hour per account (429 + Retry-After)', async () => {
    const strict = await t.build({ OTP_RESEND_INTERVAL_SECONDS: '30', OTP_MAX_PER_HOUR: '5' });
    const send = () =>
      call(strict, {
        method: 'POST',
        url: '/api/send-otp',
        body: { user_email: 'limit@example.ng', email_channel: 'email' },
      });
    const reg = await call(strict, {
      method: 'POST',
      url: '/api/register',
      body: registration({ email: 'limit@example.ng' }),
    });
    expect(reg.statusCode).toBe(200); // code 1, sent at sign-up

    const tooSoon = await send();
    expect(tooSoon.statusCode).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThanOrEqual(29);
    expect(detailOf(tooSoon)).toMatch(/^Please wait \d+ seconds before asking for another code$/);

    for (let i = 2; i <= 5; i++) {
      t.clock.advance(31);
      expect((await send()).statusCode).toBe(200);
    }
    t.clock.advance(31);
    const sixth = await send();
    expect(sixth.statusCode).toBe(429);
    expect(detailOf(sixth)).toMatch(/5 codes in the last hour/);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3000);

    t.clock.advance(3600);
    expect((await send()).statusCode).toBe(200);
  });
});

describe('login', () => {
  test('takes form-encoded username and password (OAuth2 style) and records the login', async () => {
    const shopper = await createShopper(t.app, t.db, { email: 'form@example.ng' });
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=form%40example.ng&password=${encodeURIComponent(shopper.password)}`,
    });
    expect(r.statusCode).toBe(200);
    const body = json<{ access_token: string; token_type: string; user_details: unknown }>(r);
    expect(body.token_type).toBe('bearer');
    expect(body.user_details).toEqual({ id: shopper.id, firstname: 'Tunde' });
    expect(body.access_token.split('.')).toHaveLength(3);
    const rows = await t.db.query<{ last_logged_in: unknown }>(
      'SELECT last_logged_in FROM users WHERE id = $1',
      [shopper.id],
    );
    expect(rows[0]?.last_logged_in).not.toBeNull();
  });

  test('the browser cookie is Secure when the shop is at an https address, proxy or not', async () => {
    const shopper = await createShopper(t.app, t.db);
    const deviceCookie = async (app: typeof t.app, headers: Record<string, string> = {}) => {
      const r = await call(app, {
        method: 'POST',
        url: '/api/login',
        body: { username: shopper.email, password: shopper.password },
        headers,
      });
      expect(r.statusCode).toBe(200);
      return String(r.headers['set-cookie']);
    };
    // Behind a TLS proxy that the server is not told to trust, it sees plain http.
    const shop = await t.build({ PUBLIC_URL: 'https://shop.example.ng' });
    expect(await deviceCookie(shop)).toMatch(
      /^ibm_device=[A-Za-z0-9_-]{22}; Path=\/api; Max-Age=63072000; HttpOnly; SameSite=Lax; Secure$/,
    );
    const trusted = await t.build({ TRUST_PROXY: '1' });
    expect(await deviceCookie(trusted, { 'x-forwarded-proto': 'https' })).toMatch(/; Secure$/);
    // A shop on plain http (this computer) cannot keep a Secure cookie: none is asked for.
    const local = await t.build({ PUBLIC_URL: 'http://localhost:8080' });
    expect(await deviceCookie(local)).not.toMatch(/Secure/);
  });

  test('wrong password and unknown email read the same (401)', async () => {
    const shopper = await createShopper(t.app, t.db);
    for (const body of [
      { username: shopper.email, password: 'wrong-password' },
      { username: 'ghost@example.ng', password: 'whatever1' },
    ]) {
      const r = await call(t.app, { method: 'POST', url: '/api/login', body });
      expect(r.statusCode).toBe(401);
      expect(detailOf(r)).toBe('Incorrect email or password');
    }
  });

  test('the token opens user/me; a bad token gets 401 with WWW-Authenticate', async () => {
    const shopper = await createShopper(t.app, t.db, {
      email: 'me@example.ng',
      age: 41,
      gender: 'other',
    });
    const me = await call(t.app, { url: '/api/user/me', token: shopper.token });
    expect(me.statusCode).toBe(200);
    expect(json(me)).toEqual({
      id: shopper.id,
      first_name: 'Tunde',
      last_name: 'Bakare',
      email: 'me@example.ng',
      mobile_number: '08031234567',
      age: 41,
      gender: 'other',
    });

    const [header, payload] = shopper.token.split('.') as [string, string, string];
    const forged = `${header}.${payload}.${Buffer.alloc(32).toString('base64url')}`;
    const noneAlg = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const otherKey = (() => {
      const sig = createHmac('sha256', 'another-secret-another-secret-123456').update(
        `${header}.${payload}`,
      );
      return `${header}.${payload}.${sig.digest('base64url')}`;
    })();
    for (const authorization of [
      undefined,
      'Bearer',
      'Bearer not.a.token',
      `Basic ${shopper.token}`,
      `Bearer ${forged}`,
      `Bearer ${noneAlg}`,
      `Bearer ${otherKey}`,
    ]) {
      const r = await t.app.inject({
        method: 'GET',
        url: '/api/user/me',
        headers: authorization ? { authorization } : {},
      });
      expect(r.statusCode).toBe(401);
      expect(json(r)).toEqual({ detail: 'Could not validate credentials' });
      expect(r.headers['www-authenticate']).toBe('Bearer');
    }
  });

  // Servers end sessions through the session service, which tells every server at once
  // (sessions.test.ts); a row changed by hand is seen when what the server keeps runs out.
  test('a session ended in the database by hand is refused within a few seconds', async () => {
    const shopper = await createShopper(t.app, t.db);
    t.clock.freeze(new Date());
    expect((await call(t.app, { url: '/api/user/me', token: shopper.token })).statusCode).toBe(200);
    await t.db.query('UPDATE sessions SET ended_at = now() WHERE user_id = $1', [shopper.id]);
    t.clock.advance(SESSION_CACHE_TTL_MS / 1000);
    expect((await call(t.app, { url: '/api/user/me', token: shopper.token })).statusCode).toBe(401);
  });

  test('a token expires after JWT_EXPIRES_IN', async () => {
    const shopper = await createShopper(t.app, t.db);
    t.clock.advance(7 * 86400 + 1);
    const r = await call(t.app, { url: '/api/user/me', token: shopper.token });
    expect(r.statusCode).toBe(401);
  });

  test('login, send-otp, email-verification and reset-password are rate-limited per IP', async () => {
    const limited = await t.build({ RATE_LIMIT_IP_MAX: '3', RATE_LIMIT_IP_WINDOW_SECONDS: '60' });
    const statuses: number[] = [];
    let last = null;
    for (const [url, body] of [
      ['/api/login', { username: 'a@example.ng', password: 'x' }],
      ['/api/send-otp', { user_email: 'b@example.ng', email_channel: 'email' }],
      ['/api/email-verification', { user_email: 'c@example.ng', user_otp: '123456' }],
      ['/api/reset-password', { email: 'd@example.ng', otp: '123456', password: 'NewPassword1' }],
    ] as const) {
      last = await call(limited, { method: 'POST', url, body });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([401, 200, 400, 429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(detailOf(last as LightMyRequestResponse)).toMatch(
      /^Too many attempts\. Please try again in \d+ (seconds|minute|minutes)\.$/,
    );
  });

  test('successful logins never use up the allowance; failures do, then even the right password waits', async () => {
    const limited = await t.build({ RATE_LIMIT_EMAIL_MAX: '2', RATE_LIMIT_IP_MAX: '2' });
    const shopper = await createShopper(t.app, t.db, { email: 'often@example.ng' });
    // An address of its own: on PostgreSQL every app on the database counts together, and
    // the sign-up above was counted against the default one.
    const login = (password: string) =>
      call(limited, {
        method: 'POST',
        url: '/api/login',
        body: { username: shopper.email, password },
        remoteAddress: '10.9.0.1',
      });
    for (let i = 0; i < 5; i++) expect((await login(shopper.password)).statusCode).toBe(200);
    expect((await login('wrong-one')).statusCode).toBe(401);
    expect((await login('wrong-two')).statusCode).toBe(401);
    const blocked = await login(shopper.password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  test('sign-in is limited per email across IPs: past the limit a password alone is not tested', async () => {
    const limited = await t.build({
      RATE_LIMIT_EMAIL_MAX: '2',
      RATE_LIMIT_EMAIL_WINDOW_SECONDS: '900',
    });
    const statuses: string[] = [];
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      const r = await limited.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: ip,
        payload: { username: 'Victim@example.ng', password: 'guess-guess' },
      });
      statuses.push(`${r.statusCode} ${String(detailOf(r))}`);
    }
    expect(statuses).toEqual([
      `401 ${ERROR_DETAILS.incorrectLogin}`,
      `401 ${ERROR_DETAILS.incorrectLogin}`,
      `401 ${ERROR_DETAILS.loginCodeRequired}`,
    ]);
  });
});

describe('reset-password', () => {
  test('a code from send-otp sets the new password: login works at once, old sessions end', async () => {
    const shopper = await createShopper(t.app, t.db, { email: 'reset@example.ng' });
    const sent = await call(t.app, {
      method: 'POST',
      url: '/api/send-otp',
      body: { user_email: 'reset@example.ng', email_channel: 'email' },
    });
    expect(sent.statusCode).toBe(200);
    const code = await latestCode(t.db, 'reset@example.ng');
    t.clock.advance(2); // the old token was issued at least a second before the reset
    const reset = await call(t.app, {
      method: 'POST',
      url: '/api/reset-password',
      body: { email: 'reset@example.ng', otp: code, password: 'BrandNew123' },
    });
    expect(reset.statusCode).toBe(200);

    const oldPassword = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      body: { username: 'reset@example.ng', password: shopper.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      body: { username: 'reset@example.ng', password: 'BrandNew123' },
    });
    expect(newPassword.statusCode).toBe(200);
    const freshToken = json<{ access_token: string }>(newPassword).access_token;
    expect((await call(t.app, { url: '/api/user/me', token: freshToken })).statusCode).toBe(200);
    expect((await call(t.app, { url: '/api/user/me', token: shopper.token })).statusCode).toBe(401);
  });

  test('a wrong code or a short password is refused', async () => {
    await createShopper(t.app, t.db, { email: 'reset2@example.ng' });
    const wrong = await call(t.app, {
      method: 'POST',
      url: '/api/reset-password',
      body: { email: 'reset2@example.ng', otp: '999999', password: 'BrandNew123' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(detailOf(wrong)).toBe(ERROR_DETAILS.invalidOtp);
    const short = await call(t.app, {
      method: 'POST',
      url: '/api/reset-password',
      body: { email: 'reset2@example.ng', otp: '999999', password: 'short' },
    });
    expect(short.statusCode).toBe(422);
    expect(issuesOf(short)[0]).toMatchObject({
      loc: ['body', 'password'],
      msg: 'Password must be at least 8 characters',
    });
  });

  test('a common password is refused with the reason, and the code stays good', async () => {
    await createShopper(t.app, t.db, { email: 'reset3@example.ng' });
    await call(t.app, {
      method: 'POST',
      url: '/api/send-otp',
      body: { user_email: 'reset3@example.ng', email_channel: 'email' },
    });
    const code = await latestCode(t.db, 'reset3@example.ng');
    for (const password of ['password', 'Seven77']) {
      const refused = await call(t.app, {
        method: 'POST',
        url: '/api/reset-password',
        body: { email: 'reset3@example.ng', otp: code, password },
      });
      expect(refused.statusCode).toBe(422);
      expect(issuesOf(refused)[0]).toMatchObject({
        loc: ['body', 'password'],
        msg:
          password === 'password'
            ? FIELD_MESSAGES.commonPassword
            : 'Password must be at least 8 characters',
      });
    }
    const reset = await call(t.app, {
      method: 'POST',
      url: '/api/reset-password',
      body: { email: 'reset3@example.ng', otp: code, password: 'Ewa-agoyin-2026' },
    });
    expect(reset.statusCode).toBe(200);
  });

  test('resetting with an emailed code also activates an unverified account', async () => {
    await register({ email: 'never-activated@example.ng' });
    const code = await latestCode(t.db, 'never-activated@example.ng');
    const reset = await call(t.app, {
      method: 'POST',
      url: '/api/reset-password',
      body: { email: 'never-activated@example.ng', otp: code, password: 'BrandNew123' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      body: { username: 'never-activated@example.ng', password: 'BrandNew123' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('customer-update', () => {
  test('changes only mobile number, age and gender of the caller', async () => {
    const shopper = await createShopper(t.app, t.db, { email: 'update@example.ng' });
    const r = await call(t.app, {
      method: 'PATCH',
      url: '/api/customer-update',
      token: shopper.token,
      body: {
        user_id: shopper.id,
        mobile_number: '+2348129998877',
        age: 35,
        email: 'evil@example.ng',
        first_name: 'X',
        password: shopper.password,
      },
    });
    expect(r.statusCode).toBe(200);
    expect(json(r)).toMatchObject({
      email: 'update@example.ng',
      first_name: 'Tunde',
      mobile_number: '08129998877',
      age: 35,
      gender: 'male',
    });
    const onlyGender = await call(t.app, {
      method: 'PATCH',
      url: '/api/customer-update',
      token: shopper.token,
      body: { user_id: shopper.id, gender: 'female' },
    });
    expect(json(onlyGender)).toMatchObject({
      mobile_number: '08129998877',
      age: 35,
      gender: 'female',
    });
  });

  test('validates like register, and refuses another user id', async () => {
    const a = await createShopper(t.app, t.db);
    const b = await createShopper(t.app, t.db);
    const bad = await call(t.app, {
      method: 'PATCH',
      url: '/api/customer-update',
      token: a.token,
      body: { user_id: a.id, mobile_number: '0803', age: 200 },
    });
    expect(bad.statusCode).toBe(422);
    expect(issuesOf(bad).map((i) => i.loc)).toEqual(
      expect.arrayContaining([
        ['body', 'mobile_number'],
        ['body', 'age'],
      ]),
    );
    const other = await call(t.app, {
      method: 'PATCH',
      url: '/api/customer-update',
      token: a.token,
      body: { user_id: b.id, age: 50 },
    });
    expect(other.statusCode).toBe(403);
    const bRow = await t.db.query<{ age: number }>('SELECT age FROM users WHERE id = $1', [b.id]);
    expect(bRow[0]?.age).toBe(30);
  });

  test('needs a token', async () => {
    const r = await call(t.app, {
      method: 'PATCH',
      url: '/api/customer-update',
      body: { user_id: 1, age: 20 },
    });
    expect(r.statusCode).toBe(401);
  });
});
