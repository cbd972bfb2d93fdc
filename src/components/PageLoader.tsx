import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

interface PageLoaderProps {
  /** What is loading, read by screen readers and shown under the spinner. */
  label?: string;
}

/** The Suspense fallback while a page's code arrives: a labelled progress indicator. */
export default function PageLoader({ label = 'Loading page' }: PageLoaderProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        minHeight: '40vh',
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
