import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './app/App';
import { createAppStore } from './app/store';
// Watches typing from the first keystroke, for the update flow that loads later.
import './lib/typingWatch';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount the storefront in.');

// The session is read from localStorage synchronously, so no PersistGate is needed.
const { store } = createAppStore();

createRoot(container).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);

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
