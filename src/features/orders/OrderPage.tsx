import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import type { OrderDetail } from 'contract';
import visuallyHidden from '@mui/utils/visuallyHidden';
import PageHeader from '../../components/PageHeader';
import RequireShopper from '../../components/RequireShopper';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import OrderFacts, { FactCard, WhatsAppButton } from './OrderFacts';
import OrderLoader from './OrderLoader';
import OrderTimeline from './OrderTimeline';
import { orderItemsPath, parseOrderId } from './orderLinks';
import RouterLink from '../../components/RouterLink';

/** One order: where it is (the timeline), what it is, and the shop's WhatsApp about it. */
export default function OrderPage() {
  const orderId = parseOrderId(useParams().orderId);
  useDocumentTitle(orderId === null ? 'Order' : `Order #${orderId}`);
  return (
    <>
      <Link
        component={RouterLink}
        to={paths.orders}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 1.5, fontWeight: 600 }}
      >
        <ArrowBack fontSize="small" aria-hidden="true" />
        Back to My Orders
      </Link>
      <PageHeader title={orderId === null ? 'Order' : `Order #${orderId}`} />
      <RequireShopper>
        <OrderLoader orderId={orderId}>{(order) => <OrderView order={order} />}</OrderLoader>
      </RequireShopper>
    </>
  );
}

function OrderView({ order }: { order: OrderDetail }) {
  const cancelled = order.state === 'cancelled';
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Chip
          label={
            <>
              <Box component="span" sx={visuallyHidden}>
                Status:{' '}
              </Box>
              {order.status}
            </>
          }
          color={
            cancelled
              ? 'error'
              : order.state === 'delivered' || order.state === 'collected'
                ? 'success'
                : 'info'
          }
          variant="outlined"
          sx={{ fontWeight: 700 }}
        />
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Order number {order.number}, placed {formatDate(order.order_date)}
        </Typography>
      </Stack>
      {cancelled ? (
        <Alert severity="error">
          This order is cancelled{order.cancel_reason ? `: ${order.cancel_reason}` : '.'}
          {order.payment_status === 'refund_due' ? ' A refund of your payment is due.' : ''}
        </Alert>
      ) : null}
      <FactCard title="Timeline">
        <OrderTimeline events={order.events} />
      </FactCard>
      <OrderFacts order={order} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <WhatsAppButton order={order} />
        <Link
          component={RouterLink}
          to={orderItemsPath(order.id)}
          sx={{ alignSelf: { sm: 'center' }, fontWeight: 600, py: 1.25 }}
        >
          See the items with pictures
        </Link>
      </Stack>
    </Stack>
  );
}
