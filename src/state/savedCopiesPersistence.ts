/**
 * redux-persist writes the saved copies back to localStorage (state/storedSavedCopies.ts
 * reads them), joining the store after the first render as the session's writer does
 * (app/sessionPersistence.ts). With stateReconciler off, its own read at start is ignored.
 */
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { persistReducer, type PersistConfig } from 'redux-persist';
import savedCopiesSlice, { type SavedCopiesState } from './savedCopiesSlice';
import {
  SAVED_COPIES_KEY,
  readStoredSavedCopies,
  writeStoredSavedCopies,
} from './storedSavedCopies';

/** The saved-copies reducer wrapped by redux-persist, writing to `storage`. One per store. */
export function createPersistedSavedCopiesReducer(storage: Storage): Reducer<SavedCopiesState> {
  // `deserialize: false` is honoured by redux-persist 6 but missing from its types.
  const config: PersistConfig<SavedCopiesState> & { deserialize: false } = {
    key: SAVED_COPIES_KEY,
    storage: {
      getItem: async () => readStoredSavedCopies(storage, null),
      setItem: async (_key: string, value: unknown) => writeStoredSavedCopies(storage, value),
      removeItem: async () => storage.removeItem(SAVED_COPIES_KEY),
    },
    serialize: false,
    deserialize: false,
    stateReconciler: false,
    timeout: 0,
    // A full storage loses the copy, never the page.
    writeFailHandler: (error) => console.warn('Could not keep a saved copy', error),
  };
  const persisted = persistReducer(config, savedCopiesSlice.reducer);
  return (state: SavedCopiesState | undefined, action: UnknownAction) =>
    persisted(state as Parameters<typeof persisted>[0], action);
}
