import Box from '@mui/material/Box';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { useOnline } from './useOnline';

export const OFFLINE_MESSAGE =
  'You are offline. The shop shows what you saw last; your cart and payments need a connection.';

/**
 * A strip above the page while there is no connection. The status region is always in the
 * page (empty while online), so screen readers announce the message when it appears.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={
        online
          ? undefined
          : {
              // Stays in view while the page scrolls, over the header's top edge.
              position: 'sticky',
              top: 0,
              zIndex: 'snackbar',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 1,
              px: 2,
              py: 1,
              bgcolor: 'warning.main',
              color: 'warning.contrastText',
              typography: 'body2',
              textAlign: 'center',
            }
      }
    >
      {online ? null : (
        <>
          <CloudOffOutlined fontSize="small" aria-hidden="true" />
          <span>{OFFLINE_MESSAGE}</span>
        </>
      )}
    </Box>
  );
}
