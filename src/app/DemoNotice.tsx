import Box from '@mui/material/Box';
import { useGetShopModeQuery } from '../services/productApi';

export const DEMO_NOTICE = 'Demo shop: payments are simulated';

/**
 * A small label in the corner while the server runs as the demo shop, so nobody mistakes it
 * for a real one. It floats above the page (fixed, out of the flow) and lets clicks through,
 * so its arrival after the first paint moves nothing and covers nothing that can be tapped.
 * Mounted once, in the app shell (src/app/App.tsx).
 */
export function DemoNotice() {
  const { data: mode } = useGetShopModeQuery();
  if (mode !== 'demo') return null;
  return (
    <Box
      role="note"
      sx={(theme) => ({
        position: 'fixed',
        left: theme.spacing(1),
        // Above any bar the page pins to the bottom (the cart's total on phones), not over it.
        // (lifted by a transform: a bar arriving after the notice then counts as no layout shift).
        bottom: `calc(${theme.spacing(1)} + env(safe-area-inset-bottom, 0px))`,
        transform: 'translateY(calc(-1 * var(--bottom-bar-height, 0px)))',
        zIndex: theme.zIndex.snackbar - 1,
        pointerEvents: 'none',
        px: 1.25,
        py: 0.5,
        borderRadius: 999,
        bgcolor: 'grey.900',
        color: 'common.white',
        boxShadow: 2,
        typography: 'caption',
        fontWeight: 700,
        opacity: 0.92,
        '@media print': { display: 'none' },
      })}
    >
      {DEMO_NOTICE}
    </Box>
  );
}
