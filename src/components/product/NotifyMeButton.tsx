import { useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import NotificationsActive from '@mui/icons-material/NotificationsActive';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useAppSelector } from '../../state/hooks';
import { selectIsLoggedIn } from '../../state/sessionSlice';
import { plainMessages, type PromiseMessages } from '../../lib/messages';
import { toastError, toastMutation } from '../../lib/toasts';
import {
  notificationsApi,
  useAddStockAlertMutation,
  useDeleteStockAlertMutation,
  useGetStockAlertsQuery,
} from '../../services/notificationsApi';
import { loadApi } from '../../state/lazyApis';
import { TAP_TARGET_PX } from '../../theme/theme';

loadApi(notificationsApi);

/** The toasts of asking to be told, and of changing one's mind (the server's own words). */
export const notifyMeMessages = {
  subscribe: {
    loading: 'Setting up your alert...',
    success: 'We will tell you when it is back in stock',
    error: 'Unable to set up your alert',
  },
  unsubscribe: {
    loading: 'Cancelling your alert...',
    success: 'You will not be told when it is back',
    error: 'Unable to cancel your alert',
  },
} as const satisfies Record<string, PromiseMessages>;

/** What the shopper reads under the pressed button. */
export const WAITING_TEXT = 'We will tell you when it is back in stock.';

/** Whether the signed-in shopper is still waiting to hear that this product is back. */
function useWaiting(productId: number, isLoggedIn: boolean) {
  const { waiting, isLoading } = useGetStockAlertsQuery(isLoggedIn ? undefined : skipToken, {
    selectFromResult: ({ data, isLoading }) => ({
      // Told already (notified_at set) means the wait is over: a new tap starts another.
      waiting:
        data?.alerts.some((a) => a.product_id === productId && a.notified_at === null) ?? false,
      isLoading,
    }),
  });
  return { waiting, isLoading };
}

/**
 * 'Notify me' on a product that is out of stock: one tap asks to be told (a notification and
 * an email) when it is back, another tap takes it back. Signed out, it says 'Please, log in'
 * and sends nothing, as the heart does. The button's name stays the same and its pressed
 * state says whether the shopper is waiting, so a screen reader hears the change.
 */
export default function NotifyMeButton({
  productId,
  productName,
  size = 'large',
  fullWidth = false,
  showWaitingText = true,
}: {
  productId: number;
  /** Read after the button's words, so each of several buttons on a page has its own name. */
  productName: string;
  size?: 'medium' | 'large';
  fullWidth?: boolean;
  /**
   * The sentence under the pressed button. A shop card has no room for it (every card is the
   * same height): the pressed button and its filled bell say it there.
   */
  showWaitingText?: boolean;
}) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const { waiting, isLoading } = useWaiting(productId, isLoggedIn);
  const [addStockAlert] = useAddStockAlertMutation();
  const [deleteStockAlert] = useDeleteStockAlertMutation();
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (!isLoggedIn) {
      toastError(plainMessages.pleaseLogIn);
      return;
    }
    setBusy(true);
    if (waiting) {
      await toastMutation(deleteStockAlert(productId).unwrap(), notifyMeMessages.unsubscribe, {
        credentialAware: true,
        failureDetail: 'description',
        id: `notify-me-${productId}`,
      });
    } else {
      await toastMutation(addStockAlert(productId).unwrap(), notifyMeMessages.subscribe, {
        credentialAware: true,
        failureDetail: 'description',
        id: `notify-me-${productId}`,
      });
    }
    setBusy(false);
  }

  return (
    <Stack spacing={0.5} sx={{ alignItems: fullWidth ? 'stretch' : 'flex-start' }}>
      <Button
        variant={waiting ? 'contained' : 'outlined'}
        color="primary"
        size={size}
        fullWidth={fullWidth}
        startIcon={waiting ? <NotificationsActive /> : <NotificationsNoneOutlined />}
        aria-pressed={waiting}
        loading={busy || (isLoggedIn && isLoading)}
        onClick={() => void toggle()}
        sx={{ minHeight: TAP_TARGET_PX }}
      >
        Notify me
        <Box component="span" sx={visuallyHidden}>
          {' '}
          when {productName} is back in stock
        </Box>
      </Button>
      {waiting && showWaitingText ? (
        <Typography variant="body2" color="text.secondary">
          {WAITING_TEXT}
        </Typography>
      ) : null}
    </Stack>
  );
}
