/**
 * redux-persist writes the session back to localStorage (app/storedSession.ts reads it). With
 * serialize and deserialize off it hands our engine the plain session object, and the engine
 * writes each field to its own key (null → removeItem) instead of one `persist:session` item.
 * Its read at start is skipped (stateReconciler: false) since the store already holds those
 * values, which also means an action dispatched before REHYDRATE can never be overwritten by
 * stale stored values.
 *
 * It joins the store after the first render (app/store.ts, persistToStorage): nothing on the
 * first screen needs it, and it is 2.8 KB brotli. Its first write, as it joins, stores the
 * session as it is then, so a change made before (a refused token signing the shopper out)
 * is written too.
 */
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { persistReducer, type PersistConfig } from 'redux-persist';
import sessionSlice, {
  SESSION_KEYS,
  initialSessionState,
  type SessionState,
} from '../state/sessionSlice';
import { writeSessionCookie } from './sessionCookie';
import { readStoredSession, writeStoredSession } from './storedSession';

/** The persist key; it names no storage item, since each field has its own key. */
export const SESSION_PERSIST_KEY = 'session';

/**
 * A redux-persist storage engine of three async functions over the six keys, which also keeps
 * the session's cookie (app/sessionCookie.ts) the same as this tab's session.
 */
export function createSessionStorageEngine(
  storage: Storage,
  writeCookie: (session: SessionState) => void = writeSessionCookie,
) {
  return {
    getItem: async (_key: string): Promise<SessionState> => readStoredSession(storage),
    setItem: async (_key: string, value: unknown): Promise<void> => {
      writeStoredSession(storage, value);
      writeCookie(sessionOf(value));
    },
    removeItem: async (_key: string): Promise<void> => {
      for (const key of SESSION_KEYS) storage.removeItem(key);
      writeCookie({ ...initialSessionState });
    },
  };
}

/** The six values of what redux-persist hands the engine (the session, with its `_persist`). */
function sessionOf(value: unknown): SessionState {
  const session: SessionState = { ...initialSessionState };
  if (typeof value !== 'object' || value === null) return session;
  const fields = value as Record<string, unknown>;
  for (const key of SESSION_KEYS) {
    const field = fields[key];
    if (typeof field === 'string') session[key] = field;
  }
  return session;
}

/** The session reducer wrapped by redux-persist, writing to `storage`. One per store. */
export function createPersistedSessionReducer(
  storage: Storage,
  writeCookie?: (session: SessionState) => void,
): Reducer<SessionState> {
  // `deserialize: false` is honoured by redux-persist 6 but missing from its types.
  const config: PersistConfig<SessionState> & { deserialize: false } = {
    key: SESSION_PERSIST_KEY,
    storage: createSessionStorageEngine(storage, writeCookie),
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
