import type { Decorator, Meta, StoryObj } from '@storybook/react-webpack5';
import { Route, Routes } from 'react-router-dom';
import { expect, within } from 'storybook/test';
import { paths } from '../../lib/paths';
import { signedInSession } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import { recordOrderEvent } from '../../testing/orderHandlers';
import { onPage } from '../../testing/storyPage';
import OrderPage from './OrderPage';

const atItsRoute: Decorator = (Story) => (
  <Routes>
    <Route path={paths.order} element={<Story />} />
  </Routes>
);

const meta = {
  title: 'Pages/Order',
  component: OrderPage,
  decorators: [atItsRoute, onPage],
  parameters: {
    route: '/profile/orders/401',
    store: { preloadedState: { session: signedInSession } },
  },
} satisfies Meta<typeof OrderPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A delivered order: every step from Placed to Delivered, oldest first, in Lagos time. */
export const Timeline: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const timeline = await canvas.findByRole('list', { name: 'Order timeline' });
    const steps = within(timeline).getAllByRole('listitem');
    await expect(steps).toHaveLength(5);
    await expect(steps[0]).toHaveTextContent(/^Placed/);
    await expect(steps[4]).toHaveTextContent('Delivered29 October 2026 at 17:45');
    await expect(canvas.getByLabelText('Amounts')).toHaveTextContent('Total paid₦ 20,715');
  },
};

/** Cancelled by the shop, with its reason, the last step of its timeline. */
export const Cancelled: Story = {
  parameters: { route: '/profile/orders/402' },
  loaders: [
    () => {
      const order = mockDb.orders.find((o) => o.id === 402);
      if (order) {
        Object.assign(order, {
          status: 'Cancelled',
          state: 'cancelled',
          cancel_reason: 'Out of plantain this week',
        });
      }
      recordOrderEvent(402, {
        kind: 'status',
        status: 'cancelled',
        label: 'Cancelled',
        note: 'Out of plantain this week',
        at: '2026-11-10T11:00:00.000Z',
      });
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('This order is cancelled: Out of plantain this week'),
    ).toBeVisible();
    const steps = within(canvas.getByRole('list', { name: 'Order timeline' })).getAllByRole(
      'listitem',
    );
    await expect(steps.at(-1)).toHaveTextContent(/^Cancelled/);
  },
};
