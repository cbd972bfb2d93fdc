/**
 * The page's first script, and its only one until the first screen has been shown: it holds
 * taps for the app, asks for a signed-in shopper's own answers (services/earlyAnswers.ts),
 * waits for the first screen (lib/firstScreen.ts), then loads and starts
 * the app (app/start.tsx: React, MUI, the store and the page's code, which the HTML has been
 * preloading all along). It stays small, and imports nothing of React's, so that a phone
 * evaluates it before its first paint at no cost.
 */
import { afterPageLoad } from './lib/afterPageLoad';
import { CHUNK_FAILED_MESSAGE, isChunkLoadError, reloadedForNewVersion } from './lib/chunkLoad';
import { holdEarlyTaps, stopHoldingTaps } from './lib/earlyTaps';
import { firstScreenShown } from './lib/firstScreen';
import { decodeStored } from './lib/storedValue';
import { askEarly } from './services/earlyAnswers';
import type { SessionKey } from './state/sessionSlice';
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

// The server's HTML is on screen and React takes it over part by part: until it has, its
// buttons have no handlers (lib/earlyTaps.ts).
if (root.firstElementChild) {
  holdEarlyTaps(root);
  setTimeout(stopHoldingTaps, TAPS_HELD_AT_MOST_MS);
}

const TOKEN_KEY: SessionKey = 'authToken';

/** The signed-in shopper's token as the store will read it; none where storage is unreadable. */
function storedToken(): string | null {
  try {
    return decodeStored(window.localStorage.getItem(TOKEN_KEY));
  } catch {
    return null;
  }
}

const token = storedToken();
// A page the server rendered for the signed-in shopper (server/src/serverRender.ts) came with
// the shopper's answers already.
if (token !== null && !document.getElementById('server-answers')?.hasAttribute('data-session')) {
  askEarly(window.location.pathname, token);
}

/** The notice shown while the app's code cannot arrive, above the server's page. */
let notice: HTMLElement | null = null;

/**
 * Says the app's code did not arrive, with 'Try again'. Plain DOM: React is part of what did
 * not arrive. The server's page stays below it, and its links still work.
 */
function showLoadFailed(error: unknown) {
  notice?.remove();
  const element = document.createElement('div');
  element.setAttribute('role', 'alert');
  Object.assign(element.style, {
    padding: '12px 16px',
    textAlign: 'center',
    borderBottom: '1px solid',
    fontFamily: 'inherit',
  });
  const text = document.createElement('p');
  text.textContent = CHUNK_FAILED_MESSAGE;
  text.style.margin = '0 0 8px';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Try again';
  // A thumb's size, in the page's own font and colours (no theme here: MUI did not arrive).
  Object.assign(button.style, {
    minHeight: '44px',
    padding: '0 20px',
    border: '2px solid currentColor',
    borderRadius: '22px',
    background: 'transparent',
    color: 'inherit',
    font: 'inherit',
    fontWeight: '700',
    cursor: 'pointer',
  });
  button.addEventListener('click', () => {
    button.disabled = true;
    void reloadedForNewVersion(error).then((reloading) => {
      if (!reloading) void startApp();
    });
  });
  element.append(text, button);
  root.before(element);
  notice = element;
}

async function startApp(): Promise<void> {
  try {
    const { start } = await import(/* webpackChunkName: "app" */ './app/start');
    notice?.remove();
    notice = null;
    await start(root);
  } catch (error) {
    if (!isChunkLoadError(error)) throw error;
    showLoadFailed(error);
  }
}

void firstScreenShown(root).then(startApp);

/** The service worker and its update flow, loaded after the page so they never delay the first screen. */
function registerWorkerAfterLoad() {
  void import(/* webpackChunkName: "pwa" */ './app/pwa/registerServiceWorker').then(
    ({ registerServiceWorker }) => registerServiceWorker(),
  );
}

// Only production builds have a worker (webpack.config.ts); the dev server never registers one.
if (process.env.NODE_ENV === 'production') afterPageLoad(registerWorkerAfterLoad);
