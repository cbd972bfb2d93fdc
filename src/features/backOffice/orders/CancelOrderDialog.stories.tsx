import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { fixtureStaffOrder, staffMockDb, staffSession } from '../../../testing/staffHandlers';
import { shownDialog } from '../../../testing/storyHelpers';
import CancelOrderDialog, { REASON_MISSING } from './CancelOrderDialog';

const awaitingCash = fixtureStaffOrder(615);
const paidOnline = fixtureStaffOrder(613);

const meta = {
  title: 'Staff/CancelOrderDialog',
  component: CancelOrderDialog,
  args: { open: true, order: awaitingCash, onClose: fn(), onStale: fn() },
  argTypes: {
    open: { control: { type: 'boolean' } },
    onClose: { description: 'Keep order, Escape, or the order cancelled.' },
    onStale: { description: 'The order moved on before the cancel reached the shop (409).' },
  },
  parameters: {
    route: '/staff/orders',
    store: { preloadedState: { session: staffSession } },
    docs: { story: { inline: false, height: '480px' } },
  },
} satisfies Meta<typeof CancelOrderDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const title = (order: typeof awaitingCash) => `Cancel order ${order.number}?`;

/** No reason given: the dialog says what is missing and sends nothing. */
export const ReasonRequired: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await shownDialog(canvasElement, title(awaitingCash));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel order' }));
    await expect(await dialog.findByText(REASON_MISSING)).toBeVisible();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** With a reason the order is cancelled and the dialog closes. */
export const Cancels: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await shownDialog(canvasElement, title(awaitingCash));
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Shopper asked us to');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(staffMockDb.orders.find((o) => o.id === awaitingCash.id)?.state).toBe('cancelled');
  },
};

/**
 * Changing one's mind: the dismiss button says 'Keep order', not a second 'Cancel' beside
 * 'Cancel order', and it closes the dialog with the order left as it was.
 */
export const KeepsOrder: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await shownDialog(canvasElement, title(awaitingCash));
    await expect(dialog.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Keep order' }));
    await expect(args.onClose).toHaveBeenCalled();
    await expect(staffMockDb.orders.find((o) => o.id === awaitingCash.id)?.state).toBe('placed');
  },
};

/** A paid order: the dialog says it will be flagged for a refund. */
export const PaidOrder: Story = {
  args: { order: paidOnline },
  play: async ({ canvasElement }) => {
    const dialog = await shownDialog(canvasElement, title(paidOnline));
    await expect(dialog.getByText(/flagged for a refund/)).toBeVisible();
  },
};
