import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { paths } from '../../lib/paths';
import { apiUrl, signedInSession } from '../../testing/fixtures';
import { addMockNotification, notificationDb } from '../../testing/notificationHandlers';
import NotificationsPage, { NOTIFICATIONS_PAGE_SIZE } from './NotificationsPage';
import { expectLoginPrompt, signedOutParameters } from '../../testing/storyHelpers';
import { onPage } from '../../testing/storyPage';

const LIST_URL = apiUrl('/notifications', 'notifications');

/** Failed loads are retried with backoff (about 2 s in a browser) before the words show. */
const AFTER_RETRIES = { timeout: 8000 };

const meta = {
  title: 'Pages/Notifications',
  component: NotificationsPage,
  decorators: [onPage],
  parameters: {
    route: paths.notifications,
    store: { preloadedState: { session: signedInSession } },
  },
} satisfies Meta<typeof NotificationsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Newest first: a product back in stock and an order placed (unread, bold on a tinted row
 * with a dot, 'Unread:' for screen readers), then an order out for delivery and one placed
 * (read).
 */
export const UnreadAndRead: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Notifications' });
    const links = within(list).getAllByRole('link');
    await expect(links).toHaveLength(4);
    await expect(links[0]).toHaveAccessibleName(/^Unread: Red Palm Oil/);
    await expect(links[2]).toHaveAccessibleName(/^Order ibm-401-a7f3: Out for delivery/);
    await expect(canvas.getByText('You have 2 unread notifications.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Mark all as read' })).toBeVisible();
  },
};

/** Mark all as read: the marks go, and so does the button. */
export const MarkAllAsRead: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const list = await canvas.findByRole('list', { name: 'Notifications' });
    await userEvent.click(canvas.getByRole('button', { name: 'Mark all as read' }));
    await expect(await page.findByText('All marked as read')).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByText(/Unread:/)).toBeNull());
    await expect(canvas.getByText('You have read them all.')).toBeVisible();
  },
};

/** All read: no marks, no 'Mark all as read'. */
export const AllRead: Story = {
  loaders: [
    () => {
      for (const n of notificationDb.notifications) n.read = true;
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Notifications' });
    await expect(within(list).queryByText(/Unread:/)).toBeNull();
    await expect(canvas.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  },
};

/** More than a page: the pages under the list, 44 px each. */
export const ManyPages: Story = {
  loaders: [
    () => {
      for (let i = 0; i < NOTIFICATIONS_PAGE_SIZE; i += 1) addMockNotification({ read: i > 2 });
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Notifications' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    const pages = canvas.getByRole('navigation', { name: 'Notification pages' });
    await expect(within(pages).getByRole('button', { name: 'Go to page 2' })).toBeVisible();
  },
};

/** None yet: the spec's 'You have no notification.' and a way to the orders. */
export const Empty: Story = {
  loaders: [
    () => {
      notificationDb.notifications = [];
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(await canvas.findByText('You have no notification.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'View my orders' })).toHaveAttribute(
      'href',
      '/profile/orders',
    );
  },
};

/** The list did not load (no answer): the words and Try again. */
export const LoadError: Story = {
  parameters: { msw: [http.get(LIST_URL, () => HttpResponse.error())] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert', {}, AFTER_RETRIES)).toHaveTextContent(
      'Our server is not answering. Please try again in a moment.',
    );
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** Signed out: the log-in prompt, which comes back here after logging in. */
export const SignedOut: Story = {
  parameters: signedOutParameters,
  play: async ({ canvasElement }) => {
    await expectLoginPrompt(canvasElement, '/profile/notifications');
    await expect(within(canvasElement).queryByText('You have no notification.')).toBeNull();
  },
};
