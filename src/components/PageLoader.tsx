import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

interface PageLoaderProps {
  /** What is loading, read by screen readers and shown under the spinner. */
  label?: string;
}

/**
 * The Suspense fallback while a page's code arrives: a labelled progress indicator. It is a
 * screen tall, so the footer waits below the fold instead of showing and then being pushed
 * down by the page (a layout shift the shopper sees, and a footer measured as the largest
 * paint).
 */
export default function PageLoader({ label = 'Loading page' }: PageLoaderProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'flex-start',
        gap: 2,
        minHeight: '100vh',
        py: 6,
      }}
    >
      <CircularProgress aria-label={label} />
      <Typography color="text.secondary" aria-hidden="true">
        {label}…
      </Typography>
    </Box>
  );
}
