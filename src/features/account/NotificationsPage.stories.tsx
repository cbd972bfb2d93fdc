import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, within } from 'storybook/test';
import { paths } from '../../lib/paths';
import { signedInSession } from '../../testing/fixtures';
import NotificationsPage from './NotificationsPage';
import { expectLoginPrompt, signedOutParameters } from '../../testing/storyHelpers';
import { onPage } from '../../testing/storyPage';

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
 * Signed in: always the empty state (docs/product.md#profile-pages), as there is no notification service.
 * This is the page's only loaded state.
 */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(canvas.getByText('You have no notification.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'View my orders' })).toHaveAttribute(
      'href',
      '/profile/orders',
    );
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
