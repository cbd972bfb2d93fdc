import { http, HttpResponse } from 'msw';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, userEvent, within } from 'storybook/test';
import Box from '@mui/material/Box';
import { apiUrl } from '../../../testing/fixtures';
import { fixtureStaffNow, fixtureStaffOrder, staffSession } from '../../../testing/staffHandlers';
import { shownDialog } from '../../../testing/storyHelpers';
import StaffOrderCard, { STALE_TAP } from './StaffOrderCard';

const meta = {
  title: 'Staff/StaffOrderCard',
  component: StaffOrderCard,
  args: { order: fixtureStaffOrder(615), now: fixtureStaffNow },
  argTypes: {
    order: { description: "The order as GET /staff/orders answers it (the mock's fixtures)." },
    now: { description: "The clock the order's age is measured against (ms)." },
    historyOpen: { control: { type: 'boolean' } },
  },
  decorators: [
    (Story) => (
      // A 360 px phone: nothing may scroll sideways.
      <Box sx={{ maxWidth: 360, p: 1 }}>
        <Story />
      </Box>
    ),
  ],
  parameters: {
    route: '/staff/orders',
    store: { preloadedState: { session: staffSession } },
  },
} satisfies Meta<typeof StaffOrderCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Just placed, pay on delivery: 'Confirm' is the one tap; the cash is still to come. */
export const Placed: Story = {
  play: async ({ canvasElement }) => {
    const card = within(canvasElement);
    await expect(card.getByText('placed 2 h ago')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    await expect(card.getByRole('link', { name: 'Call 08031234567' })).toHaveAttribute(
      'href',
      'tel:08031234567',
    );
    await expect(card.getByText('Not paid yet: collect on delivery')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Cash received' })).toBeVisible();
  },
};

/** Packed for delivery and paid online: next is 'Out for delivery'; no payment to record. */
export const PackedForDelivery: Story = {
  args: { order: fixtureStaffOrder(613) },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement);
    await expect(card.getByRole('button', { name: 'Out for delivery' })).toBeVisible();
    await expect(card.getByText('Money in (online)')).toBeVisible();
    await expect(card.queryByRole('button', { name: 'Cash received' })).not.toBeInTheDocument();
  },
};

/** Waiting at the shop: next is 'Collected', and the money comes at pickup. */
export const ReadyForPickup: Story = {
  args: { order: fixtureStaffOrder(614), historyOpen: true },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement);
    await expect(card.getByRole('button', { name: 'Collected' })).toBeVisible();
    await expect(card.getByText('Not paid yet: collect at pickup')).toBeVisible();
    await expect(card.getByText(/^Pickup at the shop: /)).toBeVisible();
    await expect(card.getByRole('button', { name: 'History (4)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  },
};

/** Delivered but the cash is not in yet: no step left, only 'Cash received' or 'Transfer received'. */
export const DeliveredAwaitingCash: Story = {
  args: { order: fixtureStaffOrder(612) },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement);
    await expect(card.getByRole('button', { name: 'Transfer received' })).toBeVisible();
    await expect(card.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    await expect(card.queryByRole('button', { name: 'Delivered' })).not.toBeInTheDocument();
  },
};

/** Paid online, then cancelled: the reason shows and the refund is flagged. */
export const CancelledRefundDue: Story = {
  args: { order: fixtureStaffOrder(611) },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement);
    await expect(card.getByText('Cancelled: Out of stock at the market')).toBeVisible();
    await expect(card.getByText(/and the order was cancelled\.$/)).toBeVisible();
    await expect(card.queryAllByRole('button', { name: /Confirm|Cancel order/ })).toEqual([]);
  },
};

/** Someone else confirmed the order first: the tap is refused (409) and the card says so. */
export const StaleTap: Story = {
  parameters: {
    msw: [
      http.post(apiUrl('/staff/orders/:orderId/status', 'staff'), () =>
        HttpResponse.json(
          { detail: 'This order is already Confirmed; refresh to see it as it is now.' },
          { status: 409 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement);
    await userEvent.click(card.getByRole('button', { name: 'Confirm' }));
    await expect(await card.findByRole('alert')).toHaveTextContent(STALE_TAP);
  },
};

/** 'Cancel order' opens the dialog that asks why. */
export const OpensCancelDialog: Story = {
  play: async ({ canvasElement }) => {
    const card = within(canvasElement);
    await userEvent.click(card.getByRole('button', { name: 'Cancel order' }));
    const dialog = await shownDialog(
      canvasElement,
      `Cancel order ${fixtureStaffOrder(615).number}?`,
    );
    await expect(dialog.getByRole('textbox', { name: /Reason/ })).toHaveFocus();
  },
};
