import type { Delivery } from 'contract';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { env } from '../../../config/env';
import { http, HttpResponse } from 'msw';
import { apiUrl, fixtureDelivery, signedInSession } from '../../../testing/fixtures';
import { mockShop } from '../../../testing/orderHandlers';
import DeliveryModeModal from './DeliveryModeModal';
import { shownDialog } from '../../../testing/storyHelpers';

const DELIVERY_ADDRESS = '12 Awolowo Avenue, Old Bodija, Bodija, Oyo State';

/** The dialog is portalled to <body>, outside the story's canvas. */
function screenOf(canvasElement: HTMLElement) {
  const page = within(canvasElement.ownerDocument.body);
  const dialog = () => within(page.getByRole('dialog', { name: 'Select mode of delivery' }));
  const selectedMethod = () => dialog().getByRole('region', { name: 'Selected method' });
  return { page, dialog, selectedMethod };
}

/**
 * A location control's option. Storybook maps the key to its value (mapping below) before
 * render and play; starting from the key, rather than the value, shows the radio selected.
 */
const location = (key: 'none' | 'saved') => key as unknown as Delivery | null;

const meta = {
  title: 'Modals/DeliveryModeModal',
  component: DeliveryModeModal,
  args: {
    open: true,
    delivery: location('saved'),
    deliveryLoading: false,
    cartIsEmpty: false,
    onClose: fn(),
    onContinue: fn(),
  },
  argTypes: {
    open: { control: { type: 'boolean' } },
    delivery: {
      description: 'The saved delivery location; none blocks Continue.',
      options: ['none', 'saved'],
      mapping: { none: null, saved: fixtureDelivery },
      control: { type: 'radio' },
    },
    deliveryLoading: {
      description: 'The location is still loading: Continue waits for it.',
      control: { type: 'boolean' },
    },
    cartIsEmpty: {
      description: 'An empty cart blocks Continue.',
      control: { type: 'boolean' },
    },
    onClose: { description: 'Close, Escape or a click outside.' },
    onContinue: { description: "Called with 'pickup' or 'delivery' when nothing blocks it." },
  },
  parameters: {
    route: '/cart',
    store: { preloadedState: { session: signedInSession } },
    // On the docs page each story gets its own frame, so an open dialog covers only its story.
    docs: { story: { inline: false, height: '640px' } },
  },
} satisfies Meta<typeof DeliveryModeModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The shopper picks Pickup Station: the pickup address shows, then only who collects and a
 * number (the account's, to confirm), the fee line says pickup is free, and Continue saves
 * the contact and names pickup.
 */
export const Pickup: Story = {
  play: async ({ canvasElement, args }) => {
    await shownDialog(canvasElement, 'Select mode of delivery');
    const { dialog, selectedMethod } = screenOf(canvasElement);
    await userEvent.click(dialog().getByRole('radio', { name: /^Pickup Station/ }));
    await expect(
      dialog().getByRole('radio', { name: 'Pickup Station Usually ready within 24 hours' }),
    ).toBeChecked();
    await expect(dialog().getByRole('radio', { name: /^Delivered/ })).not.toBeChecked();
    await expect(selectedMethod()).toHaveTextContent(`Pick up your order at${env.pickupAddress}`);
    const contact = within(selectedMethod());
    await waitFor(() =>
      expect(contact.getByLabelText(/^Full name/)).toHaveValue('Adebayo Ogunleye'),
    );
    await expect(contact.getByLabelText(/^Mobile Number/)).toHaveValue('08031234567');
    await expect(contact.queryByLabelText(/Full Address/)).toBeNull();
    await expect(dialog().getByText('Pickup: free')).toBeVisible();
    const next = dialog().getByRole('button', { name: 'Continue with Pickup' });
    await userEvent.click(next);
    await waitFor(() => expect(args.onContinue).toHaveBeenCalledWith('pickup'));
  },
};

/** As it opens: Delivered (the default) to the saved location. */
export const Delivered: Story = {
  play: async ({ canvasElement, args }) => {
    await shownDialog(canvasElement, 'Select mode of delivery');
    const { dialog, selectedMethod } = screenOf(canvasElement);
    await expect(
      dialog().getByRole('radio', { name: 'Delivered Delivery time: 1-3 business days' }),
    ).toBeChecked();
    await expect(selectedMethod()).toHaveTextContent(`We will deliver to${DELIVERY_ADDRESS}`);
    await expect(
      dialog().getByText('After you pay, please stay on this page until your order is complete.'),
    ).toBeVisible();
    await expect(dialog().getByRole('button', { name: 'Close' })).toBeEnabled();
    await userEvent.click(dialog().getByRole('button', { name: 'Continue with Delivery' }));
    await expect(args.onContinue).toHaveBeenCalledWith('delivery');
  },
};

/**
 * No saved location: Continue says 'Add your delivery location' and opens the Delivery
 * Information form on top; cancelling it goes no further.
 */
export const BlockedWithoutLocation: Story = {
  args: { delivery: location('none') },
  play: async ({ canvasElement, args }) => {
    await shownDialog(canvasElement, 'Select mode of delivery');
    const { page, dialog, selectedMethod } = screenOf(canvasElement);
    await expect(selectedMethod()).toHaveTextContent('We will deliver toNo delivery location yet');
    await userEvent.click(dialog().getByRole('button', { name: 'Continue with Delivery' }));
    const form = await page.findByRole('dialog', { name: 'Delivery Information' });
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(page.queryByRole('dialog', { name: 'Delivery Information' })).toBeNull(),
    );
    // The toast, and the same words in the dialog, where screen readers hear them.
    await expect(await dialog().findByRole('alert')).toHaveTextContent(
      'Add your delivery location',
    );
    // The dialog's own words show at once; the toast once the toaster's code has arrived.
    await waitFor(() => expect(page.getAllByText('Add your delivery location')).toHaveLength(2), {
      timeout: 10_000,
    });
    await expect(args.onContinue).not.toHaveBeenCalled();
    await expect(page.getByRole('dialog', { name: 'Select mode of delivery' })).toBeVisible();
  },
};

