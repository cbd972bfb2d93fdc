import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { DEFAULT_PAGE_SIZE } from 'contract/rules';
import EmptyState from '../../../components/EmptyState';
import PageHeader from '../../../components/PageHeader';
import { QueryError, QueryLoading } from '../../../components/QueryStatus';
import RequireShopper from '../../../components/RequireShopper';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { httpStatus } from '../../../lib/getErrorMessage';
import { paths } from '../../../lib/paths';
import { staffApi, useGetStaffOrdersQuery } from '../../../services/staffApi';
import StaffOrderCard from './StaffOrderCard';
import UnplacedPayments from './UnplacedPayments';
import {
  AREA_FILTERS,
  areaLabel,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  type AreaFilter,
  type StatusFilter,
} from './staffWords';
import { loadApi } from '../../../state/lazyApis';
import RouterLink from '../../../components/RouterLink';
import { TAP_TARGET_PX } from '../../../theme/theme';

loadApi(staffApi);

const TITLE = 'Orders to fulfil';
export const STAFF_ONLY = "This page is for the shop's staff";
const PAGE_SIZE = DEFAULT_PAGE_SIZE;
const MINUTE_MS = 60_000;

/** The clock the orders' ages are shown against, moved on each minute. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The filters and page from the address, so a link or a reload keeps them; unknown values fall back. */
function readQuery(params: URLSearchParams) {
  const status = STATUS_FILTERS.find((s) => s === params.get('status')) ?? 'open';
  const area = AREA_FILTERS.find((a) => a !== '' && a === params.get('area')) ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  return { status, area, page };
}

/** The shop staff's queue: open orders oldest first, filtered by state and delivery area. */
export default function StaffOrdersPage() {
  useDocumentTitle(TITLE);
  return (
    <>
      <PageHeader title={TITLE} subtitle="Oldest first: the order waiting longest is on top." />
      <RequireShopper>
        <StaffQueue />
      </RequireShopper>
    </>
  );
}

function StaffQueue() {
  const [params, setParams] = useSearchParams();
  const { status, area, page } = readQuery(params);
  const now = useNow();
  const { data, error, isError, isFetching, refetch } = useGetStaffOrdersQuery({
    status,
    ...(area === '' ? {} : { area }),
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });

  function change(next: { status?: StatusFilter; area?: AreaFilter; page?: number }) {
    const merged = { status, area, page: 1, ...next };
    const query = new URLSearchParams();
    if (merged.status !== 'open') query.set('status', merged.status);
    if (merged.area !== '') query.set('area', merged.area);
    if (merged.page > 1) query.set('page', String(merged.page));
    setParams(query);
  }

  if (isError && httpStatus(error) === 403) {
    return (
      <Stack role="alert" spacing={2} sx={{ py: 6, alignItems: 'center', textAlign: 'center' }}>
        <LockOutlined color="primary" sx={{ fontSize: 48 }} aria-hidden="true" />
        <Typography>{STAFF_ONLY}</Typography>
        <Button variant="contained" component={RouterLink} to={paths.shop}>
          Back to the shop
        </Button>
      </Stack>
    );
  }

  const total = data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);

  return (
    <Stack spacing={2}>
      <UnplacedPayments />
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField
          select
          label="Status"
          value={status}
          onChange={(event) => change({ status: event.target.value as StatusFilter })}
          sx={{ flex: '1 1 10rem', minWidth: 0 }}
        >
          {STATUS_FILTERS.map((s) => (
            <MenuItem key={s} value={s} sx={{ minHeight: TAP_TARGET_PX }}>
              {STATUS_FILTER_LABELS[s]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Area"
          value={area}
          onChange={(event) => change({ area: event.target.value as AreaFilter })}
          sx={{ flex: '1 1 10rem', minWidth: 0 }}
        >
          {AREA_FILTERS.map((a) => (
            <MenuItem key={a} value={a} sx={{ minHeight: TAP_TARGET_PX }}>
              {areaLabel(a)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {queue()}
    </Stack>
  );

  // A function, not a component: a component made here would remount every card on each render.
  function queue() {
    if (data && data.orders.length === 0) {
      return (
        <EmptyState
          icon={<Inventory2Outlined />}
          message="No orders here"
          description={
            status === 'open' && area === ''
              ? 'Every order is done. New orders show here as they come in.'
              : 'No order matches these filters.'
          }
        />
      );
    }
    if (data) {
      return (
        <>
          <Typography role="status" color="text.secondary">
            {`${first}–${last} of ${total} ${total === 1 ? 'order' : 'orders'}`}
          </Typography>
          <Stack
            component="ul"
            aria-label="Orders to fulfil"
            spacing={2}
            sx={{ listStyle: 'none', m: 0, p: 0, opacity: isFetching ? 0.7 : 1 }}
          >
            {data.orders.map((order) => (
              <li key={order.id}>
                <StaffOrderCard order={order} now={now} />
              </li>
            ))}
          </Stack>
          {pages > 1 ? (
            <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'space-between' }}>
              <Button
                variant="outlined"
                disabled={page <= 1}
                onClick={() => change({ page: page - 1 })}
                sx={{ minHeight: TAP_TARGET_PX }}
              >
                Previous
              </Button>
              <Button
                variant="outlined"
                disabled={page >= pages}
                onClick={() => change({ page: page + 1 })}
                sx={{ minHeight: TAP_TARGET_PX }}
              >
                Next
              </Button>
            </Stack>
          ) : null}
        </>
      );
    }
    if (isError) return <QueryError error={error} onRetry={() => void refetch()} />;
    return <QueryLoading />;
  }
}
