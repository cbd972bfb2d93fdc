import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getErrorMessage } from '../lib/getErrorMessage';
import { plainMessages } from '../lib/messages';

/** A query that failed: the error in a shopper's words and a way to ask again. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Stack role="alert" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography color="error">{getErrorMessage(error)}</Typography>
      <Button variant="outlined" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}

/** A query still on its way: the spec's 'Loading...'. */
export function QueryLoading() {
  return (
    <Typography role="status" color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
      {plainMessages.loading}
    </Typography>
  );
}
