import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import Box from '@mui/material/Box';
import { fixtureUnplacedPayments, moneyMockDb } from '../../../testing/backOffice/moneyHandlers';
import { ownerSession } from '../../../testing/backOffice/staffAccountsHandlers';
import { shownDialog } from '../../../testing/storyHelpers';
import UnplacedPaymentCard, { OWNER_DECIDES, PAID_NOT_PLACED } from './UnplacedPaymentCard';

const payment = fixtureUnplacedPayments[0]!;
const stateOf = () => moneyMockDb.payments.find((p) => p.id === payment.id)?.state;

const meta = {
  title: 'Staff/UnplacedPaymentCard',
  component: UnplacedPaymentCard,
  args: { payment, canDecide: true },
  argTypes: {
    payment: { description: "As GET /staff/unplaced-payments answers it (the mock's fixture)." },
    canDecide: { control: { type: 'boolean' }, description: 'The owner (may place or refund).' },
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
    store: { preloadedState: { session: ownerSession } },
  },
} satisfies Meta<typeof UnplacedPaymentCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The owner's view: the amount, who paid and their phone, why, and the two answers. */
export const Open: Story = {
  play: async ({ canvasElement }) => {
    const card = within(canvasElement);
    await expect(card.getByRole('heading', { name: '₦ 320,425' })).toBeVisible();
    await expect(card.getByText(PAID_NOT_PLACED)).toBeVisible();
    await expect(card.getByRole('link', { name: 'Call 08035550101' })).toHaveAttribute(
      'href',
      'tel:08035550101',
    );
    await expect(
      card.getByText('No order was placed: Royal Stallion Rice 50kg is out of stock.'),
    ).toBeVisible();
    await expect(card.getByRole('button', { name: 'Place order' })).toBeEnabled();
    await expect(card.getByRole('button', { name: 'Refund' })).toBeEnabled();
  },
};

/** A staff member sees it too, but only the owner decides. */
export const StaffMember: Story = {
  args: { canDecide: false },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement);
    await expect(card.getByText(OWNER_DECIDES)).toBeVisible();
    await expect(card.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
    await expect(card.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  },
};

/** Placing it while the stock is still short: the shop's answer, in words, on the card. */
export const StockStillShort: Story = {
  beforeEach: () => {
    moneyMockDb.placeable.clear();
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement);
    await userEvent.click(card.getByRole('button', { name: 'Place order' }));
    const dialog = await shownDialog(canvasElement, 'Place the order for ₦ 320,425?');
    await userEvent.click(dialog.getByRole('button', { name: 'Place order' }));
    await expect(
      await card.findByText(
        'This order cannot be placed yet: Royal Stallion Rice 50kg is out of stock. Add stock first, or refund the payment.',
      ),
    ).toBeVisible();
    await expect(stateOf()).toBe('open');
  },
};

/** Asked again first: 'Not now' changes nothing; 'Refund' starts the refund. */
export const Refunds: Story = {
  play: async ({ canvasElement }) => {
    const card = within(canvasElement);
    await userEvent.click(card.getByRole('button', { name: 'Refund' }));
    let dialog = await shownDialog(canvasElement, 'Refund ₦ 320,425 to Adaeze Okafor?');
    await userEvent.click(dialog.getByRole('button', { name: 'Not now' }));
    await expect(stateOf()).toBe('open');
    // Found once the dialog has gone: while it is open the card behind it is hidden.
    await userEvent.click(await card.findByRole('button', { name: 'Refund' }, { timeout: 5000 }));
    dialog = await shownDialog(canvasElement, 'Refund ₦ 320,425 to Adaeze Okafor?');
    await userEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(stateOf()).toBe('refund_started'));
  },
};

/** Placing it once the stock allows. */
export const Places: Story = {
  play: async ({ canvasElement }) => {
    const card = within(canvasElement);
    await userEvent.click(card.getByRole('button', { name: 'Place order' }));
    const dialog = await shownDialog(canvasElement, 'Place the order for ₦ 320,425?');
    await userEvent.click(dialog.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(stateOf()).toBe('placed'));
  },
};
