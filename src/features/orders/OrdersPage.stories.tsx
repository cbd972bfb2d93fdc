import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { paths } from '../../lib/paths';
import { apiUrl, signedInSession } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import OrdersPage from './OrdersPage';
import { expectLoginPrompt, signedOutParameters } from '../../testing/storyHelpers';
import { onPage } from '../../testing/storyPage';

const ORDERS_URL = apiUrl('/orders', 'orders');

/** Failed loads are retried with backoff (about 2 s in a browser) before the words show. */
const AFTER_RETRIES = { timeout: 8000 };

const meta = {
  title: 'Pages/Orders',
  component: OrdersPage,
  decorators: [onPage],
  parameters: { route: paths.orders, store: { preloadedState: { session: signedInSession } } },
} satisfies Meta<typeof OrdersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The shopper's orders, newest first, each with status, date, total and delivery mobile number. */
export const Orders: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Orders' });
    const headings = within(list)
      .getAllByRole('article')
      .map((card) => within(card).getByRole('heading', { level: 2 }).textContent);
    await expect(headings).toEqual(['Order #402', 'Order #401']);

    const newest = canvas.getByRole('article', { name: 'Order #402' });
    await expect(within(newest).getByText('processing')).toBeVisible();
    await expect(within(newest).getByText('08031234567')).toBeVisible();
    await expect(
      within(newest).getByRole('link', { name: 'View items of order #402' }),
    ).toHaveAttribute('href', '/profile/order-items?order=402');
    const older = canvas.getByRole('article', { name: 'Order #401' });
    await expect(within(older).getByText('delivered')).toBeVisible();
    await expect(within(older).getByText('₦ 20,715')).toBeVisible();
  },
};

/** No orders yet: 'No Transaction History.' and a way to the shop. */
export const Empty: Story = {
  loaders: [
    async () => {
      mockDb.orders = [];
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No Transaction History.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Start shopping' })).toHaveAttribute(
      'href',
      '/shop',
    );
  },
};

/** The orders did not load: the server's words and Try again. */
export const LoadError: Story = {
  parameters: {
    msw: [
      http.get(ORDERS_URL, () =>
        HttpResponse.json({ detail: 'Orders are being counted' }, { status: 500 }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert', {}, AFTER_RETRIES)).toHaveTextContent(
      'Orders are being counted',
    );
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** Signed out: the log-in prompt, which comes back here after logging in. */
export const SignedOut: Story = {
  parameters: signedOutParameters,
  play: async ({ canvasElement }) => {
    await expectLoginPrompt(canvasElement, '/profile/orders');
  },
};
