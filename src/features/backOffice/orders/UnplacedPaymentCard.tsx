import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import type { UnplacedPayment } from 'contract';
import { DetailList, DetailRow } from '../../../components/DetailList';
import { formatDate, formatNaira } from '../../../lib/format';
import { getErrorMessage } from '../../../lib/getErrorMessage';
import { toast } from '../../../lib/toast';
import {
  moneyApi,
  usePlaceUnplacedPaymentMutation,
  useRefundUnplacedPaymentMutation,
} from '../../../services/backOffice/moneyApi';
import { loadApi } from '../../../state/lazyApis';
import { TAP_TARGET_PX } from '../../../theme/theme';
import { telHref } from './staffWords';

loadApi(moneyApi);

export const PAID_NOT_PLACED = 'Paid, not placed';
export const OWNER_DECIDES = 'Only the shop owner can place this order or refund it.';

type Action = 'place' | 'refund';

function confirmWords(payment: UnplacedPayment, action: Action) {
  const who = payment.shopper.name || payment.shopper.mobile_number;
  const amount = formatNaira(payment.amount);
  return action === 'place'
    ? {
        title: `Place the order for ${amount}?`,
        text: `The order is made of what ${who} paid for, if the stock now allows it, and ${who} gets the usual order confirmation.`,
        button: 'Place order',
      }
    : {
        title: `Refund ${amount} to ${who}?`,
        text: `Paystack is asked to send ${amount} back to the card or bank it came from (reference ${payment.reference}), and ${who} gets an SMS.`,
        button: 'Refund',
      };
}

export interface UnplacedPaymentCardProps {
  payment: UnplacedPayment;
  /** Whether the signed-in member may act on it (the owner). */
  canDecide: boolean;
}

/**
 * A payment Paystack took that found no order: the amount, who paid and their phone, why,
 * and the owner's two answers (place it anyway, or refund it), each asked again first,
 * since neither can be undone.
 */
export default function UnplacedPaymentCard({ payment, canDecide }: UnplacedPaymentCardProps) {
  const headingId = useId();
  const dialogTitleId = useId();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [place, placing] = usePlaceUnplacedPaymentMutation();
  const [refund, refunding] = useRefundUnplacedPaymentMutation();
  const busy = placing.isLoading || refunding.isLoading;
  const amount = formatNaira(payment.amount);
  const words = confirming ? confirmWords(payment, confirming) : null;

  async function apply(action: Action) {
    if (busy) return;
    setConfirming(null);
    setProblem(null);
    try {
      if (action === 'place') {
        await place(payment.id).unwrap();
        toast.success(`Order placed for the payment of ${amount}`);
      } else {
        await refund(payment.id).unwrap();
        toast.success(`Refund of ${amount} started`);
      }
    } catch (error) {
      setProblem(getErrorMessage(error));
    }
  }

  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      sx={{
        p: { xs: 2, sm: 2.5 },
        borderColor: 'warning.main',
        opacity: busy ? 0.7 : 1,
        transition: 'opacity 150ms',
      }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography id={headingId} component="h2" variant="h5">
          {amount}
        </Typography>
        <Chip
          label={PAID_NOT_PLACED}
          color="warning"
          variant="outlined"
          size="small"
          sx={{ fontWeight: 700 }}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Paid {formatDate(payment.created_at)}
      </Typography>
      <Typography sx={{ mt: 1.5 }}>No order was placed: {payment.reason}.</Typography>

      <DetailList columns={{ xs: 1, sm: 2 }} gap={1.5} sx={{ my: 2 }}>
        <DetailRow label="Shopper">{payment.shopper.name || 'Unnamed shopper'}</DetailRow>
        <DetailRow label="Phone">
          {payment.shopper.mobile_number ? (
            <Button
              component="a"
              href={telHref(payment.shopper.mobile_number)}
              startIcon={<PhoneOutlined />}
              aria-label={`Call ${payment.shopper.mobile_number}`}
              sx={{ minHeight: TAP_TARGET_PX, px: 1, ml: -1 }}
            >
              {payment.shopper.mobile_number}
            </Button>
          ) : (
            'No phone number'
          )}
        </DetailRow>
        <DetailRow label="Paystack reference">
          <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
            {payment.reference}
          </Typography>
        </DetailRow>
      </DetailList>

      {problem ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      ) : null}

      {canDecide ? (
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => setConfirming('place')}
            sx={{ minHeight: TAP_TARGET_PX, flex: '1 1 8rem' }}
          >
            Place order
          </Button>
          <Button
            variant="outlined"
            color="error"
            disabled={busy}
            onClick={() => setConfirming('refund')}
            sx={{ minHeight: TAP_TARGET_PX, flex: '1 1 8rem' }}
          >
            Refund
          </Button>
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {OWNER_DECIDES}
        </Typography>
      )}

      <Dialog
        open={words !== null}
        onClose={() => setConfirming(null)}
        aria-labelledby={dialogTitleId}
      >
        {words && confirming ? (
          <>
            <DialogTitle id={dialogTitleId}>{words.title}</DialogTitle>
            <DialogContent>
              <DialogContentText>{words.text}</DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirming(null)} sx={{ minHeight: TAP_TARGET_PX }}>
                Not now
              </Button>
              <Button
                variant="contained"
                color={confirming === 'refund' ? 'error' : 'primary'}
                disabled={busy}
                onClick={() => void apply(confirming)}
                sx={{ minHeight: TAP_TARGET_PX }}
              >
                {words.button}
              </Button>
            </DialogActions>
          </>
        ) : null}
      </Dialog>
    </Card>
  );
}
