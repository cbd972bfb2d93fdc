/**
 * The session's six values in localStorage, each under its own key (authToken, productID,
 * orderId, userID, userName, productSlug), as the earlier site kept them: a shopper it
 * signed in stays signed in here.
 *
 * Design: the store starts from a synchronous read of the keys (readStoredSession, used as
 * preloaded state), so the first paint already knows who is signed in and nothing waits
 * for rehydration. redux-persist is the writer: with serialize and deserialize off it hands
 * our engine the plain session object, and the engine writes each field to its own key
 * (null → removeItem) instead of one `persist:session` item. Its read at start is skipped
 * (stateReconciler: false) since the store already holds those values, which also means an
 * action dispatched before REHYDRATE can never be overwritten by stale stored values.
 * Another tab's login or logout arrives as a `storage` event and is dispatched as
 * session/syncedFromStorage.
 */
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { persistReducer, type PersistConfig } from 'redux-persist';
import { decodeStored } from '../lib/storedValue';
import sessionSlice, {
  SESSION_KEYS,
  initialSessionState,
  syncedFromStorage,
  type SessionKey,
  type SessionState,
} from '../state/sessionSlice';

/** The persist key; it names no storage item, since each field has its own key. */
export const SESSION_PERSIST_KEY = 'session';

const isSessionKey = (key: string): key is SessionKey =>
  (SESSION_KEYS as readonly string[]).includes(key);

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
  return session;
}

/** Writes the session fields present in `value`: a string is stored, null removes the key. */
export function writeStoredSession(storage: Storage, value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  for (const [key, field] of Object.entries(value)) {
    if (!isSessionKey(key)) continue; // e.g. redux-persist's own `_persist`
    if (typeof field === 'string') {
      if (storage.getItem(key) !== field) storage.setItem(key, field);
    } else if (field === null) {
      storage.removeItem(key);
    }
  }
}

/** A redux-persist storage engine of three async functions over the six keys. */
export function createSessionStorageEngine(storage: Storage) {
  return {
    getItem: async (_key: string): Promise<SessionState> => readStoredSession(storage),
    setItem: async (_key: string, value: unknown): Promise<void> => {
      writeStoredSession(storage, value);
    },
    removeItem: async (_key: string): Promise<void> => {
      for (const key of SESSION_KEYS) storage.removeItem(key);
    },
  };
}

/** The session reducer wrapped by redux-persist, writing to `storage`. One per store. */
export function createPersistedSessionReducer(storage: Storage): Reducer<SessionState> {
  // `deserialize: false` is honoured by redux-persist 6 but missing from its types.
  const config: PersistConfig<SessionState> & { deserialize: false } = {
    key: SESSION_PERSIST_KEY,
    storage: createSessionStorageEngine(storage),
    serialize: false,
    deserialize: false,
    stateReconciler: false,
    // The engine answers at once; no time-out timer to leave running.
    timeout: 0,
    writeFailHandler: (error) => console.warn('Could not save the session', error),
  };
  const persisted = persistReducer(config, sessionSlice.reducer);
  // redux-persist types its reducer's input as already carrying `_persist`, but it accepts
  // (and is given, before PERSIST) the plain session; its output only adds that key.
  return (state: SessionState | undefined, action: UnknownAction) =>
    persisted(state as Parameters<typeof persisted>[0], action);
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
