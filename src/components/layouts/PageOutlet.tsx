import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { pageIsTakenOver } from '../../lib/earlyTaps';
import ErrorBoundary from '../ErrorBoundary';
import PageLoader from '../PageLoader';

/**
 * Mounts with the page, in its boundary: its effect runs once the page is hydrated (or
 * rendered) and committed, when taps made before then are carried out (lib/earlyTaps.ts).
 */
function PageShown() {
  useEffect(pageIsTakenOver, []);
  return null;
}

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
        <PageShown />
      </Suspense>
    </ErrorBoundary>
  );
}
