import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { useAppDispatch } from '../../../state/hooks';
import { formatNaira } from '../../../lib/format';
import { cancelTestPayment, payTestPayment } from './checkoutThunks';
import { useCheckout } from './useCheckout';

/**
 * Stands in for Paystack's popup when the server has no Paystack account (its sandbox
 * provider): Pay settles the server's pending transaction through POST /sandbox/pay, then
 * the usual verification and checkout follow. No money moves.
 */
export default function TestPaymentDialog() {
  const titleId = useId();
  const textId = useId();
  const dispatch = useAppDispatch();
  const { phase, provider, transaction, error } = useCheckout();
  const open =
    provider === 'sandbox' &&
    transaction !== null &&
    (phase === 'awaitingPayment' || phase === 'payingTest');
  const paying = phase === 'payingTest';

  function cancel() {
    if (!paying) dispatch(cancelTestPayment());
  }

  return (
    <Dialog
      open={open}
      onClose={cancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ScienceOutlined color="primary" aria-hidden="true" />
        Test payment
      </DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          This shop is running without a payment provider, so no money is taken. Pay to place your
          order as if you had paid.
        </DialogContentText>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Amount
        </Typography>
        <Typography sx={{ fontSize: '1.75rem', fontWeight: 800 }}>
          {transaction ? formatNaira(transaction.amountKobo / 100) : ''}
        </Typography>
        {transaction ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            Reference: {transaction.reference}
          </Typography>
        ) : null}
        {error && phase === 'awaitingPayment' ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button onClick={cancel} disabled={paying} color="inherit">
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void dispatch(payTestPayment())}
          loading={paying}
        >
          Pay
        </Button>
      </DialogActions>
    </Dialog>
  );
}
