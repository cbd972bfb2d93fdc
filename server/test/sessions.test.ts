/**
 * Sessions that end: log out and password resets end tokens whatever the second; a token
 * alone cannot move the account to another phone; SMS reset codes go to proven numbers only.
 */
import { ERROR_DETAILS } from '../../contract';
import { createPasswordHasher, type PasswordHasher } from '../src/auth/passwords';
import { SESSION_CACHE_TTL_MS } from '../src/auth/sessionCache';
import type { Database, Queryable } from '../src/db/client';
import {
  call,
  countMessagesTo,
  createShopper,
  json,
  lastMessageTo,
  latestCode,
  registration,
  setupHarness,
  testConfig,
  type Shopper,
} from './helpers';

const t = setupHarness();

const me = (token: string) => call(t.app, { url: '/api/user/me', token });

async function logIn(shopper: Shopper): Promise<string> {
  const r = await call(t.app, {
    method: 'POST',
    url: '/api/login',
    body: { username: shopper.email, password: shopper.password },
  });
  if (r.statusCode !== 200) throw new Error(`login: ${r.statusCode} ${r.body}`);
  return json<{ access_token: string }>(r).access_token;
}

const sendOtp = (email: string, channel: 'sms' | 'email') =>
  call(t.app, {
    method: 'POST',
    url: '/api/send-otp',
    body: { user_email: email, email_channel: channel },
  });

test('log out ends the session: its token answers 401 from then on; other sessions go on', async () => {
  const shopper = await createShopper(t.app, t.db);
  const phone = await logIn(shopper);
  const out = await call(t.app, { method: 'POST', url: '/api/logout', token: shopper.token });
  expect(out.statusCode).toBe(200);
  const after = await me(shopper.token);
  expect(after.statusCode).toBe(401);
  expect(json(after)).toEqual({ detail: ERROR_DETAILS.credentials });
  expect((await call(t.app, { url: '/api/all-carts', token: shopper.token })).statusCode).toBe(401);
  expect((await me(phone)).statusCode).toBe(200);
});

test('a password reset ends every earlier session, even one opened in the same second (4 of 4)', async () => {
  const shopper = await createShopper(t.app, t.db);
  const outcomes: number[] = [];
  for (let run = 0; run < 4; run++) {
    t.clock.freeze(new Date(Date.UTC(2026, 10, 24, 12, run, 0, 500)));
    const token = await logIn(shopper);
    expect((await me(token)).statusCode).toBe(200);
    expect((await sendOtp(shopper.email, 'email')).statusCode).toBe(200);
    const reset = await call(t.app, {
      method: 'POST',
      url: '/api/reset-password',
      body: {
        email: shopper.email,
        otp: await latestCode(t.db, shopper.email),
        password: shopper.password,
      },
    });
    expect(reset.statusCode).toBe(200);
    outcomes.push((await me(token)).statusCode);
  }
  expect(outcomes).toEqual([401, 401, 401, 401]);
});

