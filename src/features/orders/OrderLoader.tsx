import type { ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Box from '@mui/material/Box';
import SearchOff from '@mui/icons-material/SearchOff';
import type { OrderDetail } from 'contract';
import { ERROR_DETAILS } from 'contract/details';
import EmptyState from '../../components/EmptyState';
import { QueryError, QueryLoading } from '../../components/QueryStatus';
import { httpStatus } from '../../lib/getErrorMessage';
import { paths } from '../../lib/paths';
import { useGetOrderQuery } from '../../services/ordersApi';

/**
 * One order in full (GET /orders/:id), or why not: 'Order not found' for an id that is no
 * order or not this shopper's (the server answers 404 for both, so a foreign id tells nothing),
 * the error in words with Try again, or Loading...
 */
export default function OrderLoader({
  orderId,
  children,
}: {
  orderId: number | null;
  children: (order: OrderDetail) => ReactNode;
}) {
  // The shop moves orders on while the shopper is elsewhere (a notification opens this page):
  // ask again on every visit rather than show the timeline of the last one.
  const { data, error, isError, isFetching, refetch } = useGetOrderQuery(orderId ?? skipToken, {
    refetchOnMountOrArgChange: true,
  });
  if (orderId === null || (isError && httpStatus(error) === 404)) {
    return (
      <EmptyState
        icon={<SearchOff />}
        message={ERROR_DETAILS.orderNotFound}
        description="Its link may be incomplete, or the order belongs to another account. All your orders are in My Orders."
        action={{ label: 'Go to My Orders', to: paths.orders }}
      />
    );
  }
  if (data) {
    return (
      <Box sx={{ opacity: isFetching ? 0.7 : 1, transition: 'opacity 150ms' }}>
        {children(data)}
      </Box>
    );
  }
  if (isError) return <QueryError error={error} onRetry={() => void refetch()} />;
  return <QueryLoading />;
}
