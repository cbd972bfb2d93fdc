import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import type { OrderState, PaymentReceivedVia, StaffOrder } from 'contract';
import { ORDER_STATE_LABELS } from 'contract/rules';
import { formatDate, formatNaira } from '../../../lib/format';
import { getErrorMessage, httpStatus } from '../../../lib/getErrorMessage';
import { toast } from '../../../lib/toast';
import {
  staffApi,
  useMoveStaffOrderMutation,
  useRecordStaffPaymentMutation,
} from '../../../services/staffApi';
import CancelOrderDialog from './CancelOrderDialog';
import { moneyWords, MOVE_LABELS, placedAgo, telHref } from './staffWords';
import { loadApi } from '../../../state/lazyApis';
import { DetailList, DetailRow } from '../../../components/DetailList';
import { TAP_TARGET_PX } from '../../../theme/theme';

loadApi(staffApi);

/** What a tap on an order someone else has just moved says; the card shows the order as it is now. */
export const STALE_TAP =
  'Someone else changed this order before your tap reached the shop. It now shows as it is: check it before you tap again.';

const TAP = { minHeight: TAP_TARGET_PX } as const;

function whereTo(order: StaffOrder): string {
  if (order.delivery_model === 'pickup') {
    return order.pickup ? `Pickup at the shop: ${order.pickup.address}` : 'Pickup at the shop';
  }
  const d = order.deliveries;
  return [d.address, d.city, d.state].filter((part) => part.trim() !== '').join(', ');
}

function whoAndWhen(entry: StaffOrder['history'][number]): string {
  const when = formatDate(entry.at);
  return entry.actor ? `${when}, by ${entry.actor.name || entry.actor.email}` : when;
}

export interface StaffOrderCardProps {
  order: StaffOrder;
  /** The clock the order's age is measured against (ms). */
  now: number;
  /** Starts with the history open (stories). */
  historyOpen?: boolean;
}

/**
 * One order as the shop's staff act on it, on a phone: who and where, what to pack, whether
 * the money is in, and one big button for the next step. Every step sends the state the
 * card showed, so a tap on an order someone else has moved is refused (409) and said so.
 */