/** A promise and the function that settles it, to hold a request at a point of our choosing. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const openSessionsOf = async (db: Database, userId: number) =>
  Number(
    (
      await db.query<{ n: unknown }>(
        'SELECT count(*) AS n FROM sessions WHERE user_id = $1 AND ended_at IS NULL',
        [userId],
      )
    )[0]?.n,
  );

async function resetPassword(shopper: Shopper, password: string) {
  expect((await sendOtp(shopper.email, 'email')).statusCode).toBe(200);
  return call(t.app, {
    method: 'POST',
    url: '/api/reset-password',
    body: { email: shopper.email, otp: await latestCode(t.db, shopper.email), password },
  });
}

describe('a login racing a password reset', () => {
  test('a login that checked the old password before the reset committed gets no session', async () => {
    const shopper = await createShopper(t.app, t.db);
    // This server's logins stop right after the password is found good, until let go.
    const checked = gate();
    const letGo = gate();
    const argon2 = createPasswordHasher(testConfig().argon2);
    const held: PasswordHasher = {
      ...argon2,
      async verify(hash, password) {
        const good = await argon2.verify(hash, password);
        checked.open();
        await letGo.opened;
        return good;
      },
    };
    const other = await t.build({}, { passwords: held });
    const login = call(other, {
      method: 'POST',
      url: '/api/login',
      body: { username: shopper.email, password: shopper.password },
    });
    await checked.opened;
    expect((await resetPassword(shopper, 'A-new-Passphrase-9')).statusCode).toBe(200);
    letGo.open();

    const answer = await login;
    expect(answer.statusCode).toBe(401);
    expect(json(answer)).toEqual({ detail: ERROR_DETAILS.incorrectLogin });
    expect(await openSessionsOf(t.db, shopper.id)).toBe(0);
    expect((await me(shopper.token)).statusCode).toBe(401);
    // The new password works, on either server.
    const fresh = await call(other, {
      method: 'POST',
      url: '/api/login',
      body: { username: shopper.email, password: 'A-new-Passphrase-9' },
    });
    expect(fresh.statusCode).toBe(200);
  });

  test('logins sent together with a reset keep no session after it (8 of 8 runs)', async () => {
    const shopper = await createShopper(t.app, t.db);
    const passwords = ['Race-Passphrase-0', 'Race-Passphrase-1'];
    let current = shopper.password;
    const survivors: number[] = [];
    for (let run = 0; run < 8; run++) {
      const next = passwords[run % 2] as string;
      expect((await sendOtp(shopper.email, 'email')).statusCode).toBe(200);
      const otp = await latestCode(t.db, shopper.email);
      const logins = Array.from({ length: 4 }, () =>
        call(t.app, {
          method: 'POST',
          url: '/api/login',
          body: { username: shopper.email, password: current },
        }),
      );
      const reset = call(t.app, {
        method: 'POST',
        url: '/api/reset-password',
        body: { email: shopper.email, otp, password: next },
      });
      expect((await reset).statusCode).toBe(200);
      const tokens = (await Promise.all(logins))
        .filter((r) => r.statusCode === 200)
        .map((r) => json<{ access_token: string }>(r).access_token);
      const kept = await Promise.all(tokens.map(async (token) => (await me(token)).statusCode));
      survivors.push(kept.filter((status) => status === 200).length);
      current = next;
    }
    expect(survivors).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(await openSessionsOf(t.db, shopper.id)).toBe(0);
  });
});

/** The database, counting the reads of session rows that go through it. */
function countingSessionReads(db: Database): { db: Database; reads: () => number } {
  let reads = 0;
  const counting = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      if (/FROM sessions s JOIN users u/.test(sql)) reads++;
      return q.query(sql, params);
    },
    exec: (sql) => q.exec(sql),
  });
  const outside = counting(db);
  const wrapped: Database = {
    kind: db.kind,
    query: (sql, params) => outside.query(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction((tx) => fn(counting(tx))),
    listen: db.listen?.bind(db),
    close: async () => undefined,
  };
  return { db: wrapped, reads: () => reads };
}

describe('signed-in reads', () => {
  test('read the session row once in a few seconds; a log out is refused on the next call', async () => {
    const shopper = await createShopper(t.app, t.db);
    const counted = countingSessionReads(t.db);
    const app = await t.build({}, { db: counted.db });
    t.clock.freeze(new Date());
    const cartRead = () => call(app, { url: '/api/all-carts', token: shopper.token });
    // On PostgreSQL nothing is kept until the server listens for ended sessions.
    for (let before = -1; before !== counted.reads();) {
      before = counted.reads();
      expect((await cartRead()).statusCode).toBe(200);
    }
    const read = counted.reads();
    for (let i = 0; i < 5; i++) expect((await cartRead()).statusCode).toBe(200);
    expect(counted.reads()).toBe(read);
    t.clock.advance(SESSION_CACHE_TTL_MS / 1000);
    expect((await call(app, { url: '/api/user/me', token: shopper.token })).statusCode).toBe(200);
    expect(counted.reads()).toBe(read + 1);

    const out = await call(app, { method: 'POST', url: '/api/logout', token: shopper.token });
    expect(out.statusCode).toBe(200);
    expect((await call(app, { url: '/api/all-carts', token: shopper.token })).statusCode).toBe(401);
  });

  test('sessions ended through another server on this database are refused here at once', async () => {
    const shopper = await createShopper(t.app, t.db);
    const phone = await logIn(shopper);
    const other = await t.build();
    for (const token of [shopper.token, phone]) expect((await me(token)).statusCode).toBe(200);

    await call(other, { method: 'POST', url: '/api/logout', token: phone });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(shopper.token)).statusCode).toBe(200);

    expect((await sendOtp(shopper.email, 'email')).statusCode).toBe(200);
    const reset = await call(other, {
      method: 'POST',
      url: '/api/reset-password',
      body: {
        email: shopper.email,
        otp: await latestCode(t.db, shopper.email),
        password: 'Another-Passphrase-3',
      },
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(shopper.token)).statusCode).toBe(401);
  });
});

