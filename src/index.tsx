import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './app/App';
import { createAppStore } from './app/store';
import { registerServiceWorker } from './app/pwa/registerServiceWorker';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount the storefront in.');

// The session is read from localStorage synchronously, so no PersistGate is needed.
const { store } = createAppStore();

createRoot(container).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);

// Only production builds have a worker (webpack.config.ts); the dev server never registers one.
if (process.env.NODE_ENV === 'production') void registerServiceWorker();
