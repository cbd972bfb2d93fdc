import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import ErrorBoundary from '../ErrorBoundary';
import PageLoader from '../PageLoader';

/**
 * The routed page, with a labelled loader while its lazily loaded code arrives. A page that
 * fails (its code does not arrive, or it throws) is caught here, inside the layout, so the
 * header and footer stay; the next page the shopper opens starts afresh.
 */
export default function PageOutlet() {
  const { key } = useLocation();
  return (
    <ErrorBoundary resetKey={key}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
