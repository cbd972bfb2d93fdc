import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { paths } from '../../lib/paths';
import { useAppSelector } from '../../state/hooks';
import { selectIsLoggedIn } from '../../state/sessionSlice';
import EmptyState from '../../components/EmptyState';
import LoginPrompt from '../../components/LoginPrompt';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { plainMessages } from '../../lib/messages';

const TITLE = 'Notifications';

/** Notifications (spec section 2): always the empty state; there is no notification service. */
export default function NotificationsPage() {
  useDocumentTitle(TITLE);
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  return (
    <>
      <Box component="header" sx={{ mb: 3 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
          {TITLE}
        </Typography>
      </Box>
      {isLoggedIn ? (
        <EmptyState
          icon={<NotificationsNoneOutlined />}
          message={plainMessages.noNotification}
          description="Updates about your orders and offers will appear here."
          action={{ label: 'View my orders', to: paths.orders }}
        />
      ) : (
        <LoginPrompt />
      )}
    </>
  );
}
