import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Delivery } from 'contract';
import { apiUrl, fixtureDelivery, signedInSession } from '../../../testing/fixtures';
import { mockDb } from '../../../testing/handlers';
import { recordRequests, server } from '../../../testing/server';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import DeliveryInfoModal from './DeliveryInfoModal';
import { chooseArea, renderCartPage } from '../testing';

function renderModal(delivery: Delivery | null = null) {
  const onClose = jest.fn();
  const view = renderWithProviders(
    <DeliveryInfoModal open delivery={delivery} onClose={onClose} />,
    { preloadedState: { session: signedInSession } },
  );
  return { ...view, onClose };
}

const dialog = () => screen.getByRole('dialog', { name: 'Delivery Information' });
const field = (label: string | RegExp) => within(dialog()).getByLabelText(label);

/** Types a whole value at once (as a paste does): MUI fields are slow to type into key by key. */
async function fill(user: ReturnType<typeof renderModal>['user'], label: RegExp, text: string) {
  await user.click(field(label));
  await user.clear(field(label));
  await user.paste(text);
}

describe('the Delivery Information modal', () => {
  test('has the spec fields: Full Address, State (Oyo State only), City (the twelve, by the names people use), the two mobile numbers, and a landmark', async () => {
    const { user } = renderModal();
    expect(field(/Full Address/)).toHaveValue('');
    const state = field(/State/);
    expect(
      within(state)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Oyo State']);
    expect(state).toHaveValue('Oyo State');
    await user.click(within(dialog()).getByRole('combobox', { name: /^City/ }));
    const areas = within(await screen.findByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(areas).toEqual([
      'Agodi',
      'Ajibode',
      'Apete',
      'Bodija',
      'Dugbe',
      'Idi-Ape / Ashi',
      'Mokola',
      'Ibadan North',
      'Ojoo',
      'Sango',
      'Sango (Poly Ibadan)',
      'UI (University of Ibadan)',
    ]);
    expect(field(/^Mobile Number/)).toHaveAttribute('inputmode', 'tel');
    expect(field(/Alt\. Mobile Number/)).toHaveAttribute('inputmode', 'tel');
    expect(field(/Landmark or nearest bus stop/)).toHaveValue('');
    expect(within(dialog()).getByRole('button', { name: 'Enter' })).toBeInTheDocument();
  });

  test('the area search finds an area by part of the name people use', async () => {
    const { user } = renderModal();
    const city = within(dialog()).getByRole('combobox', { name: /^City/ });
    await user.click(city);
    await user.paste('ashi');
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Idi-Ape / Ashi']);
    await user.clear(city);
    await user.paste('poly');
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sango (Poly Ibadan)']);
    await user.click(screen.getByRole('option', { name: 'Sango (Poly Ibadan)' }));
    expect(city).toHaveValue('Sango (Poly Ibadan)');
    await user.clear(city);
    await user.paste('Lagos');
    expect(
      await screen.findByText(
        /No area by that name: try another spelling, or choose Pickup Station/,
      ),
    ).toBeInTheDocument();
  });

  test('a first location starts with the account’s mobile number', async () => {
    renderModal(null);
    await waitFor(() => expect(field(/^Mobile Number/)).toHaveValue('08031234567'));
  });

  test('a missing address, city and mobile number are named before anything is sent', async () => {
    const requests = recordRequests();
    const { user } = renderModal();
    await waitFor(() => expect(field(/^Mobile Number/)).toHaveValue('08031234567'));
    await user.clear(field(/^Mobile Number/));
    await user.click(screen.getByRole('button', { name: 'Enter' }));

    expect(screen.getByText('Enter the address we should deliver to')).toBeInTheDocument();
    expect(screen.getByText('Choose the city to deliver to')).toBeInTheDocument();
    expect(screen.getByText('Enter a mobile number we can call on delivery')).toBeInTheDocument();
    expect(field(/Full Address/)).toHaveFocus();
    expect(field(/Full Address/)).toHaveAttribute('aria-invalid', 'true');
    // Only the account's number was asked for; nothing was sent.
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  test('a mobile number that is not Nigerian is refused, and so is a wrong alternative one', async () => {
    const requests = recordRequests();
    const { user } = renderModal();
    await fill(user, /Full Address/, '5 Ring Road');
    await chooseArea(user, dialog(), 'Dugbe');
    await fill(user, /^Mobile Number/, '0601234567');
    await fill(user, /Alt\. Mobile Number/, '12345');
    await user.click(screen.getByRole('button', { name: 'Enter' }));

    const problems = screen.getAllByText('Enter a valid Nigerian mobile number, e.g. 08031234567');
    expect(problems).toHaveLength(2);
    expect(field(/^Mobile Number/)).toHaveFocus();
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  test('only digits (and a leading +) stay in the mobile fields', async () => {
    const { user } = renderModal();
    await fill(user, /^Mobile Number/, '+234 803-123 4567');
    expect(field(/^Mobile Number/)).toHaveValue('+2348031234567');
  });

  test('creates the location with the spec payload and the create toasts', async () => {
    mockDb.delivery = null;
    const requests = recordRequests();
    const { user, onClose } = renderModal(null);
    await fill(user, /Full Address/, '  7 Queen Elizabeth Road, Mokola ');
    await chooseArea(user, dialog(), 'moko', 'Mokola');
    await fill(user, /^Mobile Number/, '08051112222');
    await fill(user, /Landmark or nearest bus stop/, ' Opposite the Mokola roundabout ');
    await user.click(screen.getByRole('button', { name: 'Enter' }));

    expect(await screen.findByText('Delivery details created!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.url.pathname).toBe('/api/delivery');
    expect(JSON.parse((await post?.body) ?? '')).toEqual({
      address: '7 Queen Elizabeth Road, Mokola',
      mobile_number: '08051112222',
      alt_mobile_number: '',
      city: 'Ibadan-Mokola',
      state: 'Oyo State',
      landmark: 'Opposite the Mokola roundabout',
    });
    expect(mockDb.delivery).toMatchObject({ city: 'Ibadan-Mokola' });
  });

  test('updates the saved location, starting from its values, with the update toasts', async () => {
    const requests = recordRequests();
    const { user, onClose } = renderModal(fixtureDelivery);
    expect(field(/Full Address/)).toHaveValue(fixtureDelivery.address);
    expect(within(dialog()).getByRole('combobox', { name: /^City/ })).toHaveValue('Bodija');
    await user.clear(field(/Alt\. Mobile Number/));
    await chooseArea(user, dialog(), 'UI', 'UI (University of Ibadan)');
    await user.click(screen.getByRole('button', { name: 'Enter' }));

    expect(await screen.findByText('Delivery details updated!')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    const patch = requests.find((r) => r.method === 'PATCH');
    expect(patch?.url.pathname).toBe(`/api/update-delivery/${fixtureDelivery.id}`);
    expect(JSON.parse((await patch?.body) ?? '')).toEqual({
      address: fixtureDelivery.address,
      mobile_number: fixtureDelivery.mobile_number,
      alt_mobile_number: '',
      city: 'Ibadan-UI (University of Ibadan)',
      state: 'Oyo State',
      landmark: '',
    });
  });

  test('a 422 from the server shows beside its field and the modal stays open', async () => {
    server.use(
      http.patch(apiUrl('/update-delivery/:id', 'delivery'), () =>
        HttpResponse.json(
          {
            detail: [
              { loc: ['body', 'mobile_number'], msg: 'This number is barred', type: 'value_error' },
            ],
          },
          { status: 422 },
        ),
      ),
    );
    const { user, onClose } = renderModal(fixtureDelivery);
    await user.click(screen.getByRole('button', { name: 'Enter' }));

    expect(await screen.findByText('Unable to update delivery details')).toBeInTheDocument();
    expect(within(dialog()).getByText('This number is barred')).toBeInTheDocument();
    expect(field(/^Mobile Number/)).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  test('another failure shows the detail under the failure toast, and in the form', async () => {
    mockDb.delivery = null;
    server.use(
      http.post(apiUrl('/delivery', 'delivery'), () =>
        HttpResponse.json(
          { detail: 'You already have a delivery location. Update it instead.' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderModal(null);
    await fill(user, /Full Address/, '5 Ring Road');
    await chooseArea(user, dialog(), 'Dugbe');
    await fill(user, /^Mobile Number/, '08031234567');
    await user.click(screen.getByRole('button', { name: 'Enter' }));

    expect(await screen.findByText('Unable to create delivery')).toBeInTheDocument();
    expect(
      screen.getAllByText('You already have a delivery location. Update it instead.').length,
    ).toBeGreaterThanOrEqual(2);
  });

  test('without an answer the toast says "An error occured"', async () => {
    server.use(http.patch(apiUrl('/update-delivery/:id', 'delivery'), () => HttpResponse.error()));
    const { user } = renderModal(fixtureDelivery);
    await user.click(screen.getByRole('button', { name: 'Enter' }));
    expect(await screen.findByText('Unable to update delivery details')).toBeInTheDocument();
    expect(await screen.findByText('An error occured')).toBeInTheDocument();
  });

  test('a refused token says "Please, log in"', async () => {
    mockDb.tokens.clear();
    const { user } = renderModal(fixtureDelivery);
    await user.click(screen.getByRole('button', { name: 'Enter' }));
    expect(await screen.findByText('Please, log in')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a 422 about a field the form does not show is said above the fields, in its own words', async () => {
    server.use(
      http.patch(apiUrl('/update-delivery/:id', 'delivery'), () =>
        HttpResponse.json(
          { detail: [{ loc: ['body', 'user_id'], msg: 'Too long', type: 'value_error' }] },
          { status: 422 },
        ),
      ),
    );
    const { user, onClose } = renderModal(fixtureDelivery);
    await user.click(screen.getByRole('button', { name: 'Enter' }));

    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(/^Too long$/);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('from the cart page', () => {
  test('Add Delivery Location opens the modal; after Enter the page shows the new location', async () => {
    mockDb.delivery = null;
    const { user } = renderCartPage();
    await user.click(await screen.findByRole('button', { name: 'Add Delivery Location' }));
    // The dialog's code loads on first use.
    await screen.findByRole('dialog', { name: 'Delivery Information' });
    await fill(user, /Full Address/, '3 Sango Road');
    await chooseArea(user, dialog(), 'Sango');
    await fill(user, /^Mobile Number/, '07061234567');
    await fill(user, /Landmark or nearest bus stop/, 'Sango bus stop');
    await user.click(screen.getByRole('button', { name: 'Enter' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const block = screen.getByRole('region', { name: 'Delivery location' });
    expect(
      await within(block).findByText('3 Sango Road, Sango, Oyo State (near Sango bus stop)'),
    ).toBeInTheDocument();
    expect(within(block).getByRole('button', { name: 'Change' })).toBeInTheDocument();
  });
});
