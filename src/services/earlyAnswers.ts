/**
 * The shopper's own answers a page opens with, asked for by the page's first script.
 *
 * A signed-in shopper's cart, delivery location and wishlist need the shopper's token, which
 * lives in the browser (app/sessionPersistence.ts), so the HTML cannot preload them as it does
 * the catalogue (server/src/earlyData.ts). The app asks for them as soon as its store exists
 * (app/shopperData.ts), but the store only exists once the app's code has arrived and run: on
 * a phone on a slow network, a second or more after the page came. So the first script
 * (src/index.tsx), which runs as soon as the page has been read, sends the same requests,
 * and the services' base query takes their answers (services/baseQuery.ts) when the store
 * asks for the same address with the same token: one request each, sent a second sooner.
 *
 * Which answers a page opens with is the route manifest's (app/routeManifest.ts): the cart
 * page opens with the cart and the delivery location; every other page's header keeps the
 * cart and the wishlist (components/product/shopperLists.ts).
 */
import {
  DEFAULT_SHOPPER_READS,
  routeManifest,
  type RouteManifest,
  type ShopperRead,
} from '../app/routeManifest';
import { env } from '../config/env';
import { absoluteBaseUrl } from './serviceAddress';

/** The addresses the services read these from (cartApi, deliveryApi, wishlistApi). */
export const CART_PATH = '/all-carts';
export const DELIVERY_PATH = '/get-delivery';
export const WISHLIST_PATH = '/get-wishlists';

export type { ShopperRead };

const READS: Record<ShopperRead, { service: 'cart' | 'delivery' | 'wishlist'; path: string }> = {
  cart: { service: 'cart', path: CART_PATH },
  delivery: { service: 'delivery', path: DELIVERY_PATH },
  wishlist: { service: 'wishlist', path: WISHLIST_PATH },
};

/**
 * What a page at `pathname` opens with, for a signed-in shopper. Pages are matched by their
 * fixed address; one with an id in it opens with what every page's header does.
 */
export function shopperReadsFor(
  pathname: string,
  manifest: RouteManifest = routeManifest,
): ShopperRead[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  const entry = manifest.find((route) => route.path === path);
  return [...(entry?.queries?.shopper ?? DEFAULT_SHOPPER_READS)];
}

/**
 * An answer is kept this long for the store to take. The store asks within a second or two of
 * the page; one not taken by then (the shopper left, the app failed to load) is let go, and a
 * later ask goes to the server: the answer could be stale.
 */
export const EARLY_ANSWER_KEPT_MS = 15_000;

const sent = new Map<string, Promise<Response>>();

const keyOf = (url: string, authorization: string) => `${authorization} ${url}`;

/** Sends the reads a page at `pathname` opens with, with the shopper's token. */
export function askEarly(pathname: string, token: string): void {
  const authorization = `Bearer ${token}`;
  for (const read of shopperReadsFor(pathname)) {
    const { service, path } = READS[read];
    const url = `${absoluteBaseUrl(env.apiBaseUrls[service])}${path}`;
    const key = keyOf(url, authorization);
    const answer = fetch(url, { headers: { authorization } });
    // Nobody may take it: a failure then is nobody's to hear.
    answer.catch(() => undefined);
    sent.set(key, answer);
    setTimeout(() => {
      if (sent.get(key) === answer) sent.delete(key);
    }, EARLY_ANSWER_KEPT_MS);
  }
}

/**
 * The answer to a request sent early with the same address and token, once; null for any
 * other request. The request's own signal (the store's time-out, a page that no longer needs
 * it) still ends the wait.
 */
export function takeEarlyAnswer(request: Request): Promise<Response> | null {
  if (request.method !== 'GET') return null;
  const key = keyOf(request.url, request.headers.get('authorization') ?? '');
  const answer = sent.get(key);
  if (!answer) return null;
  sent.delete(key);
  const { signal } = request;
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    if (signal.aborted) {
      abort();
      return;
    }
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
