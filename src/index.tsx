import { startTransition, StrictMode } from 'react';
import { serverAnsweredUrls } from './app/pwa/serverAnswered';
import { holdEarlyTaps, stopHoldingTaps } from './lib/earlyTaps';
import type { ServerAnswers } from './services/createApi';
// Watches typing from the first keystroke, for the update flow that loads later.
import './lib/typingWatch';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount the storefront in.');
const root = container;

/**
 * How long taps on the server's HTML are held for React at most (lib/earlyTaps.ts). By then
 * the page has long been taken over; one that never is (its code fails to load) must not keep
 * holding taps.
 */
const TAPS_HELD_AT_MOST_MS = 10_000;

/**
 * The answers a server-rendered page was rendered from (server/src/serverRender.ts), or null
 * for a page the browser renders itself (the service worker's copy, a static host).
 */
function serverAnswers(): ServerAnswers | null {
  const element = document.getElementById('server-answers');
  if (!element?.textContent) return null;
  element.remove();
  for (const path of element.dataset.urls?.split(' ') ?? []) {
    if (path.startsWith('/')) serverAnsweredUrls.add(new URL(path, window.location.href).href);
  }
  try {
    return JSON.parse(element.textContent) as ServerAnswers;
  } catch {
    return null;
  }
}

/** Lets the browser paint, and answer a tap, before the next step of start-up. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Start-up in steps, each its own task: the store's code, the store, the catalogue answers,
 * React, the components, the page's own code, then the first render. Run as one, they held a
 * phone's main thread for about 280 ms (Lighthouse's 4x slower CPU) with the server's page
 * on screen and not answering. The `eager` imports are in this chunk already: nothing more is
 * downloaded, the modules are only evaluated later.
 */
async function start() {
  const answers = serverAnswers();
  // The server's HTML is on screen and React takes it over part by part: until it has, its
  // buttons have no handlers (lib/earlyTaps.ts).
  if (root.firstElementChild) {
    holdEarlyTaps(root);
    setTimeout(stopHoldingTaps, TAPS_HELD_AT_MOST_MS);
  }
  await nextTask();
  const { serverAnswersArrived } = await import(/* webpackMode: "eager" */ './services/createApi');
  await nextTask();
  const { createAppStore } = await import(/* webpackMode: "eager" */ './app/store');
  const { SESSION_KEYS } = await import(/* webpackMode: "eager" */ './state/sessionSlice');
  const { PLACEHOLDER_ATTRIBUTE } = await import(
    /* webpackMode: "eager" */ './components/shopperUnknown'
  );
  await nextTask();
  // The session is read from localStorage synchronously, so no PersistGate is needed.
  const { store } = createAppStore();
  const { askForShopperData } = await import(/* webpackMode: "eager" */ './app/shopperData');
  askForShopperData(store, window.location.pathname);
  await nextTask();
  // The catalogue answers are the same for everyone: taken in either way, never asked again.
  if (answers) store.dispatch(serverAnswersArrived(answers));
  await nextTask();
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  // Evaluated ahead, each in a task of its own, so that the app's evaluation below is short:
  // the theme (MUI's styles), then the shop's layout (the header and the page outlet).
  await import(/* webpackMode: "eager" */ './theme/theme');
  await nextTask();
  await import(/* webpackMode: "eager" */ './components/layouts/MainLayout');
  await nextTask();
  const { default: App } = await import(/* webpackMode: "eager" */ './app/App');
  const { preloadPage } = await import(/* webpackMode: "eager" */ './app/routes');
  await nextTask();
  // Rendered at once, the page hydrates with the rest instead of after a second pass.
  await preloadPage(window.location.pathname);
  await nextTask();
  const app = (
    <StrictMode>
      <App store={store} />
    </StrictMode>
  );
  // The server renders what a visitor with nothing stored sees. A page rendered for this
  // visitor is hydrated in place; a signed-in shopper's (or one who has opened a product: the
  // session remembers it) is rendered afresh, as it differs from what the server could know.
  // So is a shopper's page, which the server renders with a placeholder for the shopper's part.
  const session = store.getState().session;
  const sessionEmpty = SESSION_KEYS.every((key) => session[key] === null);
  const hydrating =
    answers !== null &&
    sessionEmpty &&
    root.firstElementChild !== null &&
    root.querySelector(`[${PLACEHOLDER_ATTRIBUTE}]`) === null;
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree.
  startTransition(() => {
    if (hydrating) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

void start();

/** The service worker and its update flow, loaded after the page so they never delay the first screen. */
function registerWorkerAfterLoad() {
  void import(/* webpackChunkName: "pwa" */ './app/pwa/registerServiceWorker').then(
    ({ registerServiceWorker }) => registerServiceWorker(),
  );
}

// Only production builds have a worker (webpack.config.ts); the dev server never registers one.
if (process.env.NODE_ENV === 'production') {
  if (document.readyState === 'complete') registerWorkerAfterLoad();
  else window.addEventListener('load', registerWorkerAfterLoad, { once: true });
}
