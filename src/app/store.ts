import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type Action,
  type DevToolsEnhancerOptions,
  type DynamicMiddlewareInstance,
  type Middleware,
  type Reducer,
  type Store,
  type WithSlice,
} from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, type Persistor } from 'redux-persist';
import { apis } from '../services';
import type { affiliatesApi } from '../services/affiliatesApi';
import type { catalogueAdminApi } from '../services/backOffice/catalogueAdminApi';
import type { notificationsApi } from '../services/notificationsApi';
import type { orderItemsApi } from '../services/orderItemsApi';
import type { paymentApi } from '../services/paymentApi';
import type { catalogueImportApi } from '../services/backOffice/catalogueImportApi';
import type { staffApi } from '../services/staffApi';
import type { shopSettingsApi } from '../services/backOffice/shopSettingsApi';
import type { photosApi } from '../services/backOffice/photosApi';
import type { staffAccountsApi } from '../services/backOffice/staffAccountsApi';
import type { moneyApi } from '../services/backOffice/moneyApi';
import type { checkoutSlice } from '../features/cart/checkout/checkoutSlice';
import { apiLoaded, hostLazyApis, loadedParts, type LazyPart } from '../state/lazyApis';
import { listenerMiddleware } from '../state/listenerMiddleware';
import savedCopiesSlice, { type SavedCopiesState } from '../state/savedCopiesSlice';
import sessionSlice, { type SessionState } from '../state/sessionSlice';
import { readStoredSavedCopies } from '../state/storedSavedCopies';
// Registers the app's own listeners on the shared middleware.
import './listeners';
import { readStoredSession, syncSessionAcrossTabs } from './storedSession';

/**
 * The slices that join the store when their code loads (state/lazyApis.ts): API slices, and
 * the payment flow's state, which the cart's code brings.
 */
type LazyLoadedSlices = WithSlice<typeof checkoutSlice> &
  WithSlice<typeof staffApi> &
  WithSlice<typeof photosApi> &
  WithSlice<typeof staffAccountsApi> &
  WithSlice<typeof moneyApi> &
  WithSlice<typeof notificationsApi> &
  WithSlice<typeof affiliatesApi> &
  WithSlice<typeof orderItemsApi> &
  WithSlice<typeof paymentApi> &
  WithSlice<typeof catalogueImportApi> &
  WithSlice<typeof shopSettingsApi> &
  WithSlice<typeof catalogueAdminApi>;

/**
 * The session slice, the shopper's saved copies and the API slices a first visit uses; the
 * others, and the payment flow's state, join when their code loads (the API caches are never
 * persisted; the saved copies keep a few answers).
 */
function buildRootReducer(
  sessionReducer: Reducer<SessionState>,
  savedCopiesReducer: Reducer<SavedCopiesState>,
) {
  return combineSlices(
    { session: sessionReducer, savedCopies: savedCopiesReducer },
    ...apis,
  ).withLazyLoadedSlices<LazyLoadedSlices>();
}

export const rootReducer = buildRootReducer(sessionSlice.reducer, savedCopiesSlice.reducer);
export type RootState = ReturnType<typeof rootReducer>;

// ------------------------------------------------------------------ Redux DevTools

/** Keys whose values DevTools must never show: the session's token and the login answer's. */
const SECRET_KEYS = new Set(['authToken', 'access_token']);
export const MASK = '***';

/** A copy of `value` with every secret replaced by '***'; unchanged parts are shared, not copied. */
export function maskSecrets<T>(value: T): T {
  return maskValue(value, 0) as T;
}

function maskValue(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null || depth > 12) return value;
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => maskValue(item, depth + 1));
    return items.some((masked, i) => masked !== value[i]) ? items : value;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value; // Request, Error, ...
  let changed = false;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const masked =
      SECRET_KEYS.has(key) && typeof field === 'string' ? MASK : maskValue(field, depth + 1);
    if (masked !== field) changed = true;
    copy[key] = masked;
  }
  return changed ? copy : value;
}

/**
 * RTK Query's actions read 'cartApi/executeMutation/fulfilled'; DevTools shows
 * 'cartApi/updateCartItem/fulfilled' instead, and never a token.
 */
export function actionSanitizer<A extends Action>(action: A): A {
  const masked = maskSecrets(action);
  const match = /^(\w+)\/execute(?:Query|Mutation)\/(pending|fulfilled|rejected)$/.exec(
    action.type,
  );
  const meta: unknown = 'meta' in action ? action.meta : undefined;
  if (!match || typeof meta !== 'object' || meta === null || !('arg' in meta)) return masked;
  const arg: unknown = meta.arg;
  if (typeof arg !== 'object' || arg === null || !('endpointName' in arg)) return masked;
  if (typeof arg.endpointName !== 'string') return masked;
  return { ...masked, type: `${match[1]}/${arg.endpointName}/${match[2]}` };
}

