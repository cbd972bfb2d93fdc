import { Component, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { lazyWithRetry, retryFailedLoads } from '../lazyWithRetry';

// The footer sits below the fold on every page (loading states are a screen tall), so its
// code (links, contact lines, icons: about 3 KB compressed) loads just after the page's own
// instead of before the first screen can show.
const Footer = lazyWithRetry(() => import('./Footer'));

interface QuietBoundaryProps {
  children: ReactNode;
  /** A new page (location key) tries a footer that failed to load again. */
  resetKey: string;
}

/** A footer whose code failed to load leaves no gap and no alarm; the next page retries. */
class QuietBoundary extends Component<QuietBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidUpdate(previous: QuietBoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      retryFailedLoads();
      this.setState({ failed: false });
    }
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The site footer of every layout, loaded on its own. */
export default function SiteFooter() {
  const { key } = useLocation();
  return (
    <QuietBoundary resetKey={key}>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
    </QuietBoundary>
  );
}
