import { useCallback, useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemButton from '@mui/material/ListItemButton';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DoneAll from '@mui/icons-material/DoneAll';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import visuallyHidden from '@mui/utils/visuallyHidden';
import type { Notification } from 'contract';
import { paths } from '../../lib/paths';
import { formatDate } from '../../lib/format';
import { plainMessages, type PromiseMessages } from '../../lib/messages';
import { toastMutation } from '../../lib/toasts';
import EmptyState from '../../components/EmptyState';
import RequireShopper from '../../components/RequireShopper';
import PageHeader from '../../components/PageHeader';
import { QueryError, QueryLoading } from '../../components/QueryStatus';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import {
  notificationsApi,
  useGetNotificationsQuery,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
} from '../../services/notificationsApi';
import { loadApi } from '../../state/lazyApis';
import RouterLink from '../../components/RouterLink';
import { TAP_TARGET_PX } from '../../theme/theme';

loadApi(notificationsApi);

const TITLE = 'Notifications';

/** Notifications on one page: a phone screen or two. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The page number in the address, so Back and a refresh keep the shopper's place. */
const PAGE_PARAM = 'page';

export const markAllMessages = {
  loading: 'Marking all as read...',
  success: 'All marked as read',
  error: 'Unable to mark all as read',
} as const satisfies PromiseMessages;

function usePageNumber(): [number, (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Number(searchParams.get(PAGE_PARAM) ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = useCallback(
    (next: number) =>
      setSearchParams((previous) => {
        const params = new URLSearchParams(previous);
        if (next <= 1) params.delete(PAGE_PARAM);
        else params.set(PAGE_PARAM, String(next));
        return params;
      }),
    [setSearchParams],
  );
  return [page, setPage];
}

const pageArg = (page: number) => ({
  limit: NOTIFICATIONS_PAGE_SIZE,
  offset: (page - 1) * NOTIFICATIONS_PAGE_SIZE,
});

function unreadText(unread: number): string {
  return `${unread} unread ${unread === 1 ? 'notification' : 'notifications'}`;
}

/**
 * Notifications (docs/product.md#profile-pages): what the shop told the shopper about their
 * orders and the products they waited for, newest first, unread ones marked. Opening one
 * marks it read; 'Mark all as read' marks the rest.
 */
export default function NotificationsPage() {
  const [page, setPage] = usePageNumber();
  // Reads what the list below fetched, without asking the server itself.
  const { data } = notificationsApi.endpoints.getNotifications.useQueryState(pageArg(page));
  const unread = data?.unread ?? 0;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(unread > 0 ? `(${unread}) ${TITLE}` : TITLE);

  return (
    <>
      <PageHeader
        title={TITLE}
        headingRef={headingRef}
        subtitle={
          data && data.total > 0
            ? unread > 0
              ? `You have ${unreadText(unread)}.`
              : 'You have read them all.'
            : undefined
        }
      />
      <RequireShopper>
        <NotificationFeed page={page} setPage={setPage} headingRef={headingRef} />
      </RequireShopper>
    </>
  );
}

function NotificationFeed({
  page,
  setPage,
  headingRef,
}: {
  page: number;
  setPage: (page: number) => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  // The shop adds notifications as orders move: ask again on every visit, not only the first.
  const { data, error, isError, isFetching, refetch } = useGetNotificationsQuery(pageArg(page), {
    refetchOnMountOrArgChange: true,
  });
  const [markAll, { isLoading: markingAll }] = useMarkAllNotificationsReadMutation();
  const pageCount = data ? Math.max(1, Math.ceil(data.total / NOTIFICATIONS_PAGE_SIZE)) : 1;
  const pastTheEnd = data !== undefined && data.total > 0 && page > pageCount;

  // A page the list no longer reaches (read from an old link): the last page there is.
  useEffect(() => {
    if (pastTheEnd) setPage(pageCount);
  }, [pastTheEnd, pageCount, setPage]);

  async function markAllRead() {
    const outcome = await toastMutation(markAll().unwrap(), markAllMessages, {
      credentialAware: true,
      id: 'notifications-read-all',
    });
    // The button goes once nothing is unread: the heading keeps the shopper's place.
    if (outcome.ok) headingRef.current?.focus();
  }

  let body: ReactNode;
  if (data && data.total === 0) {
    body = (
      <EmptyState
        icon={<NotificationsNoneOutlined />}
        message={plainMessages.noNotification}
        description="Updates about your orders and offers will appear here."
        action={{ label: 'View my orders', to: paths.orders }}
      />
    );
  } else if (data && !pastTheEnd) {
    body = (
      <Stack spacing={2}>
        {data.unread > 0 ? (
          <Box>
            <Button
              variant="outlined"
              startIcon={<DoneAll />}
              loading={markingAll}
              onClick={() => void markAllRead()}
              sx={{ minHeight: TAP_TARGET_PX }}
            >
              Mark all as read
            </Button>
          </Box>
        ) : null}
        <Box
          component="ul"
          aria-label={TITLE}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            border: 1,
            borderColor: 'divider',
            borderRadius: 3,
            overflow: 'hidden',
            bgcolor: 'background.paper',
            opacity: isFetching ? 0.85 : 1,
            transition: 'opacity 150ms',
          }}
        >
          {data.notifications.map((n) => (
            <Box
              component="li"
              key={n.id}
              sx={{ '& + &': { borderTop: 1, borderColor: 'divider' } }}
            >
              <NotificationRow notification={n} />
            </Box>
          ))}
        </Box>
        {pageCount > 1 ? (
          <Pagination
            page={page}
            count={pageCount}
            onChange={(_event, next) => {
              setPage(next);
              headingRef.current?.focus();
            }}
            siblingCount={0}
            aria-label="Notification pages"
            renderItem={(item) => (
              <PaginationItem {...item} sx={{ minWidth: TAP_TARGET_PX, height: TAP_TARGET_PX }} />
            )}
            sx={{ alignSelf: 'center' }}
          />
        ) : null}
      </Stack>
    );
  } else if (isError) {
    body = <QueryError error={error} onRetry={() => void refetch()} />;
  } else {
    body = <QueryLoading />;
  }
  return body;
}

function KindIcon({ kind }: { kind: string }) {
  if (kind === 'back_in_stock') return <Inventory2Outlined />;
  if (kind === 'payment_received') return <PaymentsOutlined />;
  if (kind === 'order_out_for_delivery' || kind === 'order_delivered') {
    return <LocalShippingOutlined />;
  }
  return <ReceiptLongOutlined />;
}

/** A link the server wrote that stays inside the storefront (never another site). */
function storefrontPath(link: string): string | null {
  return link.startsWith('/') && !link.startsWith('//') ? link : null;
}

function NotificationRow({ notification: n }: { notification: Notification }) {
  const [markRead] = useMarkNotificationReadMutation();
  const to = storefrontPath(n.link);

  function opened() {
    // Read once opened; if the server misses it, it stays unread to open again later.
    if (!n.read) void markRead(n.id);
  }

  const content = (
    <Stack direction="row" spacing={1.5} sx={{ width: '100%', alignItems: 'flex-start' }}>
      <Box
        aria-hidden="true"
        sx={{
          flexShrink: 0,
          display: 'grid',
          placeItems: 'center',
          width: 40,
          height: 40,
          borderRadius: '50%',
          bgcolor: n.read ? 'action.hover' : 'primary.main',
          color: n.read ? 'text.secondary' : 'primary.contrastText',
        }}
      >
        <KindIcon kind={n.kind} />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          component="span"
          sx={{
            display: 'block',
            fontWeight: n.read ? 500 : 800,
            overflowWrap: 'anywhere',
          }}
        >
          {n.read ? null : (
            <Box component="span" sx={visuallyHidden}>
              Unread:{' '}
            </Box>
          )}
          {n.title}
        </Typography>
        <Typography
          component="span"
          color="text.secondary"
          sx={{ display: 'block', overflowWrap: 'anywhere' }}
        >
          {n.body}
        </Typography>
        <Typography
          component="time"
          dateTime={n.created_at}
          variant="body2"
          color="text.secondary"
          sx={{ display: 'block', mt: 0.5 }}
        >
          {formatDate(n.created_at)}
        </Typography>
      </Box>
      {n.read ? null : (
        <Box
          aria-hidden="true"
          data-unread-dot=""
          sx={{
            flexShrink: 0,
            mt: 1,
            width: 10,
            height: 10,
            borderRadius: '50%',
            bgcolor: 'primary.main',
          }}
        />
      )}
    </Stack>
  );

  const look = {
    alignItems: 'flex-start',
    gap: 0,
    py: 1.5,
    minHeight: TAP_TARGET_PX,
    bgcolor: n.read ? 'transparent' : 'action.selected',
  } as const;

  if (to === null) {
    // Nothing to open: a button marks it read instead.
    return (
      <Stack spacing={1} sx={{ ...look, px: 2 }}>
        {content}
        {n.read ? null : (
          <Box sx={{ pl: 6.5 }}>
            <Button
              size="small"
              onClick={opened}
              aria-label={`Mark as read: ${n.title}`}
              sx={{ minHeight: TAP_TARGET_PX }}
            >
              Mark as read
            </Button>
          </Box>
        )}
      </Stack>
    );
  }
  return (
    <ListItemButton component={RouterLink} to={to} onClick={opened} sx={look}>
      {content}
    </ListItemButton>
  );
}
