import { combineSlices, configureStore } from '@reduxjs/toolkit';
import sessionSlice from './sessionSlice';

/**
 * The store. The data-layer work adds the nine API slices, the listener middleware and
 * session persistence here; the shape of `makeStore` stays so tests can build a fresh one.
 */
export const rootReducer = combineSlices(sessionSlice);
export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    devTools: process.env.NODE_ENV !== 'production',
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
