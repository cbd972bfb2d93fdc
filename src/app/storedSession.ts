/**
 * The session's six values as localStorage holds them, each under its own key (authToken,
 * productID, orderId, userID, userName, productSlug), as the earlier site kept them: a
 * shopper it signed in stays signed in here.
 *
 * The store starts from a synchronous read of the keys (readStoredSession, used as preloaded
 * state), so the first paint already knows who is signed in and nothing waits for
 * rehydration. Writing them back is redux-persist's (app/sessionPersistence.ts), which joins
 * the store after the first render. Another tab's login or logout arrives as a `storage`
 * event and is dispatched as session/syncedFromStorage.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { decodeStored } from '../lib/storedValue';
import {
  SESSION_KEYS,
  initialSessionState,
  syncedFromStorage,
  type SessionKey,
  type SessionState,
} from '../state/sessionSlice';

const isSessionKey = (key: string): key is SessionKey =>
  (SESSION_KEYS as readonly string[]).includes(key);

/**
 * What this tab last read from, or wrote to, each key. A tab writes only what it changed
 * itself: a tab following another tab's login reads the keys one `storage` event at a time,
 * and writing back what it saw in between (redux-persist writes a moment later, when more
 * events have arrived) would remove keys from under the tab that just wrote them. Seen in
 * Chromium: a login made with another tab open lost the shopper's id and name.
 */
const lastKnown = new WeakMap<Storage, Partial<Record<SessionKey, string | null>>>();

function known(storage: Storage): Partial<Record<SessionKey, string | null>> {
  let record = lastKnown.get(storage);
  if (!record) {
    record = {};
    lastKnown.set(storage, record);
  }
  return record;
}

/** The six keys as they are stored now; unreadable storage (privacy modes) reads as signed out. */
export function readStoredSession(storage: Storage): SessionState {
  const session: SessionState = { ...initialSessionState };
  try {
    for (const key of SESSION_KEYS) {
      session[key] = decodeStored(storage.getItem(key));
    }
  } catch {
    return { ...initialSessionState };
  }
  Object.assign(known(storage), session);
  return session;
}

/**
 * Writes the session fields present in `value` that this tab changed (they differ from what
 * it last read or wrote): a string is stored, null removes the key.
 */
export function writeStoredSession(storage: Storage, value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  const record = known(storage);
  for (const [key, field] of Object.entries(value)) {
    if (!isSessionKey(key)) continue; // e.g. redux-persist's own `_persist`
    if (typeof field !== 'string' && field !== null) continue;
    const before = key in record ? record[key] : storage.getItem(key);
    if (field === before) continue;
    if (field === null) storage.removeItem(key);
    else storage.setItem(key, field);
    record[key] = field;
  }
}

/**
 * Follows logins and logouts made in other tabs: the `storage` event fires in every other
 * tab of the site when one writes a key. Returns the function that stops listening.
 */
export function syncSessionAcrossTabs(
  dispatch: (action: UnknownAction) => unknown,
  storage: Storage,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== storage) return;
    // key null means the whole storage was cleared.
    if (event.key !== null && !isSessionKey(event.key)) return;
    dispatch(syncedFromStorage(readStoredSession(storage)));
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
