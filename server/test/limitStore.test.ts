/** The in-memory store behind the rate limits: the rules a shared store must keep too. */
import { createMemoryLimitStore } from '../src/plugins/limits';
import { TestClock } from './helpers';

describe('the in-memory limit store', () => {
  test('counts every attempt once, even all at once; gives back; resets with the window', async () => {
    const clock = new TestClock();
    const store = createMemoryLimitStore(clock);
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

  test('a flood of distinct keys is bounded', async () => {
    const store = createMemoryLimitStore(new TestClock(), 100);
    for (let i = 0; i < 1000; i++) await store.increment(`k${i}`, 60_000);
    // The newest keys are still counted.
    expect((await store.increment('k999', 60_000)).count).toBe(2);
  });
});
