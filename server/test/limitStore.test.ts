/**
 * The stores behind the rate limits, held to the same rules: the in-memory one (one server on
 * the embedded database) and the database one (every server on PostgreSQL; under
 * `npm run test:postgres` these cases run against a real PostgreSQL, where 50 increments at
 * once travel over several connections).
 */
import type { Clock } from '../src/clock';
import type { Queryable } from '../src/db/client';
import { DATABASE_DOWN_DETAIL } from '../src/plugins/errors';
import {
  createDatabaseLimitStore,
  createMemoryLimitStore,
  type LimitStore,
} from '../src/plugins/limits';
import { call, createShopper, detailOf, setupHarness, TestClock } from './helpers';

const t = setupHarness();
const onWhat = process.env.DATABASE_URL ? 'PostgreSQL' : 'the embedded database';

const stores: [string, (clock: Clock) => LimitStore][] = [
  ['the in-memory limit store', (clock) => createMemoryLimitStore(clock)],
  [`the database limit store on ${onWhat}`, (clock) => createDatabaseLimitStore(t.db, clock)],
];

describe.each(stores)('%s', (_name, makeStore) => {
  test('counts every attempt once, even all at once; gives back; resets with the window', async () => {
    const clock = new TestClock();
    const store = makeStore(clock);
    const counts = await Promise.all(
      Array.from({ length: 50 }, () => store.increment('k', 60_000)),
    );
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    await store.giveBack('k');
    expect((await store.increment('k', 60_000)).count).toBe(50);
    clock.advance(61);
    expect(await store.increment('k', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    await store.reset('k');
    expect((await store.increment('k', 60_000)).count).toBe(1);
  });

  test('50 attempts at once with a limit of 10 let exactly 10 through', async () => {
    const store = makeStore(new TestClock());
    const counts = await Promise.all(
      Array.from({ length: 50 }, () => store.increment('burst', 60_000)),
    );
    expect(counts.filter((c) => c.count <= 10)).toHaveLength(10);
  });

  test('the window runs from the first attempt, not the latest', async () => {
    const clock = new TestClock();
    clock.freeze(new Date('2026-03-01T09:00:00.000Z'));
    const store = makeStore(clock);
    await store.increment('w', 60_000);
    clock.advance(45);
    expect(await store.increment('w', 60_000)).toEqual({ count: 2, resetInMs: 15_000 });
    clock.advance(15);
    expect(await store.increment('w', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });

  test('keys count apart; giving back never goes below zero', async () => {
    const store = makeStore(new TestClock());
    await store.giveBack('never-seen');
    await store.increment('a', 60_000);
    await store.giveBack('a');
    await store.giveBack('a');
    expect((await store.increment('a', 60_000)).count).toBe(1);
    expect((await store.increment('b', 60_000)).count).toBe(1);
    expect((await store.increment('a', 60_000)).count).toBe(2);
  });
});

describe('the in-memory limit store', () => {
  test('a flood of distinct keys is bounded', async () => {
    const store = createMemoryLimitStore(new TestClock(), 100);
    for (let i = 0; i < 1000; i++) await store.increment(`k${i}`, 60_000);
    // The newest keys are still counted.
    expect((await store.increment('k999', 60_000)).count).toBe(2);
  });
});

describe(`the database limit store on ${onWhat}`, () => {
  const keys = async () =>
    (await t.db.query<{ key: string }>('SELECT key FROM rate_limits ORDER BY key')).map(
      (r) => r.key,
    );

  test('two servers counting one key together let through what one would', async () => {
    const clock = new TestClock();
    const servers = [createDatabaseLimitStore(t.db, clock), createDatabaseLimitStore(t.db, clock)];
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (servers[i % 2] as LimitStore).increment('shared', 60_000),
      ),
    );
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    await (servers[1] as LimitStore).reset('shared');
    expect((await (servers[0] as LimitStore).increment('shared', 60_000)).count).toBe(1);
  });

  test('ended windows are deleted by a later attempt, once a sweep is due; open ones stay', async () => {
    const clock = new TestClock();
    const store = createDatabaseLimitStore(t.db, clock, { sweepEveryMs: 60_000 });
    await store.increment('short', 10_000);
    await store.increment('long', 600_000);
    clock.advance(30);
    await store.increment('new', 60_000);
    // Not yet: the last sweep was less than a minute ago.
    expect(await keys()).toEqual(['long', 'new', 'short']);
    clock.advance(31);
    await store.increment('new', 60_000);
    expect(await keys()).toEqual(['long', 'new']);
  });

  test('a database that cannot count answers 503 in words, never a 500', async () => {
    const broken: Queryable = {
      query: () =>
        Promise.reject(
          Object.assign(new Error('relation "rate_limits" does not exist'), {
            code: '42P01',
          }),
        ),
      exec: () => Promise.reject(new Error('unused')),
    };
    const store = createDatabaseLimitStore(broken, new TestClock());
    await expect(store.increment('k', 60_000)).rejects.toMatchObject({
      statusCode: 503,
      detail: DATABASE_DOWN_DETAIL,
    });
    await expect(store.giveBack('k')).rejects.toMatchObject({ statusCode: 503 });

    const shopper = await createShopper(t.app, t.db, { email: 'counted@example.ng' });
    const app = await t.build({}, { limitStore: store });
    const response = await call(app, {
      method: 'POST',
      url: '/api/login',
      body: { username: shopper.email, password: shopper.password },
    });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('30');
    expect(detailOf(response)).toBe(DATABASE_DOWN_DETAIL);
    expect(response.body).not.toMatch(/rate_limits|42P01|at /);
    // Nothing else changed: the same shopper still signs in where the counts can be kept.
    const again = await call(t.app, {
      method: 'POST',
      url: '/api/login',
      body: { username: shopper.email, password: shopper.password },
    });
    expect(again.statusCode).toBe(200);
  });
});
