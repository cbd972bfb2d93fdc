import { screen, waitFor, within } from '@testing-library/react';
import type { Delivery } from 'contract';
import { env } from '../../../config/env';
import { fixtureDelivery, signedInSession } from '../../../testing/fixtures';
import { mockDb } from '../../../testing/handlers';
import { recordRequests } from '../../../testing/server';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import DeliveryModeModal from './DeliveryModeModal';
import { renderCartPage } from '../testing';

function renderModal(
  options: { delivery?: Delivery | null; cartIsEmpty?: boolean; deliveryLoading?: boolean } = {},
) {
  const onContinue = jest.fn();
  const onClose = jest.fn();
  const view = renderWithProviders(
    <DeliveryModeModal
      open
      onClose={onClose}
      delivery={options.delivery === undefined ? fixtureDelivery : options.delivery}
      deliveryLoading={options.deliveryLoading ?? false}
      cartIsEmpty={options.cartIsEmpty ?? false}
      onContinue={onContinue}
    />,
    { preloadedState: { session: signedInSession } },
  );
  return { ...view, onContinue, onClose };
}

const dialog = () => screen.getByRole('dialog', { name: 'Select mode of delivery' });
const selectedMethod = () => within(dialog()).getByRole('region', { name: 'Selected method' });

describe('the Select mode of delivery modal', () => {
  test('offers the two cards as radios, Delivered chosen by default, with the delivery address', () => {
    renderModal();
    const group = within(dialog()).getByRole('radiogroup', {
      name: 'How would you like to get your order?',
    });
    const pickup = within(group).getByRole('radio', {
      name: 'Pickup Station Usually ready within 24 hours',
    });
    const delivered = within(group).getByRole('radio', {
      name: 'Delivered Delivery time: 1-3 business days',
    });
    expect(delivered).toBeChecked();
    expect(pickup).not.toBeChecked();
    expect(selectedMethod()).toHaveTextContent(
      'We will deliver to12 Awolowo Avenue, Old Bodija, Ibadan-Bodija, Oyo State',
    );
    expect(screen.getByText(/stay on this page until your order is complete/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Delivery' })).toBeInTheDocument();
  });

  test('the keyboard picks Pickup Station, which shows the pickup address', async () => {
    const { user, onContinue } = renderModal();
    await user.tab();
    expect(screen.getByRole('radio', { name: /^Delivered/ })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('radio', { name: /^Pickup Station/ })).toBeChecked();
    expect(selectedMethod()).toHaveTextContent(`Pick up your order at${env.pickupAddress}`);

    await user.click(screen.getByRole('button', { name: 'Continue with Pickup' }));
    expect(onContinue).toHaveBeenCalledWith('pickup');
  });

  test('Continue with Delivery hands on the delivery method', async () => {
    const { user, onContinue } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Continue with Delivery' }));
    expect(onContinue).toHaveBeenCalledWith('delivery');
  });

  test('without a delivery location, Continue says "Add your delivery location" and goes no further', async () => {
    const { user, onContinue } = renderModal({ delivery: null });
    expect(selectedMethod()).toHaveTextContent('No delivery location yet');
    await user.click(screen.getByRole('button', { name: 'Continue with Delivery' }));
    // The toast, and the same words in the dialog, where screen readers hear them.
    expect(await screen.findAllByText('Add your delivery location')).toHaveLength(2);
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Add your delivery location');
    // Pickup needs the location too (its mobile number reaches the order).
    await user.click(screen.getByRole('radio', { name: /^Pickup Station/ }));
    await user.click(screen.getByRole('button', { name: 'Continue with Pickup' }));
    expect(onContinue).not.toHaveBeenCalled();
  });

  test('with an empty cart, Continue says "Add products to your carts" and goes no further', async () => {
    const { user, onContinue } = renderModal({ cartIsEmpty: true });
    await user.click(screen.getByRole('button', { name: 'Continue with Delivery' }));
    expect(await screen.findAllByText('Add products to your carts')).toHaveLength(2);
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Add products to your carts');
    expect(onContinue).not.toHaveBeenCalled();
  });

  test('Continue waits while the delivery location is loading', () => {
    renderModal({ delivery: null, deliveryLoading: true });
    expect(screen.getByRole('button', { name: 'Continue with Delivery' })).toBeDisabled();
  });

  test('Close closes it', async () => {
    const { user, onClose } = renderModal();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('from the cart page', () => {
  test('Make Payment opens the modal at Delivered every time, and Close sends nothing', async () => {
    const { user } = renderCartPage();
    await user.click(await screen.findByRole('button', { name: 'Make Payment' }));
    await user.click(within(dialog()).getByRole('radio', { name: /^Pickup Station/ }));
    const requests = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Make Payment' }));
    expect(within(dialog()).getByRole('radio', { name: /^Delivered/ })).toBeChecked();
    expect(requests).toHaveLength(0);
  });

  test('without a delivery location the page blocks the payment with the info toast', async () => {
    mockDb.delivery = null;
    const { user } = renderCartPage();
    await screen.findByRole('button', { name: 'Add Delivery Location' });
    const requests = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Make Payment' }));
    await user.click(screen.getByRole('button', { name: 'Continue with Delivery' }));
    expect(await screen.findAllByText('Add your delivery location')).toHaveLength(2);
    expect(requests).toHaveLength(0);
  });
});