export function stateSanitizer<S>(state: S): S {
  return maskSecrets(state);
}

export const devToolsOptions: DevToolsEnhancerOptions = {
  name: 'Ibadan storefront',
  actionSanitizer,
  stateSanitizer,
};

// ------------------------------------------------------------------ the store

export interface MakeStoreOptions {
  /**
   * The store will write the session and saved copies to storage (createAppStore): it gets a
   * reducer of its own, whose session and saved copies redux-persist's take over. Tests and
   * the server renderer leave it out.
   */
  persisted?: boolean;
}

type RootReducer = typeof rootReducer;

/** What a store needs to take in a slice that joins later; kept per store, dropped with it. */
const storeParts = new WeakMap<
  object,
  { reducer: RootReducer; dynamicMiddleware: DynamicMiddlewareInstance }
>();

function joinStore(store: Pick<Store, 'dispatch'>, part: LazyPart) {
  const parts = storeParts.get(store);
  if (!parts) return;
  // Reducers are shared between stores (rootReducer): injecting one twice is a no-op.
  parts.reducer.inject(part);
  // Its middleware is typed for a state where the slice is always there; here it joins later.
  if ('middleware' in part) parts.dynamicMiddleware.addMiddleware(part.middleware as Middleware);
  store.dispatch(apiLoaded(part.reducerPath));
}

/** A fresh store; nothing is read from or written to storage. */
export function makeStore(preloadedState?: Partial<RootState>, options: MakeStoreOptions = {}) {
  const reducer = options.persisted
    ? buildRootReducer(sessionSlice.reducer, savedCopiesSlice.reducer)
    : rootReducer;
  // What has loaded already is in the reducer from the start, so a preloaded state of it stays.
  for (const part of loadedParts()) reducer.inject(part);
  const dynamicMiddleware = createDynamicMiddleware();
  const store = configureStore({
    reducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: {
          ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER],
          // Development-only checks; a busy test machine should not print timing warnings.
          warnAfter: 128,
        },
        immutableCheck: { warnAfter: 128 },
      })
        .prepend(listenerMiddleware.middleware)
        .concat(apis.map((api) => api.middleware))
        .concat(dynamicMiddleware.middleware),
    devTools: process.env.NODE_ENV !== 'production' && devToolsOptions,
  });
  storeParts.set(store, { reducer, dynamicMiddleware });
  hostLazyApis(store, joinStore);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/**
 * Puts redux-persist's writers in the place of the session's and the saved copies' reducers
 * and starts it. Its first write stores both as they are then; after that, each change.
 */
async function persistTo(store: AppStore, storage: Storage): Promise<Persistor> {
  const { persistStore, persistedReducers } = await import(
    /* webpackChunkName: "persistence" */ './persistence'
  );
  const parts = storeParts.get(store);
  if (!parts) throw new Error('The store was not made by makeStore.');
  const { session, savedCopies } = persistedReducers(storage);
  parts.reducer.inject({ reducerPath: 'session', reducer: session }, { overrideExisting: true });
  parts.reducer.inject(
    { reducerPath: 'savedCopies', reducer: savedCopies },
    { overrideExisting: true },
  );
  return persistStore(store);
}

/**
 * The app's store: the session and saved copies read from `storage` synchronously (so the
 * first paint knows who is signed in, no PersistGate needed), kept in step with other tabs,
 * and written back by redux-persist once `persist()` has been called (after the first
 * render: app/start.tsx). `stop` ends the cross-tab listening (tests).
 */
export function createAppStore(storage: Storage = window.localStorage) {
  const session = readStoredSession(storage);
  const savedCopies = readStoredSavedCopies(
    storage,
    session.authToken === null ? null : session.userID,
  );
  const store = makeStore({ session, savedCopies }, { persisted: true });
  let persisted: Promise<Persistor> | null = null;
  const stopSync = syncSessionAcrossTabs(store.dispatch, storage);
  // When the connection comes back, every query on screen asks again by itself (each API
  // slice sets refetchOnReconnect), so no saved copy outlives the outage.
  const stopReconnect = setupListeners(store.dispatch);
  return {
    store,
    /** Starts writing to storage (once); answers redux-persist's persistor. */
    persist(): Promise<Persistor> {
      persisted ??= persistTo(store, storage).catch((error: unknown) => {
        persisted = null; // asked again on the next call
        throw error;
      });
      return persisted;
    },
    /** Stops following other tabs and writes what is still queued, then writes nothing more. */
    stop() {
      stopSync();
      stopReconnect();
      void persisted?.then((persistor) => {
        persistor.pause();
        return persistor.flush();
      });
    },
  };
}
