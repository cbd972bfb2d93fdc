/**
 * Limits that hold under bursts, an owner strangers cannot lock out, and sign-up and codes
 * that answer strangers exactly as they answer shoppers.
 */
import type { LightMyRequestResponse } from 'fastify';
import { ERROR_DETAILS } from '../../contract';
import type { App } from '../src/app';
import {
  call,
  countMessagesTo,
  createShopper,
  detailOf,
  json,
  lastMessageTo,
  latestCode,
  registration,
  setupHarness,
} from './helpers';

const t = setupHarness({ env: { RATE_LIMIT_EMAIL_MAX: '10', RATE_LIMIT_IP_MAX: '100000' } });

const login =
  (app: App, username: string, password: string, extra: Record<string, string> = {}) =>
  (remoteAddress = '127.0.0.1') =>
    call(app, {
      method: 'POST',
      url: '/api/login',
      body: { username, password, ...extra },
      remoteAddress,
    });

/** Guesses come from many addresses, as a botnet's would: only the per-account limit applies. */
const address = (i: number) => `10.7.${Math.floor(i / 250)}.${(i % 250) + 1}`;

const tested = (responses: LightMyRequestResponse[]) =>
  responses.filter((r) => r.statusCode === 401 && detailOf(r) === ERROR_DETAILS.incorrectLogin)
    .length;

describe('per account', () => {
  test('80 wrong passwords at once test at most 10; the right one inside the burst does not log in', async () => {
    const owner = await createShopper(t.app, t.db, { email: 'burst@example.ng' });
    const responses = await Promise.all(
      Array.from({ length: 80 }, (_, i) =>
        login(t.app, owner.email, i === 59 ? owner.password : `wrong-${i}`)(address(i)),
      ),
    );
    expect(tested(responses)).toBeLessThanOrEqual(10);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(0);
    expect(responses[59]?.statusCode).toBe(401);
    expect(detailOf(responses[59] as LightMyRequestResponse)).toBe(ERROR_DETAILS.loginCodeRequired);
  });

  test('exactly the limit is tested: 10 wrong passwords are, the 11th is not', async () => {
    const owner = await createShopper(t.app, t.db, { email: 'ten@example.ng' });
    const details: unknown[] = [];
    for (let i = 0; i < 11; i++) {
      details.push(detailOf(await login(t.app, owner.email, `wrong-${i}`)(address(i))));
    }
    expect(details.slice(0, 10)).toEqual(Array(10).fill(ERROR_DETAILS.incorrectLogin));
    expect(details[10]).toBe(ERROR_DETAILS.loginCodeRequired);
  });

  test('after strangers used up the allowance, the owner signs in with password and the emailed code', async () => {
    const owner = await createShopper(t.app, t.db, { email: 'owner@example.ng' });
    for (let i = 0; i < 12; i++) await login(t.app, owner.email, `wrong-${i}`)(address(i));

    const first = await login(t.app, owner.email, owner.password)('127.0.0.1');
    expect(first.statusCode).toBe(401);
    expect(detailOf(first)).toBe(ERROR_DETAILS.loginCodeRequired);
    const mail = await lastMessageTo(t.db, owner.email);
    expect(mail?.subject).toMatch(/^Your Ibadan Market sign-in code: \d{6}$/);
    const code = await latestCode(t.db, owner.email);

    // The code is worth nothing with a wrong password (and is spent by trying).
    const stranger = await login(t.app, owner.email, 'wrong-again', { otp: code })(address(99));
    expect(detailOf(stranger)).toBe(ERROR_DETAILS.loginCodeRequired);
    await login(t.app, owner.email, owner.password)('127.0.0.1');
    const fresh = await latestCode(t.db, owner.email);

    const signedIn = await login(t.app, owner.email, owner.password, { otp: fresh })('127.0.0.1');
    expect(signedIn.statusCode).toBe(200);
    const { access_token: token } = json<{ access_token: string }>(signedIn);
    expect((await call(t.app, { url: '/api/user/me', token })).statusCode).toBe(200);
    // Proven by the code, the owner starts afresh: the password alone works again.
    expect((await login(t.app, owner.email, owner.password)('127.0.0.1')).statusCode).toBe(200);
  });

  test('an unknown email past the limit answers as a known one does', async () => {
    await createShopper(t.app, t.db, { email: 'known@example.ng' });
    const answers: string[] = [];
    for (const email of ['known@example.ng', 'nobody@example.ng']) {
      for (let i = 0; i < 11; i++) await login(t.app, email, `wrong-${i}`)(address(i));
      const r = await login(t.app, email, 'wrong-last')(address(50));
      answers.push(`${r.statusCode} ${r.body}`);
    }
    expect(answers[0]).toBe(answers[1]);
  });
});

