/**
 * The store's one listener middleware, for effects that cross slices.
 * The app registers its own listeners in app/listeners.ts; a feature adds its own with
 * startAppListening, or from a component with dispatch(addAppListener(...)). Every store
 * built by makeStore runs them all.
 */
import { addListener, createListenerMiddleware } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from './types';

export const listenerMiddleware = createListenerMiddleware();

export const startAppListening = listenerMiddleware.startListening.withTypes<
  RootState,
  AppDispatch
>();
export const addAppListener = addListener.withTypes<RootState, AppDispatch>();