/** An empty cart: Continue only says 'Add products to your carts'. */
export const BlockedEmptyCart: Story = {
  args: { cartIsEmpty: true },
  play: async ({ canvasElement, args }) => {
    await shownDialog(canvasElement, 'Select mode of delivery');
    const { page, dialog } = screenOf(canvasElement);
    await userEvent.click(dialog().getByRole('button', { name: 'Continue with Delivery' }));
    // The toast, and the same words in the dialog, where screen readers hear them.
    await expect(await dialog().findByRole('alert')).toHaveTextContent(
      'Add products to your carts',
    );
    // The dialog's own words show at once; the toast once the toaster's code has arrived.
    await waitFor(() => expect(page.getAllByText('Add products to your carts')).toHaveLength(2), {
      timeout: 10_000,
    });
    await expect(args.onContinue).not.toHaveBeenCalled();
  },
};

/** The saved location is still loading: Continue waits (disabled). */
export const LoadingLocation: Story = {
  args: { delivery: location('none'), deliveryLoading: true },
  play: async ({ canvasElement, args }) => {
    await shownDialog(canvasElement, 'Select mode of delivery');
    const { dialog, selectedMethod } = screenOf(canvasElement);
    await expect(selectedMethod()).toHaveTextContent('Loading your delivery location...');
    await expect(dialog().getByRole('button', { name: 'Continue with Delivery' })).toBeDisabled();
    await userEvent.click(dialog().getByRole('button', { name: 'Close' }));
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

const payGroup = (canvasElement: HTMLElement) =>
  screenOf(canvasElement).dialog().getByRole('radiogroup', { name: 'How would you like to pay?' });

/** Delivered with Pay on delivery: cash or transfer when it arrives; Place order places it. */
export const PayOnDelivery: Story = {
  play: async ({ canvasElement, args }) => {
    await shownDialog(canvasElement, 'Select mode of delivery');
    const { dialog } = screenOf(canvasElement);
    await expect(
      await dialog().findByText('Pay on delivery is available for orders up to ₦ 100,000.'),
    ).toBeVisible();
    const group = within(payGroup(canvasElement));
    await expect(group.getByRole('radio', { name: /^Pay now/ })).toBeChecked();
    await expect(
      group.getByRole('radio', { name: 'Pay now Card, bank transfer or USSD, through Paystack' }),
    ).toBeInTheDocument();
    await userEvent.click(group.getByRole('radio', { name: /^Pay on delivery/ }));
    await expect(
      dialog().getByText(/placed as soon as you tap Place order; you pay when you get it/),
    ).toBeVisible();
    await userEvent.click(dialog().getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(args.onContinue).not.toHaveBeenCalled();
  },
};

/** Pickup Station goes with Pay at pickup (cash or transfer when collecting), never on delivery. */
export const PayAtPickup: Story = {
  play: async ({ canvasElement }) => {
    await shownDialog(canvasElement, 'Select mode of delivery');
    const { dialog } = screenOf(canvasElement);
    await userEvent.click(dialog().getByRole('radio', { name: /^Pickup Station/ }));
    const group = within(payGroup(canvasElement));
    await userEvent.click(group.getByRole('radio', { name: /^Pay at pickup/ }));
    await expect(group.queryByRole('radio', { name: /^Pay on delivery/ })).toBeNull();
    await expect(await dialog().findByText(/Opening hours:/)).toBeVisible();
    await expect(dialog().getByRole('button', { name: 'Place order' })).toBeEnabled();
  },
};

/** A cart over the pay-later cap: the choice is shown greyed, with why, before any tap. */
export const OverTheCap: Story = {
  loaders: [
    () => {
      mockShop.pay_later.max_total = 10_000;
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    await shownDialog(canvasElement, 'Select mode of delivery');
    const { dialog } = screenOf(canvasElement);
    await expect(
      await dialog().findByText(
        'Pay on delivery is available for orders up to ₦ 10,000; this order comes to ₦ 17,275. Please pay now with card, bank transfer or USSD.',
      ),
    ).toBeVisible();
    const group = within(payGroup(canvasElement));
    await expect(group.getByRole('radio', { name: /^Pay on delivery/ })).toBeDisabled();
    await expect(dialog().getByRole('button', { name: 'Continue with Delivery' })).toBeEnabled();
  },
};

/** The server refuses the order: its words stay in the dialog, which stays open. */
export const ServerRefusal: Story = {
  parameters: {
    msw: [
      http.post(apiUrl('/place-order', 'orders'), () =>
        HttpResponse.json({ detail: 'Ripe Plantain (bunch) is out of stock' }, { status: 409 }),
      ),
    ],
  },
  play: async ({ canvasElement, args }) => {
    await shownDialog(canvasElement, 'Select mode of delivery');
    const { dialog } = screenOf(canvasElement);
    await userEvent.click(
      within(payGroup(canvasElement)).getByRole('radio', { name: /^Pay on delivery/ }),
    );
    await userEvent.click(dialog().getByRole('button', { name: 'Place order' }));
    const alert = await dialog().findByRole('alert');
    await expect(alert).toHaveTextContent('Unable to place order');
    await expect(alert).toHaveTextContent('Ripe Plantain (bunch) is out of stock');
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};
