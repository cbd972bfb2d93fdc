import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/renderWithProviders';
import { mockShop } from '../../../testing/orderHandlers';
import { shopMockDb } from '../../../testing/backOffice/shopSettingsHandlers';
import { staffSession } from '../../../testing/staffHandlers';
import DeliveryPage from './DeliveryPage';

function renderPage() {
  return renderWithProviders(<DeliveryPage />, {
    preloadedState: { session: staffSession },
    route: '/staff/delivery',
  });
}

describe('the owner’s delivery areas and pickup stations', () => {
  test('every area shows its name, fee and time; a new fee reaches the shop’s own answer', async () => {
    const { user } = renderPage();
    const bodija = await screen.findByRole('button', { name: 'Edit Bodija' });
    expect(bodija).toHaveTextContent('₦ 1,150');
    expect(bodija).toHaveTextContent('1-3 business days');
    expect(screen.getAllByRole('button', { name: /^Edit (?!.*station)/i })).toHaveLength(12);

    await user.click(bodija);
    const dialog = await screen.findByRole('dialog', { name: 'Delivery to Bodija' });
    const fee = within(dialog).getByRole('textbox', { name: /Delivery fee/ });
    await user.clear(fee);
    await user.type(fee, '₦2,000');
    await user.click(within(dialog).getByRole('button', { name: 'Save area' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Edit Bodija' })).toHaveTextContent('₦ 2,000');
    expect(mockShop.areas.find((a) => a.city === 'Ibadan-Bodija')?.fee).toBe(2000);
  });

  test('a switched-off area says so in the list', async () => {
    shopMockDb.areas = shopMockDb.areas.map((a) =>
      a.city === 'Ibadan-Ojo' ? { ...a, enabled: false } : a,
    );
    renderPage();
    expect(await screen.findByRole('button', { name: 'Edit Ojoo' })).toHaveTextContent(
      'Switched off',
    );
  });

  test('a station’s pickup fee is free until the owner sets one, and reaches the shop’s answer', async () => {
    const { user } = renderPage();
    const name = shopMockDb.stations[0]!.name;
    expect(await screen.findByText(/Pickup fee: Free/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Edit ${name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Edit ${name}` });
    const fee = within(dialog).getByRole('textbox', { name: /Pickup fee/ });
    expect(fee).toHaveValue('0');
    await user.clear(fee);
    await user.type(fee, 'free');
    await user.click(within(dialog).getByRole('button', { name: 'Save station' }));
    expect(
      await within(dialog).findByText(
        'Enter the pickup fee in naira, e.g. 300 (0 for free pickup)',
      ),
    ).toBeInTheDocument();
    await user.clear(fee);
    await user.type(fee, '₦300');
    await user.click(within(dialog).getByRole('button', { name: 'Save station' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(/Pickup fee: ₦ 300/)).toBeInTheDocument();
    expect(mockShop.pickup.fee).toBe(300);
  });

  test('removing a station asks first; the last one is kept, in the server’s words', async () => {
    const { user } = renderPage();
    const name = shopMockDb.stations[0]!.name;
    await user.click(await screen.findByRole('button', { name: `Remove ${name}` }));
    const confirm = await screen.findByRole('dialog', { name: `Remove ${name}?` });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText(
        'Pickup orders need a station: add another one before removing the last.',
      ),
    ).toBeInTheDocument();
    expect(shopMockDb.stations).toHaveLength(1);
  });
});
