import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { Link as RouterLink, useInRouterContext } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { pageIsTakenOver } from '../lib/earlyTaps';
import { paths } from '../lib/paths';
import { retryFailedLoads } from './lazyWithRetry';

export const CHUNK_FAILED_MESSAGE =
  'This page could not load. Check your connection and try again.';
export const RENDER_FAILED_MESSAGE =
  'Something went wrong on this page. Your cart and your details are safe.';

/** The sessionStorage key that remembers the chunk a reload was already spent on. */
export const RELOADED_FOR_KEY = 'reloadedForChunk';

/**
 * Whether the error is code that failed to arrive rather than code that failed to run:
 * webpack names its error ChunkLoadError; browsers word a failed import() in their own way.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk .* failed|dynamically imported module|Importing a module script failed/i.test(
      error.message,
    )
  );
}

/** The chunk's address, which webpack puts on its error. */
function chunkUrl(error: unknown): string | null {
  const request = (error as { request?: unknown }).request;
  return typeof request === 'string' ? request : null;
}

/**
 * True when the server no longer has the chunk: a new version was deployed while the tab
 * was open, so asking again cannot help and only a reload into the new version can. A
 * failed probe (still offline) is not proof of that.
 */
async function chunkIsGone(url: string): Promise<boolean> {
  try {
    const answer = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return answer.status === 404;
  } catch {
    return false;
  }
}

/** Reloads once per missing chunk, so a broken deploy cannot put the tab in a reload loop. */
function reloadOnceFor(url: string): boolean {
  try {
    if (sessionStorage.getItem(RELOADED_FOR_KEY) === url) return false;
    sessionStorage.setItem(RELOADED_FOR_KEY, url);
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

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
    const url = chunkUrl(error);
    if (url && (await chunkIsGone(url)) && reloadOnceFor(url)) return;
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
