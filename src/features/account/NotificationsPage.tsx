import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import { paths } from '../../lib/paths';
import EmptyState from '../../components/EmptyState';
import RequireShopper from '../../components/RequireShopper';
import PageHeader from '../../components/PageHeader';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { plainMessages } from '../../lib/messages';

const TITLE = 'Notifications';

/** Notifications (docs/product.md#profile-pages): always the empty state; there is no notification service. */
export default function NotificationsPage() {
  useDocumentTitle(TITLE);
  return (
    <>
      <PageHeader title={TITLE} />
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
