/**
 * The saved copies (savedCopiesSlice) in localStorage under one key, as the session's values
 * are (app/storedSession.ts): read synchronously into the store's first state, so a page
 * reloaded offline has them at its first paint. Writing them back is redux-persist's
 * (state/savedCopiesPersistence.ts), which joins the store after the first render.
 */
import type { SavedCopiesState } from './savedCopiesSlice';

export const SAVED_COPIES_KEY = 'savedCopies';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isCopy = (value: unknown): boolean =>
  isRecord(value) && typeof value.savedAt === 'number' && isRecord(value.data);

/**
 * The copies stored for `owner` (the signed-in shopper's id); none when the stored ones are
 * another shopper's, unreadable, or nobody is signed in.
 */
export function readStoredSavedCopies(storage: Storage, owner: string | null): SavedCopiesState {
  const none: SavedCopiesState = { owner };
  if (owner === null) return none;
  let stored: unknown;
  try {
    const text = storage.getItem(SAVED_COPIES_KEY);
    stored = text === null ? null : JSON.parse(text);
  } catch {
    return none;
  }
  if (!isRecord(stored) || stored.owner !== owner) return none;
  const copies: SavedCopiesState = { owner };
  if (isCopy(stored.cart)) copies.cart = stored.cart as SavedCopiesState['cart'];
  if (isCopy(stored.delivery)) copies.delivery = stored.delivery as SavedCopiesState['delivery'];
  if (isCopy(stored.orders) && Array.isArray((stored.orders as { data: unknown }).data)) {
    copies.orders = stored.orders as SavedCopiesState['orders'];
  }
  return copies;
}

/** Writes the copies, or removes the key when there are none (logged out). */
export function writeStoredSavedCopies(storage: Storage, value: unknown): void {
  if (!isRecord(value)) return;
  const { owner, cart, delivery, orders } = value;
  if (typeof owner !== 'string' || (!cart && !delivery && !orders)) {
    storage.removeItem(SAVED_COPIES_KEY);
    return;
  }
  storage.setItem(SAVED_COPIES_KEY, JSON.stringify({ owner, cart, delivery, orders }));
}
