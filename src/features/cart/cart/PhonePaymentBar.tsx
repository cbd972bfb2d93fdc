import { useLayoutEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { formatNaira } from '../../../lib/format';
import { TAP_TARGET_PX } from '../../../theme/theme';

/**
 * On phones: the total to pay and Make Payment, pinned to the bottom of the screen while the
 * cart is in view, so they are one tap away however long the cart. Its height is published
 * as --bottom-bar-height for the toaster and the demo notice to sit above it. Always
 * rendered, and hidden by CSS from the `md` width up (0 px high there), so that the server's
 * page, rendered without a width, already has it on a phone and hydrating changes nothing.
 */
export default function PhonePaymentBar({
  total,
  canStartPayment,
  running,
  onMakePayment,
}: {
  /** Undefined while the cart loads: the bar already holds its place, with a placeholder. */
  total: number | undefined;
  canStartPayment: boolean;
  running: boolean;
  onMakePayment: () => void;
}) {
  const bar = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const root = document.documentElement;
    // The observer reports the height once the page is laid out, before it is painted.
    // Reading offsetHeight here instead laid the whole cart out in the middle of React's
    // commit: 34 ms of a phone's first render of the page (Lighthouse's 4x slower CPU).
    const observer = new ResizeObserver(([entry]) => {
      const height = entry?.borderBoxSize[0]?.blockSize;
      if (height !== undefined) root.style.setProperty('--bottom-bar-height', `${height}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--bottom-bar-height');
    };
  }, []);

  return (
    <Box
      ref={bar}
      role="region"
      aria-label="Pay for your order"
      sx={{
        position: 'sticky',
        bottom: 0,
        zIndex: 'appBar',
        mx: { xs: -2, sm: -3 },
        px: { xs: 2, sm: 3 },
        pt: 1.5,
        pb: 'calc(12px + env(safe-area-inset-bottom, 0px))',
        display: { xs: 'flex', md: 'none' },
        alignItems: 'center',
        gap: 2,
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
        boxShadow: 3,
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary">
          Total to pay
        </Typography>
        <Typography variant="sectionTitle" component="p" sx={{ fontWeight: 800 }}>
          {total === undefined ? <Skeleton width={120} /> : formatNaira(total)}
        </Typography>
      </Box>
      {total === undefined ? (
        <Skeleton
          variant="rounded"
          sx={{ ml: 'auto', flexShrink: 0, width: 176, height: TAP_TARGET_PX, borderRadius: 999 }}
        />
      ) : (
        <Button
          variant="contained"
          size="large"
          onClick={onMakePayment}
          disabled={!canStartPayment}
          loading={running}
          loadingPosition="start"
          startIcon={<LockOutlined />}
          sx={{ ml: 'auto', flexShrink: 0 }}
        >
          Make Payment
        </Button>
      )}
    </Box>
  );
}
