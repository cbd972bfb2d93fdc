import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './app/App';
import { makeStore } from './app/store';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount the storefront in.');

createRoot(container).render(
  <StrictMode>
    <App store={makeStore()} />
  </StrictMode>,
);
