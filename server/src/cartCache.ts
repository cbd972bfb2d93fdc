/**
 * Each shopper's cart answer, kept in memory on the embedded database, so reading a cart
 * asks the database nothing until that cart or the catalogue changes.
 *
 * The database itself says when: a trigger (migration 018) announces every committed change
 * to a cart line, whoever makes it, and every change to the catalogue the answer is priced
 * from; the embedded database delivers that before the answer to the query that committed
 * it, so a shopper never reads their cart older than their own last change. The embedded
 * database belongs to this one process, so nothing changes it unheard.
 *
 * On PostgreSQL nothing is kept: another server's change would arrive by NOTIFY some time
 * after its commit, and a shopper whose next request lands on this server would see their
 * cart without the line they just added. Until the cache hears the announcements (or after
 * it stops hearing them) it keeps nothing either.
 */
import type { Cart } from '../../contract';
import type { Database } from './db/client';

/** The channel of migration 018's announcements: a shopper's id, or '*' for every cart. */
export const CART_CHANGES_CHANNEL = 'storefront_cart_changes';
/** A cart answer is a few kilobytes: a few megabytes at most. */
export const CART_CACHE_MAX_ENTRIES = 2_000;

export interface CartCache {
  /** The shopper's cart: kept, or from `load` (the database), kept when nothing changed meanwhile. */
  read(userId: number, load: () => Promise<Cart>): Promise<Cart>;
  /** Hears an announcement: one shopper's id, or '*' for every cart. */
  forget(payload: string): void;
  /** Whether it hears every change (and so may keep carts): false drops all it has. */
  setListening(listening: boolean): void;
  readonly size: number;
}

export function createCartCache(options: { maxEntries?: number } = {}): CartCache {
  const max = options.maxEntries ?? CART_CACHE_MAX_ENTRIES;
  const entries = new Map<number, Cart>();
  let listening = false;
  // Bumped by every change heard of: a read that began before it may hold the old cart.
  let epoch = 0;

  return {
    async read(userId, load) {
      const hit = entries.get(userId);
      if (hit) {
        // Map keeps insertion order: moved to the end, the least recently read is first.
        entries.delete(userId);
        entries.set(userId, hit);
        return hit;
      }
      const startedAt = epoch;
      const cart = await load();
      if (listening && epoch === startedAt) {
        entries.set(userId, cart);
        if (entries.size > max) entries.delete(entries.keys().next().value as number);
      }
      return cart;
    },
    forget(payload) {
      epoch++;
      if (payload === '*') {
        entries.clear();
        return;
      }
      const userId = Number(payload);
      if (Number.isSafeInteger(userId)) entries.delete(userId);
      // Anything else is no announcement of ours: forgetting all is always safe.
      else entries.clear();
    },
    setListening(on) {
      epoch++;
      listening = on;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * A cart cache for this database: on the embedded database it listens for the
 * announcements; on PostgreSQL it keeps nothing and every read goes to the database.
 */
export function attachCartCache(db: Database): { cache: CartCache; close(): Promise<void> } {
  const cache = createCartCache();
  const stop =
    db.kind === 'pglite'
      ? db.listen?.(
          CART_CHANGES_CHANNEL,
          (payload) => cache.forget(payload),
          (listening) => cache.setListening(listening),
        )
      : undefined;
  return {
    cache,
    async close() {
      cache.setListening(false);
      await stop?.();
    },
  };
}