export default function StaffOrderCard({ order, now, historyOpen = false }: StaffOrderCardProps) {
  const headingId = useId();
  const historyId = useId();
  const [problem, setProblem] = useState<{ text: string; stale: boolean } | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [showHistory, setShowHistory] = useState(historyOpen);
  const [moveOrder, move] = useMoveStaffOrderMutation();
  const [recordPayment, payment] = useRecordStaffPaymentMutation();
  const busy = move.isLoading || payment.isLoading;

  function failed(error: unknown) {
    if (httpStatus(error) === 409) {
      setProblem({ text: STALE_TAP, stale: true });
      // The card may leave the list (it no longer matches the filter): the toast stays.
      toast.error(`Order ${order.number}: ${STALE_TAP}`);
    } else {
      setProblem({ text: getErrorMessage(error), stale: false });
    }
  }

  async function moveOn(to: OrderState) {
    setProblem(null);
    try {
      await moveOrder({ orderId: order.id, from: order.state, to }).unwrap();
      toast.success(`Order ${order.number}: ${ORDER_STATE_LABELS[to]}`);
    } catch (error) {
      failed(error);
    }
  }

  async function received(via: PaymentReceivedVia) {
    setProblem(null);
    try {
      await recordPayment({ orderId: order.id, via }).unwrap();
      toast.success(`Order ${order.number}: ${via === 'cash' ? 'cash' : 'transfer'} received`);
    } catch (error) {
      failed(error);
    }
  }

  const next = order.next_state;
  return (
    <Card
      component="article"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 2.5 }, opacity: busy ? 0.7 : 1, transition: 'opacity 150ms' }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography id={headingId} component="h2" variant="h5" sx={{ overflowWrap: 'anywhere' }}>
          Order {order.number}
        </Typography>
        <Chip
          label={ORDER_STATE_LABELS[order.state]}
          color={order.state === 'cancelled' ? 'error' : next === null ? 'success' : 'info'}
          variant="outlined"
          size="small"
          sx={{ fontWeight: 700 }}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" title={formatDate(order.order_date)}>
        {placedAgo(order.order_date, now)}
      </Typography>

      {order.refund_due ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          Refund due: the shopper paid {formatNaira(order.total_amount)} and the order was
          cancelled.
        </Alert>
      ) : null}
      {order.state === 'cancelled' && order.cancel_reason ? (
        <Typography sx={{ mt: 1.5 }}>Cancelled: {order.cancel_reason}</Typography>
      ) : null}

      <DetailList columns={{ xs: 1, sm: 2 }} gap={1.5} sx={{ my: 2 }}>
        <DetailRow label="Customer">{order.customer.name || order.customer.email}</DetailRow>
        <DetailRow label={order.delivery_model === 'pickup' ? 'Pickup' : 'Deliver to'}>
          {whereTo(order)}
        </DetailRow>
        <DetailRow label="How paid">{order.payment_label}</DetailRow>
        <DetailRow label="Payment">{moneyWords(order)}</DetailRow>
        <DetailRow label="Total">{formatNaira(order.total_amount)}</DetailRow>
      </DetailList>
      {order.customer.mobile_number ? (
        <Button
          href={telHref(order.customer.mobile_number)}
          variant="outlined"
          startIcon={<PhoneOutlined />}
          sx={TAP}
        >
          Call {order.customer.mobile_number}
        </Button>
      ) : null}

      <Typography component="h3" variant="sectionTitle" sx={{ mt: 2, mb: 1 }}>
        To pack
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {order.items.map((item) => (
          <li key={item.id}>
            <Typography sx={{ overflowWrap: 'anywhere' }}>
              <Box component="strong">{item.quantity} ×</Box> {item.product.name}
            </Typography>
          </li>
        ))}
      </Box>

      {problem ? (
        <Alert severity={problem.stale ? 'warning' : 'error'} role="alert" sx={{ mt: 2 }}>
          {problem.text}
        </Alert>
      ) : null}

      <Stack spacing={1.5} sx={{ mt: 2 }}>
        {next !== null ? (
          <Button
            variant="contained"
            size="large"
            fullWidth
            disabled={busy}
            onClick={() => void moveOn(next)}
            sx={{ minHeight: 52 }}
          >
            {MOVE_LABELS[next]}
          </Button>
        ) : null}
        {order.can_record_payment ? (
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() => void received('cash')}
              sx={{ ...TAP, flex: '1 1 8rem' }}
            >
              Cash received
            </Button>
            <Button
              variant="outlined"
              disabled={busy}
              onClick={() => void received('transfer')}
              sx={{ ...TAP, flex: '1 1 8rem' }}
            >
              Transfer received
            </Button>
          </Stack>
        ) : null}
        {order.can_cancel ? (
          <Button
            color="error"
            disabled={busy}
            onClick={() => {
              setProblem(null);
              setCancelling(true);
            }}
            sx={{ ...TAP, alignSelf: 'flex-start' }}
          >
            Cancel order
          </Button>
        ) : null}
      </Stack>

      <Button
        onClick={() => setShowHistory((open) => !open)}
        aria-expanded={showHistory}
        aria-controls={historyId}
        endIcon={showHistory ? <ExpandLess /> : <ExpandMore />}
        color="inherit"
        sx={{ ...TAP, mt: 1.5 }}
      >
        History ({order.history.length})
      </Button>
      <Collapse in={showHistory} id={historyId} unmountOnExit>
        <Box component="ol" aria-label={`History of order ${order.number}`} sx={{ m: 0, pl: 2.5 }}>
          {order.history.map((entry, i) => (
            <li key={`${entry.at}-${i}`}>
              <Typography sx={{ fontWeight: 600 }}>
                {entry.label}
                {entry.note ? `: ${entry.note}` : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {whoAndWhen(entry)}
              </Typography>
            </li>
          ))}
        </Box>
      </Collapse>

      <CancelOrderDialog
        open={cancelling}
        order={order}
        onClose={() => setCancelling(false)}
        onStale={failed}
      />
    </Card>
  );
}
