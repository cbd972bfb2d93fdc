/**
 * The app's start, loaded by src/index.tsx once the page's first screen has been shown: the
 * store, the catalogue answers the server rendered the page from, React, and the first
 * render, which hydrates the server's page or renders the page afresh.
 */
import { startTransition, StrictMode } from 'react';
import { serverAnsweredUrls } from './pwa/serverAnswered';
import type { ServerAnswers } from '../services/createApi';

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
export async function start(root: HTMLElement) {
  const answers = serverAnswers();
  await nextTask();
  const { serverAnswersArrived } = await import(/* webpackMode: "eager" */ '../services/createApi');
  await nextTask();
  const { createAppStore } = await import(/* webpackMode: "eager" */ './store');
  const { SESSION_KEYS } = await import(/* webpackMode: "eager" */ '../state/sessionSlice');
  const { PLACEHOLDER_ATTRIBUTE } = await import(
    /* webpackMode: "eager" */ '../components/shopperUnknown'
  );
  await nextTask();
  // The session is read from localStorage synchronously, so no PersistGate is needed.
  const app = createAppStore();
  const { store } = app;
  const { askForShopperData } = await import(/* webpackMode: "eager" */ './shopperData');
  askForShopperData(store, window.location.pathname);
  await nextTask();
  // The catalogue answers are the same for everyone: taken in either way, never asked again.
  if (answers) store.dispatch(serverAnswersArrived(answers));
  await nextTask();
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  // Evaluated ahead, each in a task of its own, so that the app's evaluation below is short:
  // the theme (MUI's styles), then the shop's layout (the header and the page outlet).
  await import(/* webpackMode: "eager" */ '../theme/theme');
  await nextTask();
  await import(/* webpackMode: "eager" */ '../components/layouts/MainLayout');
  await nextTask();
  const { default: App } = await import(/* webpackMode: "eager" */ './App');
  const { preloadPage } = await import(/* webpackMode: "eager" */ './routes');
  const { noteServerFields } = await import(/* webpackMode: "eager" */ '../lib/useEarlyTyping');
  await nextTask();
  // Rendered at once, the page hydrates with the rest instead of after a second pass.
  await preloadPage(window.location.pathname);
  await nextTask();
  const page = (
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
  // What the shopper types on the server's page until it is replaced is the app's fields' to
  // take over (lib/useEarlyTyping.ts).
  if (!hydrating) noteServerFields(root);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree.
  startTransition(() => {
    if (hydrating) hydrateRoot(root, page);
    else createRoot(root).render(page);
  });
  // Writing the session back to localStorage joins now, off the first screen's code; a
  // chunk that cannot arrive (offline, no service worker yet) is asked for again once online.
  await nextTask();
  persistWhenPossible(app.persist);
}

function persistWhenPossible(persist: () => Promise<unknown>) {
  persist().catch(() => {
    window.addEventListener('online', () => persistWhenPossible(persist), { once: true });
  });
}
