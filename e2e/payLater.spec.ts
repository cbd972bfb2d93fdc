/**
 * Paying on delivery, in a real browser on a 390 px phone, against the production build and
 * the reference server: the demo shopper orders from the Select mode of delivery dialog, lands
 * on the confirmation page (number, amounts, WhatsApp), and the order's email is in the outbox.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { OrderDetail, Product } from 'contract';
import type { OutboxMessage } from 'contract/dev';
import { formatNaira } from '../src/lib/format';
import {
  addToCart,
  auth,
  catalogue,
  DEMO,
  emptyCart,
  ensureDelivery,
  getCart,
  logIn,
  ordersOf,
  signInPage,
  type Shopper,
} from './fixtures/shopper';

/** An empty cart, then one cheap item: under the pay-later cap, a first order's included. */
async function cartOfOne(request: APIRequestContext, shopper: Shopper): Promise<Product> {
  await emptyCart(request, shopper);
  const product = (await catalogue(request))
    .filter((p) => p.inventory_stock >= 5)
    .sort((a, b) => a.amount - b.amount)[0];
  if (!product) throw new Error('no product in stock');
  await addToCart(request, shopper, product);
  return product;
}

test('pay on delivery: the confirmation page, and the email in the outbox', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const shopper = await logIn(request);
  await ensureDelivery(request, shopper);
  const product = await cartOfOne(request, shopper);
  const ordersBefore = await ordersOf(request, shopper);

  await signInPage(page, shopper);
  await page.goto('/cart');
  await expect(page.getByText(product.name).first()).toBeVisible();
  await page.getByRole('button', { name: 'Make Payment' }).first().click();

  const modal = page.getByRole('dialog', { name: 'Select mode of delivery' });
  const pay = modal.getByRole('radiogroup', { name: 'How would you like to pay?' });
  await expect(pay.getByRole('radio', { name: /^Pay now/ })).toBeChecked();
  await expect(modal.getByText(/Pay on delivery is available for orders up to/)).toBeVisible();
  await pay.getByRole('radio', { name: /^Pay on delivery/ }).check();
  await modal.getByRole('button', { name: 'Place order' }).click();

  await expect(page).toHaveURL(/\/order-confirmation\/\d+$/);
  const orderId = Number(/(\d+)$/.exec(page.url())?.[1]);
  const detail = (await (
    await request.get(`/api/orders/${orderId}`, { headers: auth(shopper) })
  ).json()) as OrderDetail;
  expect(ordersBefore.some((o) => o.id === orderId)).toBe(false);
  expect(detail).toMatchObject({
    state: 'placed',
    payment_method: 'on_delivery',
    payment_status: 'awaiting',
  });

  await expect(
    page.getByRole('heading', { level: 1, name: 'Thank you for your order' }),
  ).toBeVisible();
  await expect(page.getByText(`Your order ${detail.number} is placed.`)).toBeVisible();
  await expect(page.getByLabel('Amounts')).toContainText(
    `Items${formatNaira(detail.amounts.items)}VAT (7.5%)${formatNaira(detail.amounts.vat)}` +
      `Delivery and packaging${formatNaira(detail.amounts.delivery_and_packaging)}` +
      `Total to pay${formatNaira(detail.amounts.total)}`,
  );
  await expect(page.getByText('Pay on delivery (cash or transfer)')).toBeVisible();
  const whatsapp = page.getByRole('link', { name: 'Ask about this order on WhatsApp' });
  await expect(whatsapp).toHaveAttribute('href', detail.whatsapp.url);
  expect(decodeURIComponent(detail.whatsapp.url)).toContain(detail.number);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The cart is empty, and the confirmation went out by email.
  expect((await getCart(request, shopper)).all_cart_data).toHaveLength(0);
  await expect
    .poll(async () => {
      const outbox = (await (
        await request.get(`/api/dev/outbox?to=${encodeURIComponent(DEMO.email)}`)
      ).json()) as OutboxMessage[];
      return outbox.some((m) => m.channel === 'email' && m.text.includes(detail.number));
    })
    .toBe(true);

  // The order page follows it: Placed, with its time.
  await page.getByRole('link', { name: 'Follow this order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Order timeline' })).toContainText('Placed');
});
