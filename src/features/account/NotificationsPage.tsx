import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { paths } from '../../lib/paths';
import EmptyState from '../../components/EmptyState';
import RequireShopper from '../../components/RequireShopper';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { plainMessages } from '../../lib/messages';

const TITLE = 'Notifications';

/** Notifications (spec section 2): always the empty state; there is no notification service. */
export default function NotificationsPage() {
  useDocumentTitle(TITLE);
  return (
    <>
      <Box component="header" sx={{ mb: 3 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.75rem', md: '2.25rem' } }}>
          {TITLE}
        </Typography>
      </Box>
      <RequireShopper>
        <EmptyState
          icon={<NotificationsNoneOutlined />}
          message={plainMessages.noNotification}
          description="Updates about your orders and offers will appear here."
          action={{ label: 'View my orders', to: paths.orders }}
        />
      </RequireShopper>
    </>
  );
}
