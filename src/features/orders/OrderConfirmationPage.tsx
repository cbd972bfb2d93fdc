import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import type { OrderDetail } from 'contract';
import PageHeader from '../../components/PageHeader';
import RequireShopper from '../../components/RequireShopper';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { formatNaira } from '../../lib/format';
import { orderPagePath, paths } from '../../lib/paths';
import OrderFacts, { WhatsAppButton } from './OrderFacts';
import OrderLoader from './OrderLoader';
import { parseOrderId } from './orderLinks';
import RouterLink from '../../components/RouterLink';
import { TAP_TARGET_PX } from '../../theme/theme';

const TITLE = 'Thank you for your order';

/**
 * Shown after every order, paid now or to pay later: the number to quote, what it comes to,
 * where it goes and when, and the shop's WhatsApp with the number already written.
 */
export default function OrderConfirmationPage() {
  useDocumentTitle(TITLE);
  const orderId = parseOrderId(useParams().orderId);
  return (
    <>
      <PageHeader title={TITLE} />
      <RequireShopper>
        <OrderLoader orderId={orderId}>{(order) => <Confirmation order={order} />}</OrderLoader>
      </RequireShopper>
    </>
  );
}

function headline(order: OrderDetail): string {
  if (order.payment_status !== 'awaiting') {
    return `We received your payment of ${formatNaira(order.amounts.total)}.`;
  }
  return order.pickup
    ? `Pay ${formatNaira(order.amounts.total)} in cash or by transfer when you collect it.`
    : `Pay ${formatNaira(order.amounts.total)} in cash or by transfer when it arrives.`;
}

function Confirmation({ order }: { order: OrderDetail }) {
  return (
    <Stack spacing={2}>
      <Alert icon={<CheckCircle />} severity="success" role="status">
        <Typography component="p" sx={{ fontWeight: 700 }}>
          Your order {order.number} is placed.
        </Typography>
        <Typography component="p">{headline(order)}</Typography>
        <Typography component="p">We have sent these details to your email.</Typography>
      </Alert>
      <Typography>
        Order number:{' '}
        <Typography component="strong" sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>
          {order.number}
        </Typography>
      </Typography>
      <OrderFacts order={order} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <WhatsAppButton order={order} />
        <Button
          component={RouterLink}
          to={orderPagePath(order.id)}
          variant="contained"
          sx={{ minHeight: TAP_TARGET_PX }}
        >
          Follow this order
        </Button>
        <Button component={RouterLink} to={paths.orders} sx={{ minHeight: TAP_TARGET_PX }}>
          Go to My Orders
        </Button>
      </Stack>
    </Stack>
  );
}
