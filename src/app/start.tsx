/**
 * The app's start, loaded by src/index.tsx once the page's first screen has been shown: the
 * store, the catalogue answers the server rendered the page from, React, and the first
 * render, which hydrates the server's page or renders the page afresh.
 */
import { startTransition, StrictMode } from 'react';
import { renderedSessionMark } from 'contract/session';
import { serverAnsweredUrls } from './pwa/serverAnswered';
import type { ServerAnswers } from '../services/createApi';

/** What a server-rendered page was rendered from (server/src/serverRender.ts). */
interface ServerRendered {
  answers: ServerAnswers;
  /** The session a shopper's page was rendered for (contract/session.ts); null: a visitor's. */
  sessionMark: string | null;
}

/**
 * The answers a server-rendered page was rendered from, and for whom, or null for a page the
 * browser renders itself (the service worker's copy, a static host).
 */
function serverRendered(): ServerRendered | null {
  const element = document.getElementById('server-answers');
  if (!element?.textContent) return null;
  element.remove();
  for (const path of element.dataset.urls?.split(' ') ?? []) {
    if (path.startsWith('/')) serverAnsweredUrls.add(new URL(path, window.location.href).href);
  }
  try {
    const answers = JSON.parse(element.textContent) as ServerAnswers;
    return { answers, sessionMark: element.dataset.session ?? null };
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
  const rendered = serverRendered();
  await nextTask();
  const { serverAnswersArrived } = await import(/* webpackMode: "eager" */ '../services/createApi');
  await nextTask();
  const { createAppStore } = await import(/* webpackMode: "eager" */ './store');
  const { PLACEHOLDER_ATTRIBUTE } = await import(
    /* webpackMode: "eager" */ '../components/shopperUnknown'
  );
  await nextTask();
  // The session is read from localStorage synchronously, so no PersistGate is needed.
  const app = createAppStore();
  const { store } = app;
  // The server renders what a visitor with nothing stored sees or, given the session's cookie,
  // what this shopper sees. A page rendered for the session this tab has is hydrated in
  // place. One rendered for another (a visitor's copy for a signed-in shopper, or for one
  // who has opened a product: the session remembers it; a copy for a shopper who has since
  // logged out) is rendered afresh, as it differs. So is a visitor's copy of a shopper's
  // page, which has a placeholder for the shopper's part.
  const session = store.getState().session;
  const renderedFor = rendered?.sessionMark ?? null;
  const renderedForThisTab =
    // The mark names every value but the token.
    (renderedFor ?? '') === renderedSessionMark(session) &&
    (renderedFor === null
      ? session.authToken === null && root.querySelector(`[${PLACEHOLDER_ATTRIBUTE}]`) === null
      : session.authToken !== null);
  const hydrating = rendered !== null && root.firstElementChild !== null && renderedForThisTab;
  // The server's answers are taken in, never asked again: a visitor's copy holds only the
  // catalogue's, the same for everyone; a copy for this shopper, the shopper's own too. A
  // copy for another session holds answers that may not be this shopper's: none are taken.
  if (rendered && (renderedFor === null || renderedForThisTab)) {
    store.dispatch(serverAnswersArrived(rendered.answers));
  }
  await nextTask();
  const { askForShopperData } = await import(/* webpackMode: "eager" */ './shopperData');
  askForShopperData(store, window.location.pathname);
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
