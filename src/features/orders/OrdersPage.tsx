import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import type { Order } from 'contract';
import { useAppDispatch } from '../../state/hooks';
import { savedCopyNote, unreachableWords, useSavedCopy } from '../../state/useSavedCopy';
import { orderPagePath, paths } from '../../lib/paths';
import { orderOpened } from '../../state/sessionSlice';
import { DetailList, DetailRow } from '../../components/DetailList';
import EmptyState from '../../components/EmptyState';
import RequireShopper from '../../components/RequireShopper';
import PageHeader from '../../components/PageHeader';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { formatDate, formatNaira } from '../../lib/format';
import { plainMessages } from '../../lib/messages';
import { ordersApi, useGetOrdersQuery } from '../../services/ordersApi';
import { orderItemsPath } from './orderLinks';
import { QueryError, QueryLoading } from '../../components/QueryStatus';
import RouterLink from '../../components/RouterLink';

const TITLE = 'My Orders';

function timeOf(order: Order): number {
  const t = Date.parse(order.order_date);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

/** Newest first; orders placed at the same moment by id, newest (highest) first. */
export function newestFirst(orders: readonly Order[]): Order[] {
  return [...orders].sort((a, b) => timeOf(b) - timeOf(a) || b.id - a.id);
}

/** Statuses are shown as the server gives them (docs/product.md#profile-pages); the colour is only a hint. */
function statusColor(status: string): ChipProps['color'] {
  const s = status.toLowerCase();
  if (/deliver|complete|success|paid|picked/.test(s)) return 'success';
  if (/cancel|fail|refund|reject/.test(s)) return 'error';
  if (/process|pending|ship|transit|ready/.test(s)) return 'info';
  return 'default';
}

/** My Orders (docs/product.md#profile-pages): each order with its id, status, date, total and delivery number. */
export default function OrdersPage() {
  useDocumentTitle(TITLE);
  // Reads what the list below fetched, without asking the server itself.
  const { data } = ordersApi.endpoints.getOrders.useQueryState();
  const count = data?.length ?? 0;
  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle={
          count > 0
            ? `${count} ${count === 1 ? 'order' : 'orders'}, newest first.`
            : 'Everything you have bought, newest first.'
        }
      />
      <RequireShopper>
        <OrderList />
      </RequireShopper>
    </>
  );
}

function OrderList() {
  const query = useGetOrdersQuery();
  const { error, isError, isFetching, refetch } = query;
  // Offline or with the server down, and nothing fresh: the orders as last seen, marked so.
  const saved = useSavedCopy('orders', query);
  const data = query.data ?? saved?.data;
  const orders = useMemo(() => (data ? newestFirst(data) : undefined), [data]);
  const savedCopyAlert = saved ? (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => void refetch()}>
          Try again
        </Button>
      }
    >
      {unreachableWords(saved.reason)}
      <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
        {savedCopyNote(saved.savedAt)}
      </Typography>
    </Alert>
  ) : null;

  if (orders && orders.length === 0) {
    return (
      <>
        {savedCopyAlert}
        <EmptyState
          icon={<ReceiptLongOutlined />}
          message={plainMessages.noTransactionHistory}
          description="When you buy something, your order and its progress show here."
          action={{ label: 'Start shopping', to: paths.shop }}
        />
      </>
    );
  }
  if (orders) {
    return (
      <>
        {savedCopyAlert}
        <Stack
          component="ul"
          aria-label="Orders"
          spacing={2}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            opacity: isFetching ? 0.7 : 1,
            transition: 'opacity 150ms',
          }}
        >
          {orders.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </Stack>
      </>
    );
  }
  if (isError) return <QueryError error={error} onRetry={() => void refetch()} />;
  return <QueryLoading />;
}

function OrderCard({ order }: { order: Order }) {
  const dispatch = useAppDispatch();
  const headingId = `order-${order.id}`;
  return (
    <Card component="article" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1.5, flexWrap: 'wrap' }}
      >
        <Typography id={headingId} component="h2" variant="h5">
          Order #{order.id}
        </Typography>
        <Chip
          label={
            <>
              <Box component="span" sx={visuallyHidden}>
                Status:{' '}
              </Box>
              {order.status}
            </>
          }
          color={statusColor(order.status)}
          variant="outlined"
          size="small"
          sx={{ fontWeight: 700 }}
        />
      </Stack>
      <DetailList columns={{ xs: 2, md: 3 }} sx={{ my: 2 }}>
        <DetailRow label="Order date" wide>
          {formatDate(order.order_date)}
        </DetailRow>
        <DetailRow label="Total">{formatNaira(order.total_amount)}</DetailRow>
        <DetailRow label="Delivery mobile number">{order.deliveries.mobile_number}</DetailRow>
      </DetailList>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
        <Button
          component={RouterLink}
          to={orderPagePath(order.id)}
          variant="contained"
          endIcon={<ChevronRight />}
        >
          Follow order
          <Box component="span" sx={visuallyHidden}>
            {' '}
            #{order.id}
          </Box>
        </Button>
        <Button
          component={RouterLink}
          to={orderItemsPath(order.id)}
          onClick={() => dispatch(orderOpened({ orderId: order.id }))}
          variant="outlined"
          endIcon={<ChevronRight />}
        >
          View items
          <Box component="span" sx={visuallyHidden}>
            {' '}
            of order #{order.id}
          </Box>
        </Button>
      </Stack>
    </Card>
  );
}
