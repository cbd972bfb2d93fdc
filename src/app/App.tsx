import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, useLocation, useRoutes } from 'react-router-dom';
import ErrorBoundary from '../components/ErrorBoundary';
import { onIdle } from '../lib/onIdle';
import { AppProviders } from './AppProviders';
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
 * The shell's extras (ShellExtras.tsx), loaded once the page is the app's. Code that
 * cannot arrive (offline before the service worker has it) leaves them out, never the page.
 */
const ShellExtras = lazy<ComponentType>(() =>
  import(/* webpackChunkName: "shell-extras" */ './ShellExtras').catch(() => ({
    default: () => null,
  })),
);

/**
 * Its children once the app has taken the page over and the browser has a moment to spare:
 * rendered with the page, their code would compete with the parts of the page still being
 * hydrated (the footer, whose links until then leave the app).
 */
function WhenIdle({ children }: { children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => onIdle(() => setIdle(true)), []);
  return idle ? <Suspense fallback={null}>{children}</Suspense> : null;
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
        <Router>
          <ScrollRestorer />
          <AppRoutes />
          <WhenIdle>
            <ShellExtras />
          </WhenIdle>
        </Router>
      </ErrorBoundary>
    </AppProviders>
  );
}
