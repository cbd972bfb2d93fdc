/**
 * The session cache on its own (auth/sessionCache.ts), and the news of ended sessions going
 * from one server to another through PostgreSQL's LISTEN/NOTIFY, over a connection that is
 * cut and made again. Reads through the app are in sessions.test.ts.
 */
import {
  announceSessionsEnded,
  attachSessionCache,
  createSessionCache,
  SESSION_CACHE_TTL_MS,
  type SessionCache,
} from '../src/auth/sessionCache';
import type { Database } from '../src/db/client';
import { LISTEN_APPLICATION_NAME, openPostgres } from '../src/db/postgres';
import type { SessionAccount } from '../src/db/sessions';
import { TestClock } from './helpers';
import { findPostgres, startTempPostgres, type TempPostgres } from './tempPostgres';

const SESSION = '5b1f0c7e-8d3a-4c2b-9a61-0f2e3d4c5b6a';
const OTHER = '0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b';
const account = (userId: number): SessionAccount => ({
  userId,
  email: `shopper${userId}@example.ng`,
  firstName: 'Bola',
  active: true,
});

/** A loader that counts how often the database would be read. */
function loader(result: SessionAccount | null = account(7)) {
  const counted = {
    reads: 0,
    load: async () => {
      counted.reads++;
      return result;
    },
  };
  return counted;
}

describe('the session cache', () => {
  test('keeps an open session for a few seconds, then reads it again', async () => {
    const clock = new TestClock();
    const cache = createSessionCache({ clock, listening: true });
    const db = loader();
    for (let i = 0; i < 5; i++) expect(await cache.lookup(SESSION, 7, db.load)).toEqual(account(7));
    expect(db.reads).toBe(1);
    clock.advance(SESSION_CACHE_TTL_MS / 1000);
    await cache.lookup(SESSION, 7, db.load);
    expect(db.reads).toBe(2);
  });

  test('keeps nothing of a session that is not open, nor of a token naming another account', async () => {
    const cache = createSessionCache({ clock: new TestClock(), listening: true });
    const closed = loader(null);
    await cache.lookup(SESSION, 7, closed.load);
    await cache.lookup(SESSION, 7, closed.load);
    expect(closed.reads).toBe(2);
    const open = loader();
    await cache.lookup(SESSION, 7, open.load);
    await cache.lookup(SESSION, 8, open.load);
    expect(open.reads).toBe(2);
  });

  test('forgets an ended session at once, and every session of an account whose sessions all end', async () => {
    const cache = createSessionCache({ clock: new TestClock(), listening: true });
    const db = loader();
    await cache.lookup(SESSION, 7, db.load);
    await cache.lookup(OTHER, 7, db.load);
    cache.forget({ sessionId: SESSION });
    await cache.lookup(SESSION, 7, db.load);
    await cache.lookup(OTHER, 7, db.load);
    expect(db.reads).toBe(3);
    cache.forget({ userId: 7 });
    await cache.lookup(OTHER, 7, db.load);
    expect(db.reads).toBe(4);
  });

  test('a read that began before an end is not kept, nor one made while the end may be uncommitted', async () => {
    const clock = new TestClock();
    const cache = createSessionCache({ clock, listening: true });
    let answer: (value: SessionAccount) => void = () => {};
    const slow = cache.lookup(
      SESSION,
      7,
      () => new Promise<SessionAccount>((resolve) => (answer = resolve)),
    );
    cache.forget({ sessionId: OTHER });
    answer(account(7));
    expect(await slow).toEqual(account(7));
    const db = loader();
    await cache.lookup(SESSION, 7, db.load);
    expect(db.reads).toBe(1);

    // Ended, perhaps in a transaction not committed yet: read afresh until the news is old.
    cache.forget({ userId: 9 });
    const nine = loader(account(9));
    await cache.lookup(OTHER, 9, nine.load);
    await cache.lookup(OTHER, 9, nine.load);
    expect(nine.reads).toBe(2);
    clock.advance(SESSION_CACHE_TTL_MS / 1000);
    await cache.lookup(OTHER, 9, nine.load);
    await cache.lookup(OTHER, 9, nine.load);
    expect(nine.reads).toBe(3);
  });

  test('keeps nothing while it is not listening, and starts empty when it listens again', async () => {
    const cache = createSessionCache({ clock: new TestClock(), listening: false });
    const db = loader();
    await cache.lookup(SESSION, 7, db.load);
    await cache.lookup(SESSION, 7, db.load);
    expect([db.reads, cache.size]).toEqual([2, 0]);
    cache.setListening(true);
    await cache.lookup(SESSION, 7, db.load);
    expect(cache.size).toBe(1);
    cache.setListening(false);
    expect(cache.size).toBe(0);
  });

  test('holds at most its bound, letting the oldest go', async () => {
    const cache = createSessionCache({ clock: new TestClock(), listening: true, maxEntries: 3 });
    const ids = [1, 2, 3, 4].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
    const db = loader();
    for (const id of ids) await cache.lookup(id, 7, db.load);
    expect(cache.size).toBe(3);
    await cache.lookup(ids[3] as string, 7, db.load);
    expect(db.reads).toBe(4);
    await cache.lookup(ids[0] as string, 7, db.load);
    expect(db.reads).toBe(5);
  });
});

