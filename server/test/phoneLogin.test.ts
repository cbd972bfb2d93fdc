import { ERROR_DETAILS } from '../../contract';
import { call, createShopper, detailOf, json, latestCode, setupHarness } from './helpers';

const t = setupHarness();

const NUMBER = '08034445566';

/** Asks for a code by SMS and uses it: the number is then proven (auth/otp.ts). */
async function proveNumber(email: string, mobile: string) {
  // Only an account not yet activated gets its code by SMS to an unproven number.
  await t.db.query('UPDATE users SET emailverified = false WHERE email = $1', [email]);
  const sent = await call(t.app, {
    method: 'POST',
    url: '/api/send-otp',
    body: { user_email: email, email_channel: 'sms' },
  });
  expect(sent.statusCode).toBe(200);
  const used = await call(t.app, {
    method: 'POST',
    url: '/api/email-verification',
    body: { user_email: email, user_otp: await latestCode(t.db, mobile) },
  });
  expect(used.statusCode).toBe(200);
}

const login = (username: string, password: string, app = t.app, remoteAddress?: string) =>
  call(app, { method: 'POST', url: '/api/login', body: { username, password }, remoteAddress });

describe('login with a phone number', () => {
  test.each(['08034445566', '+2348034445566', '2348034445566', '8034445566', '0803 444 5566'])(
    'signs in with %s once the number is proven, with the same answer as an email login',
    async (form) => {
      const shopper = await createShopper(t.app, t.db, { mobile_number: NUMBER });
      await proveNumber(shopper.email, NUMBER);
      const r = await login(form, shopper.password);
      expect(r.statusCode).toBe(200);
      const answer = json<Record<string, unknown>>(r);
      expect(Object.keys(answer).sort()).toEqual(['access_token', 'token_type', 'user_details']);
      expect(answer.user_details).toEqual({ id: shopper.id, firstname: shopper.firstName });
      const me = await call(t.app, {
        url: '/api/user/me',
        token: String(answer.access_token),
      });
      expect(json<{ email: string }>(me).email).toBe(shopper.email);
    },
  );

  test('a number never proven by SMS signs in nobody (it may be a stranger typed into a sign-up)', async () => {
    const shopper = await createShopper(t.app, t.db, { mobile_number: NUMBER });
    const r = await login(NUMBER, shopper.password);
    expect(r.statusCode).toBe(401);
    expect(detailOf(r)).toMatch(/^Incorrect phone number or password/);
  });

  test('a wrong password and an unknown number read the same (401)', async () => {
    const shopper = await createShopper(t.app, t.db, { mobile_number: NUMBER });
    await proveNumber(shopper.email, NUMBER);
    const wrong = await login(NUMBER, 'not-the-password');
    const unknown = await login('07011112222', shopper.password);
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(detailOf(wrong)).toBe(detailOf(unknown));
    expect(wrong.headers['www-authenticate']).toBe('Bearer');
  });

  test('a number proven by two accounts signs in neither, in the words any wrong number gets', async () => {
    const first = await createShopper(t.app, t.db, { mobile_number: NUMBER });
    const second = await createShopper(t.app, t.db, { mobile_number: NUMBER });
    await proveNumber(first.email, NUMBER);
    // An unproven number gets one code at a time: the next once the first has expired.
    t.clock.advance(11 * 60);
    await proveNumber(second.email, NUMBER);
    const r = await login(NUMBER, first.password);
    expect(r.statusCode).toBe(401);
    expect(detailOf(r)).toBe(detailOf(await login('08039990000', first.password)));
    expect(detailOf(r)).toMatch(/^Incorrect phone number or password\./);
    expect((await login(first.email, first.password)).statusCode).toBe(200);
  });

  test('guesses by phone and by email count against the same account', async () => {
    const limited = await t.build({
      RATE_LIMIT_EMAIL_MAX: '2',
      RATE_LIMIT_EMAIL_WINDOW_SECONDS: '900',
    });
    const shopper = await createShopper(t.app, t.db, { mobile_number: NUMBER });
    await proveNumber(shopper.email, NUMBER);
    const statuses: string[] = [];
    for (const [username, ip] of [
      ['+2348034445566', '10.1.0.1'],
      [shopper.email, '10.1.0.2'],
      ['08034445566', '10.1.0.3'],
    ] as const) {
      const r = await login(username, 'guess-guess', limited, ip);
      statuses.push(`${r.statusCode} ${String(detailOf(r))}`);
    }
    expect(statuses.slice(2)).toEqual([`401 ${ERROR_DETAILS.loginCodeRequired}`]);
    // Past the allowance the right password alone no longer signs in, by either form.
    const right = await login(NUMBER, shopper.password, limited, '10.1.0.4');
    expect(detailOf(right)).toBe(ERROR_DETAILS.loginCodeRequired);
    // The owner gets a code by email and signs in with password and code.
    const code = await latestCode(t.db, shopper.email);
    const withCode = await call(limited, {
      method: 'POST',
      url: '/api/login',
      body: { username: NUMBER, password: shopper.password, otp: code },
      remoteAddress: '10.1.0.5',
    });
    expect(withCode.statusCode).toBe(200);
  });

  test('an unknown number is throttled like an unknown email', async () => {
    const limited = await t.build({
      RATE_LIMIT_EMAIL_MAX: '2',
      RATE_LIMIT_EMAIL_WINDOW_SECONDS: '900',
    });
    const statuses: number[] = [];
    const details: string[] = [];
    for (const ip of ['10.2.0.1', '10.2.0.2', '10.2.0.3']) {
      const r = await login('07012345678', 'guess-guess', limited, ip);
      statuses.push(r.statusCode);
      details.push(String(detailOf(r)));
    }
    expect(statuses).toEqual([401, 401, 401]);
    expect(details[2]).toBe(ERROR_DETAILS.loginCodeRequired);
  });
});

describe('codes by SMS to a proven number, as before', () => {
  test('a reset code asked by SMS goes to the proven number and resets the password', async () => {
    const shopper = await createShopper(t.app, t.db, { mobile_number: NUMBER });
    await proveNumber(shopper.email, NUMBER);
    await call(t.app, {
      method: 'POST',
      url: '/api/send-otp',
      body: { user_email: shopper.email, email_channel: 'sms' },
    });
    const code = await latestCode(t.db, NUMBER);
    const reset = await call(t.app, {
      method: 'POST',
      url: '/api/reset-password',
      body: { email: shopper.email, otp: code, password: 'NewSecret99!' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(NUMBER, 'NewSecret99!')).statusCode).toBe(200);
  });
});
