/**
 * A few seconds' memory of open sessions, so a signed-in request does not read its session
 * row every time, without giving up log out: whoever ends a session announces it
 * (announceSessionsEnded), in the transaction that ends it. Every cache of this process on
 * that database forgets it at once; on PostgreSQL a NOTIFY, delivered when the transaction
 * commits, makes every other server forget it too. A server that is not listening (its
 * listening connection lost, or not made yet) keeps nothing and reads every session row, as
 * it would miss the news of an ended session.
 */
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/client';
import type { SessionAccount } from '../db/sessions';

/** Sessions that ended: one, or every one of an account. */
export type EndedSessions = { sessionId: string } | { userId: number };

export interface SessionCache {
  /**
   * The account of an open session: from memory when this process read it in the last few
   * seconds and has heard of no end since, else from `load` (the database).
   */
  lookup(
    sessionId: string,
    userId: number,
    load: () => Promise<SessionAccount | null>,
  ): Promise<SessionAccount | null>;
  /** Forgets ended sessions and keeps none of them for a while (their end may not be committed yet). */
  forget(ended: EndedSessions): void;
  /** Whether it may keep anything: false drops all it has. */
  setListening(listening: boolean): void;
  /** True while it hears of every ended session (and so may keep sessions). */
  readonly listening: boolean;
  readonly size: number;
}

/** Short: a server that misses a notification still refuses an ended session this soon. */
export const SESSION_CACHE_TTL_MS = 5_000;
/** About 200 bytes each: a few megabytes at most. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;
/** The PostgreSQL channel ended sessions are announced on. */
export const SESSIONS_ENDED_CHANNEL = 'storefront_sessions_ended';

interface Entry {
  account: SessionAccount;
  until: number;
}

export function createSessionCache(options: {
  clock: Clock;
  listening: boolean;
  ttlMs?: number;
  maxEntries?: number;
}): SessionCache {
  const ttl = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const max = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
  const now = () => options.clock.now().getTime();
  const entries = new Map<string, Entry>();
  /** Sessions (s:id) and accounts (u:id) that ended lately, until when nothing of them is kept. */
  const ended = new Map<string, number>();
  let listening = options.listening;
  // Bumped by every end heard of: a read that began before it may have seen the row open.
  let epoch = 0;

  const endedLately = (key: string, at: number) => {
    const until = ended.get(key);
    if (until === undefined) return false;
    if (until > at) return true;
    ended.delete(key);
    return false;
  };

  return {
    async lookup(sessionId, userId, load) {
      const at = now();
      const hit = listening ? entries.get(sessionId) : undefined;
      if (hit && hit.until > at && hit.account.userId === userId) return hit.account;
      if (hit) entries.delete(sessionId);
      const startedAt = epoch;
      const account = await load();
      if (
        account &&
        listening &&
        epoch === startedAt &&
        !endedLately(`s:${sessionId}`, at) &&
        !endedLately(`u:${userId}`, at)
      ) {
        entries.delete(sessionId);
        entries.set(sessionId, { account, until: at + ttl });
        // Map keeps insertion order: the first entry is the oldest.
        if (entries.size > max) entries.delete(entries.keys().next().value as string);
      }
      return account;
    },
    forget(what) {
      epoch++;
      const key = 'sessionId' in what ? `s:${what.sessionId}` : `u:${what.userId}`;
      ended.delete(key);
      ended.set(key, now() + ttl);
      if (ended.size > max) ended.delete(ended.keys().next().value as string);
      if ('sessionId' in what) {
        entries.delete(what.sessionId);
      } else {
        for (const [id, entry] of entries) {
          if (entry.account.userId === what.userId) entries.delete(id);
        }
      }
    },
    setListening(on) {
      epoch++;
      listening = on;
      entries.clear();
    },
    get listening() {
      return listening;
    },
    get size() {
      return entries.size;
    },
  };
}

/** The caches of this process, per database they read. */
const cachesOf = new WeakMap<Database, Set<SessionCache>>();

function encode(what: EndedSessions): string {
  return 'sessionId' in what ? `s:${what.sessionId}` : `u:${what.userId}`;
}

function decode(payload: string): EndedSessions | null {
  const session = /^s:([0-9a-f-]{36})$/.exec(payload);
  if (session) return { sessionId: session[1] as string };
  const user = /^u:(\d{1,15})$/.exec(payload);
  return user ? { userId: Number(user[1]) } : null;
}

/**
 * Tells every session cache that these sessions ended. Call it with the transaction (or
 * handle) that ends them: on PostgreSQL the notification leaves when that commits, and goes
 * nowhere if it rolls back.
 */
export async function announceSessionsEnded(
  db: Database,
  q: Queryable,
  what: EndedSessions,
): Promise<void> {
  for (const cache of cachesOf.get(db) ?? []) cache.forget(what);
  if (db.kind === 'postgres') {
    await q.query('SELECT pg_notify($1, $2)', [SESSIONS_ENDED_CHANNEL, encode(what)]);
  }
}

/**
 * A session cache for this database, registered to hear of ended sessions: in-process on the
 * embedded database (it belongs to this one process), and on PostgreSQL also through LISTEN
 * on a connection of its own, which reconnects; until it listens the cache keeps nothing.
 */
export function attachSessionCache(
  db: Database,
  clock: Clock,
  warn: (message: string) => void,
): { cache: SessionCache; close(): Promise<void> } {
  const cache = createSessionCache({ clock, listening: db.kind !== 'postgres' });
  let caches = cachesOf.get(db);
  if (!caches) cachesOf.set(db, (caches = new Set()));
  caches.add(cache);
  let wasListening = false;
  const stop = db.listen?.(
    SESSIONS_ENDED_CHANNEL,
    (payload) => {
      const what = decode(payload);
      if (what) cache.forget(what);
    },
    (listening) => {
      if (wasListening && !listening) {
        warn(
          'Lost the connection that hears of ended sessions; reading every session until it is back',
        );
      }
      wasListening = listening;
      cache.setListening(listening);
    },
  );
  return {
    cache,
    async close() {
      caches.delete(cache);
      await stop?.();
    },
  };
}
