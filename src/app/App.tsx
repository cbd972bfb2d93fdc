import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter, useLocation, useRoutes } from 'react-router-dom';
import ErrorBoundary from '../components/ErrorBoundary';
import { PendingPaymentResumer } from '../features/cart/checkout/PendingPaymentResumer';
import { AppProviders } from './AppProviders';
import { DemoNotice } from './DemoNotice';
import { PwaStatus } from './pwa/PwaStatus';
import { routes } from './routes';
import { ScrollRestorer } from './ScrollRestorer';
import type { AppStore } from './store';

/**
 * The route table in the app's outer boundary: a layout whose code fails to load (the cart
 * and profile layouts are chunks of their own) is caught here, and the next page starts
 * afresh. Pages inside a layout are caught by the layout's own boundary (PageOutlet).
 */
function AppRoutes() {
  const { key } = useLocation();
  return <ErrorBoundary resetKey={key}>{useRoutes(routes)}</ErrorBoundary>;
}

/**
 * The app: providers and the route table. A declarative router is enough (no loaders or
 * actions: data comes from RTK Query), and it keeps the data router's code off the first screen.
 * The browser's router by default; the server renderer gives a router fixed on the page it
 * renders (src/ssr/render.tsx).
 */
export default function App({
  store,
  Router = BrowserRouter,
}: {
  store: AppStore;
  Router?: ComponentType<{ children: ReactNode }>;
}) {
  return (
    <AppProviders store={store}>
      {/* Nothing the app renders leaves the shopper a blank page. */}
      <ErrorBoundary>
        <PwaStatus />
        <DemoNotice />
        <Router>
          <ScrollRestorer />
          {/* Finishes an order paid for before a reload or a closed tab. */}
          <PendingPaymentResumer />
          <AppRoutes />
        </Router>
      </ErrorBoundary>
    </AppProviders>
  );
}
