import { BrowserRouter, useRoutes } from 'react-router-dom';
import { PendingPaymentResumer } from '../features/cart/checkout/PendingPaymentResumer';
import { AppProviders } from './AppProviders';
import { DemoNotice } from './DemoNotice';
import { PwaStatus } from './pwa/PwaStatus';
import { routes } from './routes';
import type { AppStore } from './store';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The app: providers and the route table. A declarative router is enough (no loaders or
 * actions: data comes from RTK Query), and it keeps the data router's code off the first screen.
 */
export default function App({ store }: { store: AppStore }) {
  return (
    <AppProviders store={store}>
      <PwaStatus />
      <DemoNotice />
      <BrowserRouter>
        {/* Finishes an order paid for before a reload or a closed tab. */}
        <PendingPaymentResumer />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
