/**
 * Paying later from the Select mode of delivery dialog: the order is placed at once and the
 * shopper lands on its confirmation; a refusal stays in the dialog in the server's words; the
 * cap is said before the tap.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { mockDb } from '../../../testing/handlers';
import { mockShop } from '../../../testing/orderHandlers';
import { recordRequests } from '../../../testing/server';
import { findMakePayment, renderCartPage } from '../testing';

type User = ReturnType<typeof renderCartPage>['user'];

const modeDialog = () => screen.getByRole('dialog', { name: 'Select mode of delivery' });
/** The dialog once it is there: its code loads on the first Make Payment. */
const openedModeDialog = () => screen.findByRole('dialog', { name: 'Select mode of delivery' });
const payGroup = () =>
  within(modeDialog()).getByRole('radiogroup', { name: 'How would you like to pay?' });

async function openDialog(user: User) {
  await screen.findByText('12 Awolowo Avenue, Old Bodija, Bodija, Oyo State');
  await user.click(await findMakePayment());
  // The caps are said once the shop's facts and the shopper's orders are in.
  await within(await openedModeDialog()).findByText(/is available for orders up to/);
}

describe('paying later from the mode dialog', () => {
  test('Pay on delivery places the order at once and lands on its confirmation', async () => {
    const { user } = renderCartPage();
    await openDialog(user);
    const requests = recordRequests();
    const cartLines = mockDb.cartLines.map((l) => ({ id: l.product.id, quantity: l.quantity }));
    const stockBefore = cartLines.map(
      (l) => mockDb.products.find((p) => p.id === l.id)?.inventory_stock ?? 0,
    );

    expect(within(payGroup()).getByRole('radio', { name: /^Pay now/ })).toBeChecked();
    await user.click(within(payGroup()).getByRole('radio', { name: /^Pay on delivery/ }));
    await user.click(within(modeDialog()).getByRole('button', { name: 'Place order' }));

    const heading = await screen.findByRole('heading', {
      level: 1,
      name: /^Order confirmation \d+$/,
    });
    expect(await screen.findByText('Congratulations!')).toBeInTheDocument();
    const placed = requests.find((r) => r.url.pathname === '/api/place-order');
    expect(JSON.parse((await placed?.body) ?? '')).toEqual({
      userid: 7,
      delivery_method: 'delivery',
      payment_method: 'on_delivery',
    });
    const order = mockDb.orders[0];
    expect(heading).toHaveTextContent(`Order confirmation ${order?.id}`);
    expect(order).toMatchObject({
      state: 'placed',
      payment_method: 'on_delivery',
      total_amount: 17275,
    });
    expect(mockDb.cartLines).toEqual([]);
    expect(
      cartLines.map((l) => mockDb.products.find((p) => p.id === l.id)?.inventory_stock),
    ).toEqual(stockBefore.map((s, i) => s - (cartLines[i]?.quantity ?? 0)));
    expect(requests.some((r) => r.url.pathname === '/api/initialize-transaction')).toBe(false);
  });

  test('Pickup Station offers Pay at pickup instead, and places a pickup order', async () => {
    const { user } = renderCartPage();
    await openDialog(user);
    expect(within(payGroup()).getByRole('radio', { name: /^Pay on delivery/ })).toBeInTheDocument();
    await user.click(within(modeDialog()).getByRole('radio', { name: /^Pickup Station/ }));
    expect(within(payGroup()).queryByRole('radio', { name: /^Pay on delivery/ })).toBeNull();
    await user.click(within(payGroup()).getByRole('radio', { name: /^Pay at pickup/ }));
    expect(within(modeDialog()).getByText(/Opening hours: Monday to Saturday/)).toBeVisible();
    await user.click(within(modeDialog()).getByRole('button', { name: 'Place order' }));
    await screen.findByRole('heading', { level: 1, name: /^Order confirmation \d+$/ });
    expect(mockDb.orders[0]).toMatchObject({
      delivery_model: 'pickup',
      payment_method: 'at_pickup',
    });
  });

  test("the server's refusal stays in the dialog, in its words, and nothing is lost", async () => {
    const { user } = renderCartPage();
    await openDialog(user);
    const line = mockDb.cartLines[0];
    const product = mockDb.products.find((p) => p.id === line?.product.id);
    if (!product || !line) throw new Error('the fixture cart is empty');
    product.inventory_stock = 0;
    const ordersBefore = mockDb.orders.length;

    await user.click(within(payGroup()).getByRole('radio', { name: /^Pay on delivery/ }));
    await user.click(within(modeDialog()).getByRole('button', { name: 'Place order' }));

    const alert = await within(modeDialog()).findByRole('alert');
    expect(alert).toHaveTextContent('Unable to place order');
    expect(alert).toHaveTextContent(`${line.product.name} is out of stock`);
    expect(within(payGroup()).getByRole('radio', { name: /^Pay on delivery/ })).toBeChecked();
    expect(mockDb.orders).toHaveLength(ordersBefore);
    expect(mockDb.cartLines).toHaveLength(2);
  });

  test('over the cap, pay later is offered no more and the dialog says why before any tap', async () => {
    mockShop.pay_later.max_total = 15_000;
    const { user } = renderCartPage();
    await screen.findByText('12 Awolowo Avenue, Old Bodija, Bodija, Oyo State');
    await user.click(await findMakePayment());
    expect(
      await within(await openedModeDialog()).findByText(
        'Pay on delivery is available for orders up to ₦ 15,000; this order comes to ₦ 17,275. Please pay now with card, bank transfer or USSD.',
      ),
    ).toBeVisible();
    expect(within(payGroup()).getByRole('radio', { name: /^Pay on delivery/ })).toBeDisabled();
    expect(within(payGroup()).getByRole('radio', { name: /^Pay now/ })).toBeChecked();
    expect(
      within(modeDialog()).getByRole('button', { name: 'Continue with Delivery' }),
    ).toBeEnabled();
  });

  test("a shopper's first order has the lower cap", async () => {
    mockDb.orders = [];
    mockShop.pay_later.first_order_max_total = 17_000;
    const { user } = renderCartPage();
    await screen.findByText('12 Awolowo Avenue, Old Bodija, Bodija, Oyo State');
    await user.click(await findMakePayment());
    expect(
      await within(await openedModeDialog()).findByText(
        /up to ₦ 17,000 on a first order; this order comes/,
      ),
    ).toBeVisible();
    await waitFor(() =>
      expect(within(payGroup()).getByRole('radio', { name: /^Pay on delivery/ })).toBeDisabled(),
    );
  });
});
