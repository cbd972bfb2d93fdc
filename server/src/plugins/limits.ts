/**
 * Rate limits for the sign-in family of routes, per client IP and per email address.
 *
 * An attempt is counted before it is tested, so requests sent together cannot all slip past
 * a check made before any of them failed: of N parallel guesses, at most the limit are
 * tested. A guess that succeeds is given back, so shoppers who sign in again and again (or a
 * shop full of them behind one IP) never use up the allowance. Routes that send something
 * (sign-up, send-otp, the contact form) count every call.
 *
 * The counts live behind LimitStore: in this process's memory on the embedded database (one
 * server), in the database itself on PostgreSQL, where every server counts against the same
 * rows and N servers let through what one would.
 */
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { RateLimitSetting } from '../config';
import type { Queryable } from '../db/client';
import { deleteEndedLimits, deleteLimit, giveBackLimit, incrementLimit } from '../db/rateLimits';
import { normalizeEmail } from '../../../contract/email';
import { storageUnavailable, tooManyRequests, waitText } from './errors';

export interface LimitCount {
  /** Attempts in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again from zero. */
  resetInMs: number;
}

/**
 * Counters with a fixed window each. Every operation is atomic for its key: two increments
 * never return the same count.
 */
export interface LimitStore {
  /** Adds one to the key's count (opening a window of windowMs if none is open) and returns it. */
  increment(key: string, windowMs: number): Promise<LimitCount>;
  /** Takes one back (an attempt that succeeded); never below zero. */
  giveBack(key: string): Promise<void>;
  /** Forgets the key: its next attempt starts a fresh window. */
  reset(key: string): Promise<void>;
}

/** The store of one server process. Expired windows are swept as new keys arrive. */
export function createMemoryLimitStore(clock: Clock, maxKeys = 100_000): LimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function sweep(now: number) {
    for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
    // Still full of live windows (a flood of distinct keys): drop the oldest tenth, so a
    // flood costs a sweep per many keys, not per key.
    if (windows.size < maxKeys) return;
    let drop = Math.max(1, Math.floor(maxKeys / 10));
    for (const key of windows.keys()) {
      if (drop-- <= 0) break;
      windows.delete(key);
    }
  }

  return {
    async increment(key, windowMs) {
      const now = clock.now().getTime();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        if (!w && windows.size >= maxKeys) sweep(now);
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, resetInMs: w.resetAt - now };
    },
    async giveBack(key) {
      const w = windows.get(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

/**
 * The store shared by every server on one database. Each increment is one atomic statement,
 * so servers counting the same key at once never let more than the limit through. Ended
 * windows are deleted opportunistically: at most once per sweepEveryMs per process, by the
 * first increment after it, a bounded batch at a time, so no timer has to be stopped at
 * shutdown. A database that cannot count answers 503 in words, never 500: without the count
 * the attempt cannot be allowed.
 */
export function createDatabaseLimitStore(
  db: Queryable,
  clock: Clock,
  options: { sweepEveryMs?: number; sweepBatch?: number } = {},
): LimitStore {
  const sweepEveryMs = options.sweepEveryMs ?? 60_000;
  const sweepBatch = options.sweepBatch ?? 1000;
  let lastSweep = clock.now().getTime();

  async function sweep(now: Date): Promise<void> {
    if (now.getTime() - lastSweep < sweepEveryMs) return;
    lastSweep = now.getTime();
    // Tidying is not worth failing a request over: the next sweep tries again.
    await deleteEndedLimits(db, now, sweepBatch).catch(() => undefined);
  }

  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw storageUnavailable(error);
    }
  }

  return {
    increment: (key, windowMs) =>
      guarded(async () => {
        const now = clock.now();
        const { count, resetAt } = await incrementLimit(db, key, now, windowMs);
        await sweep(now);
        return { count, resetInMs: resetAt.getTime() - now.getTime() };
      }),
    giveBack: (key) => guarded(() => giveBackLimit(db, key)),
    reset: (key) => guarded(() => deleteLimit(db, key)),
  };
}

/** A guess counted against the caller's IP and an account's email, before it is tested. */
export interface Guess {
  /** The email has had its allowance in this window: the guess must not be tested as usual. */
  readonly emailExhausted: boolean;
  /** Seconds until the email's window ends. */
  readonly emailRetryAfterSeconds: number;
  /** The guess was right: it does not count against anyone. */
  succeeded(): Promise<void>;
  /** The owner proved themselves another way: the email starts afresh. */
  resetEmail(): Promise<void>;
}

export interface AuthLimits {
  /**
   * Counts a guess (a password or a code) for the email before it is tested. 429 when the
   * caller's IP has used its attempts; when the email has, the caller decides what to do.
   */
  guess(request: FastifyRequest, email: string): Promise<Guess>;
  /** Counts a call that sends something (a code, an email); 429 when the IP or email is full. */
  send(request: FastifyRequest, email: string): Promise<void>;
  /** The contact form, per client IP, counted apart from sign-in attempts. */
  contact(request: FastifyRequest): Promise<void>;
}

/**
 * Pages (not the API, not files) per client address: a shopper opens a handful of pages a
 * minute, since the app moves between its pages itself; many shoppers behind one mobile
 * network's address share the allowance, so it is far above what one person asks for. Counts
 * the request and answers the seconds to wait when the address is past its allowance, else
 * null.
 */
export function createPageLimit(
  store: LimitStore,
  perIp: RateLimitSetting,
): (request: FastifyRequest) => Promise<number | null> {
  return async (request) => {
    const counted = await store.increment(`page:${request.ip}`, perIp.windowMs);
    return counted.count > perIp.max ? counted.resetInMs / 1000 : null;
  };
}

function refusal(resetInMs: number) {
  const seconds = resetInMs / 1000;
  return tooManyRequests(`Too many attempts. Please try again in ${waitText(seconds)}.`, seconds);
}

export function createAuthLimits(
  store: LimitStore,
  settings: { perIp: RateLimitSetting; perEmail: RateLimitSetting },
): AuthLimits {
  const { perIp, perEmail } = settings;
  const ipKey = (request: FastifyRequest) => `ip:${request.ip}`;
  // The same canonical form accounts are looked up by, so case or spaces cannot open a
  // fresh allowance for the same account. Guesses and sends are counted apart: asking for
  // codes must not use up the owner's sign-in attempts.
  const emailKey = (email: string) => `guess:${normalizeEmail(email)}`;
  const sendKey = (email: string) => `send:${normalizeEmail(email)}`;

  async function countIp(request: FastifyRequest, key: string): Promise<void> {
    const ip = await store.increment(key, perIp.windowMs);
    if (ip.count > perIp.max) throw refusal(ip.resetInMs);
  }

  return {
    async guess(request, email) {
      const ip = ipKey(request);
      await countIp(request, ip);
      const key = emailKey(email);
      const counted = await store.increment(key, perEmail.windowMs);
      return {
        emailExhausted: counted.count > perEmail.max,
        emailRetryAfterSeconds: counted.resetInMs / 1000,
        async succeeded() {
          await store.giveBack(ip);
          await store.giveBack(key);
        },
        async resetEmail() {
          await store.giveBack(ip);
          await store.reset(key);
        },
      };
    },

    async send(request, email) {
      await countIp(request, ipKey(request));
      const counted = await store.increment(sendKey(email), perEmail.windowMs);
      if (counted.count > perEmail.max) throw refusal(counted.resetInMs);
    },

    async contact(request) {
      await countIp(request, `contact:${request.ip}`);
    },
  };
}