// ------------------------------------------------------------------ across servers

const install = process.env.DATABASE_URL ? null : findPostgres();
const withPostgres = process.env.DATABASE_URL || install ? describe : describe.skip;
if (!process.env.DATABASE_URL && !install) {
  console.info('PostgreSQL is not installed: the LISTEN/NOTIFY checks are skipped.');
}

/** Asks until `fact` holds; fails after `withinMs`. */
async function until(fact: () => Promise<boolean>, withinMs: number, what: string) {
  const deadline = performance.now() + withinMs;
  while (!(await fact())) {
    if (performance.now() > deadline) throw new Error(`Not within ${withinMs} ms: ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

withPostgres('ended sessions announced through PostgreSQL', () => {
  jest.setTimeout(120_000);
  let postgres: TempPostgres | null = null;
  let url = process.env.DATABASE_URL ?? '';
  let here: Database;
  let there: Database;
  let attached: { cache: SessionCache; close(): Promise<void> };
  const warnings: string[] = [];
  // Stopped: what the cache keeps is let go only when a test moves it on.
  const clock = new TestClock();
  clock.freeze(new Date());

  beforeAll(async () => {
    if (!url) {
      postgres = await startTempPostgres();
      url = await postgres.createDatabase('listen');
    }
    // Two handles on one database: as two servers, they share no memory.
    here = await openPostgres(url);
    there = await openPostgres(url);
    attached = attachSessionCache(there, clock, (line) => warnings.push(line));
  });

  afterAll(async () => {
    try {
      await attached.close();
      await here.close();
      await there.close();
    } finally {
      await postgres?.stop();
    }
  });

  /** Whether `there` keeps SESSION now: one read to fill it, then a second that must not read. */
  async function kept(): Promise<boolean> {
    const db = loader();
    await attached.cache.lookup(SESSION, 7, db.load);
    await attached.cache.lookup(SESSION, 7, db.load);
    return db.reads === 1;
  }

  test('a server forgets a session that another ended, within a second of the commit', async () => {
    await until(async () => attached.cache.listening, 10_000, 'the cache listens');
    expect(await kept()).toBe(true);
    await here.transaction((tx) => announceSessionsEnded(here, tx, { sessionId: SESSION }));
    const forgotten = loader();
    await until(
      async () => {
        await attached.cache.lookup(SESSION, 7, forgotten.load);
        return forgotten.reads > 0;
      },
      1_000,
      'the other server forgets the session',
    );
  });

  test('nothing is announced from a transaction that rolls back', async () => {
    // Past the while in which nothing of the session ended above is kept.
    clock.advance(SESSION_CACHE_TTL_MS / 1000);
    expect(await kept()).toBe(true);
    await expect(
      here.transaction(async (tx) => {
        await announceSessionsEnded(here, tx, { userId: 7 });
        throw new Error('changed our mind');
      }),
    ).rejects.toThrow('changed our mind');
    // A later announcement for another account arrives (they arrive in order): the first
    // was never sent.
    const eight = loader(account(8));
    await attached.cache.lookup(OTHER, 8, eight.load);
    await here.transaction((tx) => announceSessionsEnded(here, tx, { userId: 8 }));
    await until(
      async () => {
        await attached.cache.lookup(OTHER, 8, eight.load);
        return eight.reads > 1;
      },
      1_000,
      'the announcement for account 8 arrives',
    );
    const seven = loader();
    await attached.cache.lookup(SESSION, 7, seven.load);
    expect(seven.reads).toBe(0);
  });

  test('a cut listening connection is noticed and made again, and news gets through after', async () => {
    clock.advance(SESSION_CACHE_TTL_MS / 1000);
    expect(await kept()).toBe(true);
    await here.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
      [LISTEN_APPLICATION_NAME],
    );
    await until(async () => warnings.length > 0, 10_000, 'the loss is noticed');
    expect(warnings).toEqual([expect.stringMatching(/Lost the connection/)]);
    await until(async () => attached.cache.listening, 10_000, 'listening again');
    expect(await kept()).toBe(true);
    await here.transaction((tx) => announceSessionsEnded(here, tx, { sessionId: SESSION }));
    const after = loader();
    await until(
      async () => {
        await attached.cache.lookup(SESSION, 7, after.load);
        return after.reads > 0;
      },
      1_000,
      'the reconnected server forgets the session',
    );
  });
});
