import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import PageLoader from '../PageLoader';

/** The routed page, with a labelled loader while its lazily loaded code arrives. */
export default function PageOutlet() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}
