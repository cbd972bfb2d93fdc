import { screen, waitFor, within } from '@testing-library/react';
import type { Delivery } from 'contract';
import { env } from '../../../config/env';
import { fixtureDelivery, signedInSession } from '../../../testing/fixtures';
import { mockDb } from '../../../testing/handlers';
import { mockShop } from '../../../testing/orderHandlers';
import { recordRequests } from '../../../testing/server';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import DeliveryModeModal from './DeliveryModeModal';
import { chooseArea, findMakePayment, getMakePayment, renderCartPage } from '../testing';

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
const locationForm = () => screen.getByRole('dialog', { name: 'Delivery Information' });

/** Types each value at once (as a paste does): MUI fields are slow to type into key by key. */
async function fillLocation(user: ReturnType<typeof renderModal>['user']) {
  await user.click(within(locationForm()).getByLabelText(/Full Address/));
  await user.paste('7 Queen Elizabeth Road, Mokola');
  await chooseArea(user, locationForm(), 'Moko', 'Mokola');
  const mobile = within(locationForm()).getByLabelText(/^Mobile Number/);
  await user.clear(mobile);
  await user.paste('08051112222');
}

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
      'We will deliver to12 Awolowo Avenue, Old Bodija, Bodija, Oyo State',
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
    // The form to add it opens on top; cancelling it leaves the shopper where they were.
    await user.click(within(locationForm()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Delivery Information' }),
      ).not.toBeInTheDocument(),
    );
    expect(within(dialog()).getByRole('alert')).toHaveTextContent('Add your delivery location');
    expect(onContinue).not.toHaveBeenCalled();
  });

  test('without a delivery location, Continue opens the form, and saving it carries on to payment', async () => {
    mockDb.delivery = null;
    const { user, onContinue } = renderModal({ delivery: null });
    await user.click(screen.getByRole('button', { name: 'Continue with Delivery' }));
    expect(onContinue).not.toHaveBeenCalled();
    await fillLocation(user);
    await user.click(within(locationForm()).getByRole('button', { name: 'Enter' }));

    expect(await screen.findByText('Delivery details created!')).toBeInTheDocument();
    await waitFor(() => expect(onContinue).toHaveBeenCalledWith('delivery'));
    expect(onContinue).toHaveBeenCalledTimes(1);
    expect(mockDb.delivery).toMatchObject({ city: 'Ibadan-Mokola' });
  });

  test('a location added with the dialog’s own button waits for Continue', async () => {
    mockDb.delivery = null;
    const { user, onContinue } = renderModal({ delivery: null });
    await user.click(
      within(selectedMethod()).getByRole('button', { name: 'Add Delivery Location' }),
    );
    await fillLocation(user);
    await user.click(within(locationForm()).getByRole('button', { name: 'Enter' }));
    expect(await screen.findByText('Delivery details created!')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Delivery Information' }),
      ).not.toBeInTheDocument(),
    );
    expect(onContinue).not.toHaveBeenCalled();
  });

  test('Change opens the saved location to edit, without leaving the dialog', async () => {
    const { user } = renderModal();
    await user.click(
      within(selectedMethod()).getByRole('button', { name: 'Change delivery location' }),
    );
    expect(within(locationForm()).getByLabelText(/Full Address/)).toHaveValue(
      fixtureDelivery.address,
    );
    await user.click(within(locationForm()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Delivery Information' }),
      ).not.toBeInTheDocument(),
    );
    expect(dialog()).toBeInTheDocument();
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

describe('pickup asks only for a name and phone number', () => {
  const contactField = (label: RegExp) => within(selectedMethod()).getByLabelText(label);

  test('with no delivery location: no address, the account’s name and number, and Continue goes on', async () => {
    mockDb.delivery = null;
    const requests = recordRequests();
    const { user, onContinue } = renderModal({ delivery: null });
    await user.click(screen.getByRole('radio', { name: /^Pickup Station/ }));

    await waitFor(() => expect(contactField(/^Full name/)).toHaveValue('Adebayo Ogunleye'));
    expect(contactField(/^Mobile Number/)).toHaveValue('08031234567');
    expect(screen.queryByLabelText(/Full Address/)).not.toBeInTheDocument();
    expect(within(selectedMethod()).queryByRole('button', { name: 'Add Delivery Location' })).toBe(
      null,
    );
    expect(within(dialog()).getByText('Pickup: free')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue with Pickup' }));
    await waitFor(() => expect(onContinue).toHaveBeenCalledWith('pickup'));
    expect(screen.queryByRole('dialog', { name: 'Delivery Information' })).not.toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.url.pathname).toBe('/api/pickup-contact');
    expect(JSON.parse((await put?.body) ?? '')).toEqual({
      name: 'Adebayo Ogunleye',
      mobile_number: '08031234567',
    });
    expect(mockDb.pickupContact).toEqual({
      name: 'Adebayo Ogunleye',
      mobile_number: '08031234567',
    });
  });

  test('the contact given last time comes before the account’s', async () => {
    mockDb.pickupContact = { name: 'Bisi Adeyemi', mobile_number: '08059998888' };
    const { user } = renderModal();
    await user.click(screen.getByRole('radio', { name: /^Pickup Station/ }));
    await waitFor(() => expect(contactField(/^Full name/)).toHaveValue('Bisi Adeyemi'));
    expect(contactField(/^Mobile Number/)).toHaveValue('08059998888');
  });

  test('a missing name and a wrong number are named before anything is sent', async () => {
    const requests = recordRequests();
    const { user, onContinue } = renderModal();
    await user.click(screen.getByRole('radio', { name: /^Pickup Station/ }));
    await waitFor(() => expect(contactField(/^Full name/)).toHaveValue('Adebayo Ogunleye'));
    await user.clear(contactField(/^Full name/));
    await user.clear(contactField(/^Mobile Number/));
    await user.paste('0601234567');
    await user.click(screen.getByRole('button', { name: 'Continue with Pickup' }));

    expect(
      await screen.findByText('Enter the name of whoever will collect the order'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Enter a valid Nigerian mobile number, e.g. 08031234567'),
    ).toBeInTheDocument();
    expect(contactField(/^Full name/)).toHaveFocus();
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
    expect(onContinue).not.toHaveBeenCalled();
  });

  test('the line under the method says which charge applies: the station’s fee or the area’s', async () => {
    mockShop.pickup.fee = 300;
    const { user } = renderModal();
    expect(await within(dialog()).findByText('Delivery + packaging: ₦ 1,150')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^Pickup Station/ }));
    expect(await within(dialog()).findByText('Pickup fee: ₦ 300')).toBeInTheDocument();
  });
});

describe('from the cart page', () => {
  test('pickup with no delivery location saves the contact and starts a pickup payment', async () => {
    mockDb.delivery = null;
    const { user } = renderCartPage();
    await screen.findByRole('button', { name: 'Add Delivery Location' });
    const requests = recordRequests();
    await user.click(getMakePayment());
    await user.click(await screen.findByRole('radio', { name: /^Pickup Station/ }));
    await waitFor(() =>
      expect(within(selectedMethod()).getByLabelText(/^Full name/)).toHaveValue('Adebayo Ogunleye'),
    );
    await user.click(screen.getByRole('button', { name: 'Continue with Pickup' }));

    await waitFor(() =>
      expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toContain(
        'POST /api/initialize-transaction',
      ),
    );
    const paths = requests.map((r) => `${r.method} ${r.url.pathname}`);
    expect(paths).not.toContain('POST /api/delivery');
    expect(paths.indexOf('PUT /api/pickup-contact')).toBeLessThan(
      paths.indexOf('POST /api/initialize-transaction'),
    );
    const start = requests.find((r) => r.url.pathname === '/api/initialize-transaction');
    expect(JSON.parse((await start?.body) ?? '')).toMatchObject({ delivery_method: 'pickup' });
  });

  test('Make Payment opens the modal at Delivered every time, and Close sends nothing', async () => {
    const { user } = renderCartPage();
    await user.click(await findMakePayment());
    // The dialog's code loads on first use.
    await screen.findByRole('dialog', { name: 'Select mode of delivery' });
    await user.click(within(dialog()).getByRole('radio', { name: /^Pickup Station/ }));
    const requests = recordRequests();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(getMakePayment());
    expect(within(dialog()).getByRole('radio', { name: /^Delivered/ })).toBeChecked();
    expect(requests).toHaveLength(0);
  });

  test('without a delivery location the page blocks the payment with the info toast', async () => {
    mockDb.delivery = null;
    const { user } = renderCartPage();
    await screen.findByRole('button', { name: 'Add Delivery Location' });
    const requests = recordRequests();
    await user.click(getMakePayment());
    await user.click(await screen.findByRole('button', { name: 'Continue with Delivery' }));
    expect(await screen.findAllByText('Add your delivery location')).toHaveLength(2);
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  test('the location added from the dialog is saved and the payment starts', async () => {
    mockDb.delivery = null;
    const { user } = renderCartPage();
    await screen.findByRole('button', { name: 'Add Delivery Location' });
    const requests = recordRequests();
    await user.click(getMakePayment());
    await user.click(await screen.findByRole('button', { name: 'Continue with Delivery' }));
    await fillLocation(user);
    await user.click(within(locationForm()).getByRole('button', { name: 'Enter' }));

    await waitFor(() =>
      expect(requests.map((r) => `${r.method} ${r.url.pathname}`)).toContain(
        'POST /api/initialize-transaction',
      ),
    );
    const paths = requests.map((r) => `${r.method} ${r.url.pathname}`);
    expect(paths.indexOf('POST /api/delivery')).toBeLessThan(
      paths.indexOf('POST /api/initialize-transaction'),
    );
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Select mode of delivery' }),
      ).not.toBeInTheDocument(),
    );
  });
});
