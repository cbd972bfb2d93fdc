import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import App from './app/App';
import { createAppStore } from './app/store';
import { serverAnsweredUrls } from './app/pwa/serverAnswered';
import { holdEarlyTaps, stopHoldingTaps } from './lib/earlyTaps';
import { serverAnswersArrived, type ServerAnswers } from './services/createApi';
import { SESSION_KEYS } from './state/sessionSlice';
// Watches typing from the first keystroke, for the update flow that loads later.
import './lib/typingWatch';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount the storefront in.');

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

// The session is read from localStorage synchronously, so no PersistGate is needed.
const { store } = createAppStore();
const answers = serverAnswers();
// The catalogue answers are the same for everyone: taken in either way, never asked again.
if (answers) store.dispatch(serverAnswersArrived(answers));
const app = (
  <StrictMode>
    <App store={store} />
  </StrictMode>
);
// The server renders what a visitor with nothing stored sees. A page rendered for this visitor
// is hydrated in place; a signed-in shopper's (or one who has opened a product: the session
// remembers it) is rendered afresh, as it differs from what the server could know.
const session = store.getState().session;
const sessionEmpty = SESSION_KEYS.every((key) => session[key] === null);
// The server's HTML is on screen and React takes it over part by part: until it has, its
// buttons have no handlers (lib/earlyTaps.ts).
if (container.firstElementChild) {
  holdEarlyTaps(container);
  setTimeout(stopHoldingTaps, TAPS_HELD_AT_MOST_MS);
}
if (answers && sessionEmpty && container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);

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
