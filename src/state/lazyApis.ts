/**
 * The API slices a first visit to the shop never uses (the staff queue, stock alerts, the
 * affiliate market, an order's items, payments) join the store when the code that uses them
 * loads, not before: their endpoints stay out of the first screen's JavaScript. So does the
 * payment flow's own state (features/cart/checkout/checkoutSlice.ts), a plain slice. A module
 * that uses one calls loadApi at its top, before anything renders or dispatches, and every
 * store (app/store.ts) then holds the slice's reducer (and an API slice's middleware), as if
 * it had been there from the start. Loading twice is a no-op.
 */
import { createAction, type Reducer } from '@reduxjs/toolkit';
import type { affiliatesApi } from '../services/affiliatesApi';
import type { catalogueImportApi } from '../services/backOffice/catalogueImportApi';
import type { catalogueAdminApi } from '../services/backOffice/catalogueAdminApi';
import type { notificationsApi } from '../services/notificationsApi';
import type { orderItemsApi } from '../services/orderItemsApi';
import type { paymentApi } from '../services/paymentApi';
import type { staffApi } from '../services/staffApi';
import type { shopSettingsApi } from '../services/backOffice/shopSettingsApi';
import type { photosApi } from '../services/backOffice/photosApi';
import type { staffAccountsApi } from '../services/backOffice/staffAccountsApi';
import type { moneyApi } from '../services/backOffice/moneyApi';

export type LazyApi =
  | typeof staffApi
  | typeof photosApi
  | typeof staffAccountsApi
  | typeof moneyApi
  | typeof notificationsApi
  | typeof affiliatesApi
  | typeof orderItemsApi
  | typeof paymentApi
  | typeof catalogueImportApi
  | typeof shopSettingsApi
  | typeof catalogueAdminApi;

/**
 * A slice of plain state that joins the same way, with no middleware. Its state is typed where
 * the store declares it (app/store.ts, LazyLoadedSlices).
 */
export interface LazySlice {
  reducerPath: 'checkout';
  reducer: Reducer;
}

export type LazyPart = LazyApi | LazySlice;

const isApi = (part: LazyPart): part is LazyApi => 'middleware' in part;

/** Dispatched to each store once a slice has joined it, so its state exists before a render. */
export const apiLoaded = createAction<LazyPart['reducerPath']>('app/apiLoaded');

interface Host {
  owner: WeakRef<object>;
  join: (owner: object, part: LazyPart) => void;
}

const loaded = new Set<LazyPart>();
// Weak: a store built per request or per test must not be kept alive by this list.
const hosts = new Set<Host>();

/** Adds the slices to every store, now and later. */
export function loadApi(...apis: LazyPart[]): void {
  for (const api of apis) {
    if (loaded.has(api)) continue;
    loaded.add(api);
    for (const host of hosts) {
      const owner = host.owner.deref();
      if (owner) host.join(owner, api);
      else hosts.delete(host);
    }
  }
}

/** The API slices loaded so far, in the order they were loaded. */
export function loadedApis(): readonly LazyApi[] {
  return [...loaded].filter(isApi);
}

/** Every slice loaded so far, API or plain, in the order they were loaded. */
export function loadedParts(): readonly LazyPart[] {
  return [...loaded];
}

/**
 * Calls `join(owner, api)` for each slice loaded so far and each one loaded later, for as
 * long as `owner` lives. `join` must reach the owner through its argument only.
 */
export function hostLazyApis<T extends object>(
  owner: T,
  join: (owner: T, part: LazyPart) => void,
): void {
  for (const part of loaded) join(owner, part);
  hosts.add({ owner: new WeakRef(owner), join: (held, part) => join(held as T, part) });
}
