import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useInRouterContext } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { pageIsTakenOver } from '../lib/earlyTaps';
import { CHUNK_FAILED_MESSAGE, isChunkLoadError, reloadedForNewVersion } from '../lib/chunkLoad';
import { paths } from '../lib/paths';
import { retryFailedLoads } from './lazyWithRetry';
import RouterLink from './RouterLink';

export const RENDER_FAILED_MESSAGE =
  'Something went wrong on this page. Your cart and your details are safe.';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** When this changes (the route's location), a caught error is forgotten. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  error: unknown;
  retrying: boolean;
}

/**
 * Keeps a failure from blanking the screen: the app's root and each layout's page sit in
 * one, so a failing page leaves the header and footer in place. Code that failed to load
 * offers 'Try again'; a page that failed to render says so, offers the way home, and is
 * logged.
 */
export default class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, retrying: false };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, retrying: false };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (isChunkLoadError(error)) return;
    // The console is where this ends today; a real deployment would send the error and its
    // component stack to an error tracker (Sentry, Bugsnag, or a logging endpoint) from here.
    console.error('A page failed to render.', error, info.componentStack);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps) {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey) {
      this.setState({ error: null, retrying: false });
    }
  }

  tryAgain = async () => {
    const { error } = this.state;
    this.setState({ retrying: true });
    if (await reloadedForNewVersion(error)) return;
    retryFailedLoads();
    this.setState({ error: null, retrying: false });
  };

  override render() {
    const { error, retrying } = this.state;
    if (error === null) return this.props.children;
    if (isChunkLoadError(error)) {
      return (
        <Fallback message={CHUNK_FAILED_MESSAGE}>
          <Button variant="contained" onClick={() => void this.tryAgain()} disabled={retrying}>
            Try again
          </Button>
        </Fallback>
      );
    }
    return (
      <Fallback message={RENDER_FAILED_MESSAGE}>
        <HomeButton />
      </Fallback>
    );
  }
}

function Fallback({ message, children }: { message: string; children: ReactNode }) {
  // The message stands in for the page: a page opened directly whose code did not arrive is
  // never shown, and the taps held until it was (lib/earlyTaps.ts) are the message's to take.
  useEffect(pageIsTakenOver, []);
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 2,
        minHeight: '40vh',
        justifyContent: 'center',
        py: 6,
        px: 3,
      }}
    >
      <Typography variant="sectionTitle" component="p" sx={{ maxWidth: 460 }}>
        {message}
      </Typography>
      {children}
    </Box>
  );
}

/** Inside the router a link; at the root, where the router itself may have failed, a plain one. */
function HomeButton() {
  const inRouter = useInRouterContext();
  return inRouter ? (
    <Button component={RouterLink} to={paths.root} variant="contained">
      Go to the shop
    </Button>
  ) : (
    <Button href={paths.root} variant="contained">
      Go to the shop
    </Button>
  );
}
