import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { http, HttpResponse } from 'msw';
import { expect, within } from 'storybook/test';
import { paths } from '../../lib/paths';
import { apiUrl, signedInSession } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import OrderItemsPage from './OrderItemsPage';
import { orderItemsPath } from './orderLinks';
import { expectLoginPrompt, signedOutParameters } from '../../testing/storyHelpers';
import { onPage } from '../../testing/storyPage';

const ITEMS_URL = apiUrl('/order_item/:orderId', 'orderItems');

/** Failed loads are retried with backoff (about 2 s in a browser) before the words show. */
const AFTER_RETRIES = { timeout: 8000 };

/** The names of the items listed, in order. */
function itemNames(list: HTMLElement) {
  return within(list)
    .getAllByRole('listitem')
    .map((item) => within(item).getByRole('link').textContent);
}

const meta = {
  title: 'Pages/OrderItems',
  component: OrderItemsPage,
  decorators: [onPage],
  parameters: {
    route: orderItemsPath(401),
    store: { preloadedState: { session: signedInSession } },
  },
} satisfies Meta<typeof OrderItemsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The items of order #401 (its link): picture, name, vendor, quantity, total price, what was paid. */
export const Items: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Items in this order' });
    await expect(itemNames(list)).toEqual([
      'Ijebu Garri (5 kg)',
      'Ground Crayfish (500 g)',
      'Ripe Plantain (bunch)',
    ]);
    await expect(canvas.getByText('Order #401')).toBeVisible();
    await expect(canvas.getByText('Quantity: 2')).toBeVisible();
    await expect(await canvas.findByLabelText('Amounts')).toHaveTextContent(
      'Items₦ 18,200VAT (7.5%)₦ 1,365Delivery and packaging₦ 1,150Total paid₦ 20,715',
    );
  },
};

/** Opened without ?order=: the order the session remembers (orderId), here #402. */
export const StoredOrder: Story = {
  parameters: {
    route: paths.orderItems,
    store: { preloadedState: { session: { ...signedInSession, orderId: '402' } } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Items in this order' });
    await expect(itemNames(list)).toEqual(['Peeled Egusi (1 kg)', 'Red Palm Oil (1 litre)']);
  },
};

/** No order in the address and none remembered: an empty state that leads to My Orders. */
export const NoOrderChosen: Story = {
  parameters: { route: paths.orderItems },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No order chosen yet')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute(
      'href',
      '/profile/orders',
    );
  },
};

/** An order that was recorded with no items: the empty state. */
export const NoItems: Story = {
  loaders: [
    async () => {
      mockDb.orderItems[401] = [];
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('This order has no items.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to My Orders' })).toBeVisible();
  },
};

/** An order the server does not know (404): not found. */
export const OrderNotFound: Story = {
  parameters: { route: orderItemsPath(999) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('We couldn’t find order #999')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to My Orders' })).toBeVisible();
  },
};

/** A link that names no order (?order=abc): not found, without asking the server. */
export const BrokenLink: Story = {
  parameters: { route: `${paths.orderItems}?order=abc` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('We couldn’t find that order')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to My Orders' })).toBeVisible();
  },
};

/** The items did not load: the server's words and Try again. */
export const LoadError: Story = {
  parameters: {
    msw: [
      http.get(ITEMS_URL, () =>
        HttpResponse.json({ detail: 'Items are unavailable right now' }, { status: 500 }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert', {}, AFTER_RETRIES)).toHaveTextContent(
      'Items are unavailable right now',
    );
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** Signed out: the log-in prompt, which comes back to this order after logging in. */
export const SignedOut: Story = {
  parameters: signedOutParameters,
  play: async ({ canvasElement }) => {
    await expectLoginPrompt(canvasElement, '/profile/order-items?order=401');
  },
};
