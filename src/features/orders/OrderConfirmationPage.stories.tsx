import type { Decorator, Meta, StoryObj } from '@storybook/react-webpack5';
import { Route, Routes } from 'react-router-dom';
import { delay, http } from 'msw';
import { expect, within } from 'storybook/test';
import { paths } from '../../lib/paths';
import { apiUrl, signedInSession } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import { onPage } from '../../testing/storyPage';
import OrderConfirmationPage from './OrderConfirmationPage';

/** The page reads its order from the address, as the app's route gives it. */
const atItsRoute: Decorator = (Story) => (
  <Routes>
    <Route path={paths.orderConfirmation} element={<Story />} />
  </Routes>
);

const meta = {
  title: 'Pages/OrderConfirmation',
  component: OrderConfirmationPage,
  decorators: [atItsRoute, onPage],
  parameters: {
    route: '/order-confirmation/401',
    store: { preloadedState: { session: signedInSession } },
  },
} satisfies Meta<typeof OrderConfirmationPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Delivered and paid online: the address, the days to expect it, what was paid, WhatsApp. */
export const Delivery: Story = {
  loaders: [
    () => {
      const order = mockDb.orders.find((o) => o.id === 401);
      if (order) order.state = 'placed';
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Amounts')).toHaveTextContent('Total paid₦ 20,715');
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Your order ibm-401-a7f3 is placed.',
    );
    await expect(canvas.getByRole('region', { name: 'Delivery' })).toHaveTextContent(
      /Expected delivery: /,
    );
    await expect(
      canvas.getByRole('link', { name: 'Ask about this order on WhatsApp' }),
    ).toHaveAttribute('href', expect.stringContaining('https://wa.me/2348030001234?text='));
  },
};

/** To pay at pickup: the amount to bring, the station and its opening hours. */
export const Pickup: Story = {
  parameters: { route: '/order-confirmation/402' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Amounts')).toHaveTextContent('Total to pay₦ 9,965');
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'Pay ₦ 9,965 in cash or by transfer when you collect it.',
    );
    await expect(canvas.getByRole('region', { name: 'Pickup' })).toHaveTextContent(
      'Opening hours: Monday to Saturday, 8 am to 6 pm',
    );
  },
};

/** The order is on its way from the server: the spec's Loading... */
export const Loading: Story = {
  parameters: {
    msw: [
      http.get(apiUrl('/orders/:orderId', 'orders'), async () => {
        await delay('infinite');
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading...')).toBeVisible();
  },
};

/** No such order (or another shopper's): 'Order not found' and the way to My Orders. */
export const NotFound: Story = {
  parameters: { route: '/order-confirmation/999999' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Order not found')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute(
      'href',
      paths.orders,
    );
  },
};
