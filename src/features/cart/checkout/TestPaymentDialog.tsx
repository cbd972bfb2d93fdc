import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { PAYSTACK_CHANNELS } from 'contract/rules';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import { useAppDispatch } from '../../../state/hooks';
import { formatNaira } from '../../../lib/format';
import { cancelTestPayment, payTestPayment } from './checkoutThunks';
import { useCheckout } from './useCheckout';

type Channel = (typeof PAYSTACK_CHANNELS)[number];

/** The channels as Paystack's own dialog names them, and what each stands in for here. */
const CHANNELS: Record<Channel, { label: string; hint: string }> = {
  card: { label: 'Card', hint: 'As if you paid with your debit card.' },
  bank_transfer: {
    label: 'Bank transfer',
    hint: 'As if you sent the amount to the account number Paystack gives you.',
  },
  ussd: { label: 'USSD', hint: "As if you dialled your bank's USSD code and approved it." },
};

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
  const channelsId = useId();
  // A tester walks the same choice a shopper makes in Paystack's dialog; the sandbox settles
  // every channel alike and records which it was, as Paystack does.
  const [channel, setChannel] = useState<Channel>('card');
  // Leaving the cart with the dialog open: nothing was paid, so the flow ends.
  useEffect(() => () => dispatch(cancelTestPayment()), [dispatch]);

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
        <Typography variant="figure">
          {transaction ? formatNaira(transaction.amountKobo / 100) : ''}
        </Typography>
        {transaction ? (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            Reference: {transaction.reference}
          </Typography>
        ) : null}
        <Typography id={channelsId} variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          Pay with
        </Typography>
        <RadioGroup
          aria-labelledby={channelsId}
          name="test-payment-channel"
          value={channel}
          onChange={(event) => setChannel(event.target.value as Channel)}
        >
          {PAYSTACK_CHANNELS.map((value) => (
            <FormControlLabel
              key={value}
              value={value}
              disabled={paying}
              control={<Radio />}
              label={CHANNELS[value].label}
            />
          ))}
        </RadioGroup>
        <Typography variant="body2" color="text.secondary">
          {CHANNELS[channel].hint}
        </Typography>
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
          onClick={() => void dispatch(payTestPayment(channel))}
          loading={paying}
        >
          Pay
        </Button>
      </DialogActions>
    </Dialog>
  );
}