describe('changing the mobile number', () => {
  const update = (shopper: Shopper, body: Record<string, unknown>) =>
    call(t.app, {
      method: 'PATCH',
      url: '/api/customer-update',
      token: shopper.token,
      body: { user_id: shopper.id, ...body },
    });

  test('needs the current password, not just a token; the owner is told by email', async () => {
    const shopper = await createShopper(t.app, t.db, { email: 'phone@example.ng' });
    const other = await logIn(shopper);

    const bare = await update(shopper, { mobile_number: '08129998877' });
    expect(bare.statusCode).toBe(422);
    expect(json(bare)).toEqual({
      detail: [
        expect.objectContaining({
          loc: ['body', 'password'],
          msg: ERROR_DETAILS.passwordForMobile,
        }),
      ],
    });
    const wrong = await update(shopper, {
      mobile_number: '08129998877',
      password: 'not-it-at-all',
    });
    expect(wrong.statusCode).toBe(422);
    expect(json<{ user: unknown }>(await me(shopper.token))).toMatchObject({
      mobile_number: '08031234567',
    });

    // Age and gender need no password; the same number is no change.
    expect((await update(shopper, { age: 41, mobile_number: '08031234567' })).statusCode).toBe(200);

    const done = await update(shopper, {
      mobile_number: '08129998877',
      password: shopper.password,
    });
    expect(done.statusCode).toBe(200);
    expect(json(done)).toMatchObject({ mobile_number: '08129998877', age: 41 });
    const mail = await lastMessageTo(t.db, shopper.email);
    expect(mail?.subject).toBe('Your Ibadan Market mobile number was changed');
    expect(mail?.body).toContain('0812****877');
    // Every other session ends; the one that made the change goes on.
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(shopper.token)).statusCode).toBe(200);
  });
});

describe('SMS codes', () => {
  test('a reset code goes by SMS only to a number proven by a code; otherwise by email', async () => {
    // Activated with an emailed code: the number was never proven.
    const shopper = await createShopper(t.app, t.db, {
      email: 'sms@example.ng',
      mobile_number: '08035550001',
    });
    const smsBefore = await countMessagesTo(t.db, '08035550001');
    const asked = await sendOtp(shopper.email, 'sms');
    expect(asked.statusCode).toBe(200);
    expect(await countMessagesTo(t.db, '08035550001')).toBe(smsBefore);
    expect((await lastMessageTo(t.db, shopper.email))?.subject).toMatch(/code: \d{6}$/);
  });

  test('a new account is activated by SMS, which proves the number for later resets', async () => {
    const body = registration({ email: 'bysms@example.ng', mobile_number: '08035550002' });
    expect((await call(t.app, { method: 'POST', url: '/api/register', body })).statusCode).toBe(
      200,
    );
    expect((await sendOtp(body.email, 'sms')).statusCode).toBe(200);
    const activated = await call(t.app, {
      method: 'POST',
      url: '/api/email-verification',
      body: { user_email: body.email, user_otp: await latestCode(t.db, '08035550002') },
    });
    expect(activated.statusCode).toBe(200);
    expect((await sendOtp(body.email, 'sms')).statusCode).toBe(200);
    expect((await lastMessageTo(t.db, '08035550002'))?.channel).toBe('sms');
    expect(await countMessagesTo(t.db, '08035550002')).toBe(2);
  });

  test('after the number changes, reset codes stop going to any phone until it is proven', async () => {
    const body = registration({ email: 'moved@example.ng', mobile_number: '08035550003' });
    await call(t.app, { method: 'POST', url: '/api/register', body });
    await sendOtp(body.email, 'sms');
    await call(t.app, {
      method: 'POST',
      url: '/api/email-verification',
      body: { user_email: body.email, user_otp: await latestCode(t.db, '08035550003') },
    });
    const login = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      body: { username: body.email, password: body.password },
    });
    const { access_token: token, user_details: user } = json<{
      access_token: string;
      user_details: { id: number };
    }>(login);
    const changed = await call(t.app, {
      method: 'PATCH',
      url: '/api/customer-update',
      token,
      body: { user_id: user.id, mobile_number: '08035550004', password: body.password },
    });
    expect(changed.statusCode).toBe(200);
    await sendOtp(body.email, 'sms');
    expect(await countMessagesTo(t.db, '08035550004')).toBe(0);
    expect((await lastMessageTo(t.db, body.email))?.subject).toMatch(/code: \d{6}$/);
  });

  test('many accounts on one unproven number: one SMS at a time, whichever account asks', async () => {
    const strict = await t.build({ OTP_RESEND_INTERVAL_SECONDS: '30' });
    const number = '08035550009';
    for (let i = 0; i < 4; i++) {
      await call(strict, {
        method: 'POST',
        url: '/api/register',
        body: registration({ email: `texter${i}@example.ng`, mobile_number: number }),
      });
    }
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) {
      // Each account waits out its own resend interval first.
      t.clock.advance(31);
      const r = await call(strict, {
        method: 'POST',
        url: '/api/send-otp',
        body: { user_email: `texter${i}@example.ng`, email_channel: 'sms' },
      });
      answers.push(r.statusCode);
    }
    expect(answers).toEqual([200, 429, 429, 429]);
    expect(await countMessagesTo(t.db, number)).toBe(1);
  });
});
