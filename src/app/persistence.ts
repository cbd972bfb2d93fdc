/**
 * redux-persist and the two reducers it wraps: the session's (app/sessionPersistence.ts) and
 * the saved copies' (state/savedCopiesPersistence.ts). A chunk of its own, which joins the
 * app's store after the first render (app/store.ts, `persist`): the store reads both from
 * localStorage synchronously as it starts, so nothing on the first screen waits for it.
 */
import type { Reducer } from '@reduxjs/toolkit';
import type { SavedCopiesState } from '../state/savedCopiesSlice';
import { createPersistedSavedCopiesReducer } from '../state/savedCopiesPersistence';
import type { SessionState } from '../state/sessionSlice';
import { createPersistedSessionReducer } from './sessionPersistence';

export { persistStore } from 'redux-persist';

/** The reducers that write to `storage`, one pair per store. */
export function persistedReducers(storage: Storage): {
  session: Reducer<SessionState>;
  savedCopies: Reducer<SavedCopiesState>;
} {
  return {
    session: createPersistedSessionReducer(storage),
    savedCopies: createPersistedSavedCopiesReducer(storage),
  };
}
