/**
 * Registers the service worker that webpack.config.ts generates for production builds and
 * decides what happens when a new version of the app is waiting:
 * - nothing holds updates (src/lib/updateGuard.ts): the waiting worker is told to skip
 *   waiting, and the page reloads once it controls the page (docs/product.md#routes);
 * - a payment runs or a form holds typed text: the shopper is asked instead ('A new version
 *   is ready', Reload), and Reload does the same as above.
 */
import type { Workbox } from 'workbox-window';
import { afterPageLoad } from '../../lib/afterPageLoad';
import { updatesHeld } from '../../lib/updateGuard';
import { serverAnsweredUrls } from './serverAnswered';
import { askToUpdate } from './updatePrompt';

export const SERVICE_WORKER_URL = '/sw.js';

/** Long-open pages look for a new version this often (the browser also looks on navigations). */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Same-origin answers that the worker keeps at run time (webpack.config.ts, runtimeCaching):
 * product images, the catalogue and its pages (with or without a search), the categories,
 * the products opened.
 */
const RUNTIME_CACHED_PATH = /^\/api\/(images\/|get-all-products$|categories$|get-product\/)/;

export interface ServiceWorkerOptions {
  scriptUrl?: string;
  /** Replaced in tests, where jsdom cannot reload. */
  reload?: () => void;
  updateCheckIntervalMs?: number;
}

/**
 * The one sanctioned reload in the codebase: the spec asks for the page to reload when an
 * update arrives, and only a reload swaps the running code (whose route chunks the new
 * version no longer serves) for the new version's.
 */
function reloadPage() {
  window.location.reload();
}

function pageLoaded(): Promise<void> {
  return new Promise((resolve) => afterPageLoad(resolve));
}

/**
 * The first worker takes control after the page has already fetched the catalogue and its
 * images, so those answers are not in its caches yet. The worker is asked to fetch them
 * again itself (workbox's CACHE_URLS message, which runs each through its runtime caching
 * route; mostly answered from the HTTP cache): the shop then opens offline after a single
 * visit (the answers a server-rendered page came with are asked for the same way). The worker does this on its own thread: the page neither waits for nor receives a
 * second copy of the catalogue (7 MB of JSON with 10,000 products) while the shopper scrolls.
 */
function warmRuntimeCaches(wb: Workbox) {
  const urls = new Set<string>(serverAnsweredUrls);
  const entries =
    typeof performance.getEntriesByType === 'function'
      ? performance.getEntriesByType('resource')
      : [];
  for (const entry of entries) {
    const url = new URL(entry.name, window.location.href);
    if (url.origin === window.location.origin && RUNTIME_CACHED_PATH.test(url.pathname)) {
      urls.add(url.href);
    }
  }
  if (urls.size === 0) return;
  void wb
    .messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: [...urls] } })
    .catch(() => undefined);
}

/**
 * Registers the worker after the page has loaded (so its download and precaching never
 * compete with the first screen) and wires the update flow. Resolves with the Workbox, or
 * null where there is no service worker support or registration failed.
 */
export async function registerServiceWorker(
  options: ServiceWorkerOptions = {},
): Promise<Workbox | null> {
  const {
    scriptUrl = SERVICE_WORKER_URL,
    reload = reloadPage,
    updateCheckIntervalMs = UPDATE_CHECK_INTERVAL_MS,
  } = options;
  if (!('serviceWorker' in navigator)) return null;
  await pageLoaded();
  const { Workbox } = await import(/* webpackChunkName: "workbox" */ 'workbox-window');
  const wb = new Workbox(scriptUrl);

  let reloading = false;
  const reloadOnce = () => {
    if (reloading) return;
    reloading = true;
    reload();
  };

  const activate = (waiting: ServiceWorker | undefined) => {
    // Another tab activated it meanwhile, or a newer worker replaced it: only the reload is left.
    if (waiting && waiting.state !== 'installed') {
      reloadOnce();
      return;
    }
    wb.addEventListener('controlling', reloadOnce);
    wb.messageSkipWaiting();
  };

  wb.addEventListener('waiting', (event) => {
    if (updatesHeld()) askToUpdate(() => activate(event.sw));
    else activate(event.sw);
  });

  wb.addEventListener('controlling', (event) => {
    if (!event.isUpdate) warmRuntimeCaches(wb);
  });

  try {
    await wb.register({ immediate: true });
  } catch (error) {
    console.warn('The service worker could not be registered; the shop works without it.', error);
    return null;
  }

  const checkForUpdate = () => {
    if (navigator.onLine) wb.update().catch(() => undefined);
  };
  window.setInterval(checkForUpdate, updateCheckIntervalMs);
  window.addEventListener('online', checkForUpdate);
  return wb;
}