describe('per IP', () => {
  test('300 guesses at once from one address test at most 30', async () => {
    const limited = await t.build({ RATE_LIMIT_IP_MAX: '30', RATE_LIMIT_EMAIL_MAX: '100000' });
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        login(limited, `guess${i}@example.ng`, `wrong-${i}`)('203.0.113.7'),
      ),
    );
    expect(tested(responses)).toBeLessThanOrEqual(30);
    expect(responses.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(270);
  });
});

describe('answers that do not tell who shops here', () => {
  test('send-otp: the same words and the same resend limit for known and unknown emails', async () => {
    const strict = await t.build({ OTP_RESEND_INTERVAL_SECONDS: '30' });
    await createShopper(t.app, t.db, { email: 'shopper@example.ng' });
    // Past the resend interval of the code sent at sign-up.
    t.clock.advance(31);
    const results: string[] = [];
    for (const email of ['shopper@example.ng', 'stranger@example.ng']) {
      const ask = () =>
        call(strict, {
          method: 'POST',
          url: '/api/send-otp',
          body: { user_email: email, email_channel: 'email' },
        });
      const first = await ask();
      // The wait is said with the code, so the storefront can count it down.
      expect(JSON.parse(first.body)).toMatchObject({ resend_after_seconds: 30 });
      const second = await ask();
      results.push(
        `${first.statusCode} ${first.body.replace(email, 'EMAIL')} | ${second.statusCode} ${String(
          detailOf(second),
        ).replace(/\d+ seconds?/, 'N seconds')}`,
      );
    }
    expect(results[0]).toMatch(
      /^200 .* \| 429 Please wait N seconds before asking for another code$/,
    );
    expect(results[1]).toBe(results[0]);
  });

  test('register: a taken email answers as a new one; its owner is told by email', async () => {
    const owner = await createShopper(t.app, t.db, { email: 'taken@example.ng' });
    const before = await countMessagesTo(t.db, owner.email);
    const answer = async (email: string) => {
      const r = await call(t.app, {
        method: 'POST',
        url: '/api/register',
        body: registration({ email }),
      });
      return `${r.statusCode} ${r.body.replace(email, 'EMAIL')}`;
    };
    const taken = await answer('taken@example.ng');
    const fresh = await answer('new-shopper@example.ng');
    expect(taken).toBe(fresh);
    expect(taken).toMatch(/^200 /);
    expect(await countMessagesTo(t.db, owner.email)).toBe(before + 1);
    expect((await lastMessageTo(t.db, owner.email))?.subject).toBe(
      'Someone tried to sign up to Ibadan Market with your email',
    );
    const accounts = await t.db.query(
      "SELECT 1 FROM users WHERE email IN ('taken@example.ng', 'new-shopper@example.ng')",
    );
    expect(accounts).toHaveLength(2);
  });

  test('emails are trimmed and lowercased; invisible and look-alike characters are refused', async () => {
    const register = (email: string) =>
      call(t.app, { method: 'POST', url: '/api/register', body: registration({ email }) });
    for (const email of [
      'ada\u200b@example.ng', // zero-width space
      'ada@exa\u200dmple.ng', // zero-width joiner
      '\u0430da@example.ng', // Cyrillic a
      'ada@ex\u0430mple.ng',
      'ada\u202e@example.ng', // right-to-left override
    ]) {
      const r = await register(email);
      expect(r.statusCode).toBe(422);
      expect(json(r)).toEqual({
        detail: [
          expect.objectContaining({ loc: ['body', 'email'], msg: 'Enter a valid email address' }),
        ],
      });
    }
    expect((await register('  Ada@Example.NG ')).statusCode).toBe(200);
    expect((await register('ada@example.ng')).statusCode).toBe(200);
    const rows = await t.db.query<{ email: string }>(
      "SELECT email FROM users WHERE email LIKE '%example.ng' AND email LIKE '%ada%'",
    );
    expect(rows).toEqual([{ email: 'ada@example.ng' }]);
  });
});
