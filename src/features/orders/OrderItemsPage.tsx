import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import type { OrderItem } from 'contract';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { paths } from '../../lib/paths';
import { orderOpened, selectOrderId } from '../../state/sessionSlice';
import EmptyState from '../../components/EmptyState';
import RequireShopper from '../../components/RequireShopper';
import PageHeader from '../../components/PageHeader';
import ProductImage from '../../components/product/ProductImage';
import { productDetailsPath } from '../../components/product/productPath';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useRememberProduct } from '../../components/product/useRememberProduct';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { formatNaira } from '../../lib/format';
import { httpStatus } from '../../lib/getErrorMessage';
import { orderItemsApi, useGetOrderItemsQuery } from '../../services/orderItemsApi';
import { useGetOrderQuery } from '../../services/ordersApi';
import { AmountList, totalLabel } from './OrderFacts';
import { ORDER_PARAM, parseOrderId } from './orderLinks';
import { QueryError, QueryLoading } from '../../components/QueryStatus';
import { loadApi } from '../../state/lazyApis';
import RouterLink from '../../components/RouterLink';

loadApi(orderItemsApi);

const TITLE = 'Order Items';

const toMyOrders = { label: 'Go to My Orders', to: paths.orders } as const;

/**
 * Which order to show: ?order= in the address wins (a reopened or shared link); the orderId
 * the session keeps (docs/product.md#data) is the fallback. `invalid` when the address names
 * something that cannot be an order.
 */
function useOrderId(): { orderId: number | null; invalid: boolean } {
  const dispatch = useAppDispatch();
  const [searchParams, setSearchParams] = useSearchParams();
  const storedRaw = useAppSelector(selectOrderId);
  const stored = parseOrderId(storedRaw);
  const raw = searchParams.get(ORDER_PARAM);
  const fromAddress = parseOrderId(raw);

  useEffect(() => {
    if (fromAddress !== null && String(fromAddress) !== storedRaw) {
      // Opened from a link: remember it as the spec's orderId, as opening it from My Orders does.
      dispatch(orderOpened({ orderId: fromAddress }));
    } else if (raw === null && stored !== null) {
      // Opened from the stored orderId: put it in the address, so the page can be reopened.
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set(ORDER_PARAM, String(stored));
          return next;
        },
        { replace: true },
      );
    }
  }, [dispatch, fromAddress, raw, stored, storedRaw, setSearchParams]);

  if (raw !== null) return { orderId: fromAddress, invalid: fromAddress === null };
  return { orderId: stored, invalid: false };
}

/** Order items (docs/product.md#profile-pages): the lines of one order with picture, name, vendor, quantity and total. */
export default function OrderItemsPage() {
  useDocumentTitle(TITLE);
  const { orderId, invalid } = useOrderId();

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
      <PageHeader
        title={TITLE}
        subtitle={
          orderId !== null && !invalid ? (
            <RequireShopper signedOut={null} placeholder={null}>
              Order #{orderId}
            </RequireShopper>
          ) : undefined
        }
      />
      <RequireShopper>
        <OrderItems orderId={orderId} invalid={invalid} />
      </RequireShopper>
    </>
  );
}

function OrderItems({ orderId, invalid }: { orderId: number | null; invalid: boolean }) {
  const { data, error, isError, isFetching, refetch } = useGetOrderItemsQuery(
    orderId !== null ? orderId : skipToken,
  );

  if (invalid || (isError && httpStatus(error) === 404)) {
    return (
      <EmptyState
        icon={<SearchOff />}
        message={
          orderId === null ? 'We couldn’t find that order' : `We couldn’t find order #${orderId}`
        }
        description="Its link may be incomplete. All your orders are in My Orders."
        action={toMyOrders}
      />
    );
  }
  if (orderId === null) {
    return (
      <EmptyState
        icon={<ReceiptLongOutlined />}
        message="No order chosen yet"
        description="Choose an order in My Orders to see what was in it."
        action={toMyOrders}
      />
    );
  }
  if (data && data.length === 0) {
    return (
      <EmptyState
        icon={<ReceiptLongOutlined />}
        message="This order has no items."
        description="Nothing was recorded for this order. Your other orders are in My Orders."
        action={toMyOrders}
      />
    );
  }
  if (data) return <ItemList orderId={orderId} items={data} refreshing={isFetching} />;
  if (isError) return <QueryError error={error} onRetry={() => void refetch()} />;
  return <QueryLoading />;
}

function ItemList({
  orderId,
  items,
  refreshing,
}: {
  orderId: number;
  items: OrderItem[];
  refreshing: boolean;
}) {
  // What was actually paid (VAT, delivery and packaging included) comes with the order itself;
  // until it arrives, or if it cannot be had, the items' own total is all there is to show.
  const { data: order } = useGetOrderQuery(orderId);
  const itemsTotal = items.reduce((sum, item) => sum + item.total_price, 0);
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <Card sx={{ opacity: refreshing ? 0.7 : 1, transition: 'opacity 150ms' }}>
      <Box component="ul" aria-label="Items in this order" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {items.map((item) => (
          <Box
            component="li"
            key={item.id}
            sx={{ borderBottom: 1, borderColor: 'divider', px: { xs: 2, sm: 2.5 }, py: 2 }}
          >
            <ItemRow item={item} />
          </Box>
        ))}
      </Box>
      <Box sx={{ px: { xs: 2, sm: 2.5 }, py: 2 }}>
        <Typography color="text.secondary" sx={{ mb: 1 }}>
          {count} {count === 1 ? 'item' : 'items'}
        </Typography>
        {order ? (
          <AmountList amounts={order.amounts} totalLabel={totalLabel(order)} />
        ) : (
          <Typography sx={{ fontWeight: 700 }}>
            Items total:{' '}
            <Box component="span" sx={{ color: 'primary.dark' }}>
              {formatNaira(itemsTotal)}
            </Box>
          </Typography>
        )}
      </Box>
    </Card>
  );
}

function ItemRow({ item }: { item: OrderItem }) {
  const rememberProduct = useRememberProduct();
  const { product } = item;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
      <ProductImage src={product.images} alt="" size={72} />
      <Box
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) auto' },
          columnGap: 2,
          rowGap: 0.5,
          alignItems: 'center',
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={productDetailsPath(product.slug)}
            onClick={() => rememberProduct(product)}
            sx={{ fontWeight: 700, color: 'text.primary', overflowWrap: 'anywhere' }}
          >
            {product.name}
          </Link>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {product.vendor.name}
          </Typography>
        </Box>
        <Stack
          direction={{ xs: 'row', sm: 'column' }}
          sx={{
            justifyContent: 'space-between',
            alignItems: { xs: 'baseline', sm: 'flex-end' },
            gap: 1,
          }}
        >
          <Typography variant="body2" color="text.secondary">
            Quantity: {item.quantity}
          </Typography>
          <Typography sx={{ fontWeight: 700, color: 'primary.dark', whiteSpace: 'nowrap' }}>
            <Box component="span" sx={visuallyHidden}>
              Total price:{' '}
            </Box>
            {formatNaira(item.total_price)}
          </Typography>
        </Stack>
      </Box>
    </Stack>
  );
}
