import Box from '@mui/material/Box';
import CloudOffOutlined from '@mui/icons-material/CloudOffOutlined';
import { useOnline } from './useOnline';

export const OFFLINE_MESSAGE =
  'You are offline. The shop shows what you saw last; your cart and payments need a connection.';

/**
 * A strip along the bottom of the screen while there is no connection. It is mounted after
 * the page (src/app/ShellExtras.tsx), so it is fixed to the viewport rather than placed in the
 * flow, where it would sit under the footer: it shows on whatever screen the shopper is on,
 * and leaves the header's controls uncovered. It sits above any bar the page pins to the
 * bottom (the cart's total on phones, which publishes --bottom-bar-height). The status region
 * is always in the page (empty while online), so screen readers announce the message when it
 * appears.
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
          : (theme) => ({
              position: 'fixed',
              left: 0,
              right: 0,
              bottom: 0,
              // Lifted by a transform, as the demo notice is, so the bar's arrival moves nothing.
              transform: 'translateY(calc(-1 * var(--bottom-bar-height, 0px)))',
              zIndex: theme.zIndex.snackbar,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 1,
              px: 2,
              pt: 1,
              pb: `calc(${theme.spacing(1)} + env(safe-area-inset-bottom, 0px))`,
              bgcolor: 'warning.main',
              color: 'warning.contrastText',
              boxShadow: 3,
              typography: 'body2',
              textAlign: 'center',
              '@media print': { display: 'none' },
            })
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
