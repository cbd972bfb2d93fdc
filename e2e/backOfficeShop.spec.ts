/**
 * The shop part of the back office on a 390 px phone, against the production build and the
 * reference server: the demo owner changes Bodija's delivery fee and the shop's phone number
 * from the back office; a shopper who delivers to Bodija then sees the new fee in the cart's
 * summary, and the footer shows the new number. The shop's data is put back afterwards, so
 * the other specs see the default fee and number.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { DeliveryArea, ShopSettings } from 'contract';
import {
  addToCart,
  auth,
  catalogue,
  logIn,
  signInPage,
  signUp,
  type Account,
  type Shopper,
} from './fixtures/shopper';

const PHONE = { width: 390, height: 844 };
const OWNER: Account = { email: 'owner@ibadanmarket.ng', password: 'OwnerPass123!' };
const BODIJA = 'Ibadan-Bodija';
const NEW_FEE = '1,750';
const NEW_PHONE = '08091112222';
const NEW_PHONE_SHOWN = '+234 809 111 2222';

async function areas(request: APIRequestContext, owner: Shopper): Promise<DeliveryArea[]> {
  const answer = await request.get('/api/staff/delivery-areas', { headers: auth(owner) });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as DeliveryArea[];
}

async function settings(request: APIRequestContext, owner: Shopper): Promise<ShopSettings> {
  const answer = await request.get('/api/staff/shop-settings', { headers: auth(owner) });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as ShopSettings;
}

test.use({ viewport: PHONE });

test('the owner changes Bodija’s fee and the shop’s phone; the shopper’s cart and the footer show them', async ({
  browser,
  request,
}) => {
  const owner = await logIn(request, OWNER);
  const areasBefore = await areas(request, owner);
  const settingsBefore = await settings(request, owner);
  try {
    // The owner, in the back office.
    const ownerContext = await browser.newContext({ viewport: PHONE });
    const ownerPage = await ownerContext.newPage();
    await signInPage(ownerPage, owner);
    await ownerPage.goto('/staff/delivery');
    const bodijaName = areasBefore.find((a) => a.city === BODIJA)?.name ?? BODIJA;
    await ownerPage.getByRole('button', { name: `Edit ${bodijaName}` }).click();
    const areaDialog = ownerPage.getByRole('dialog', { name: `Delivery to ${bodijaName}` });
    const fee = areaDialog.getByRole('textbox', { name: /Delivery fee/ });
    await fee.fill(NEW_FEE);
    await areaDialog.getByRole('button', { name: 'Save area' }).click();
    await expect(areaDialog).toBeHidden();
    await expect(ownerPage.getByRole('button', { name: `Edit ${bodijaName}` })).toContainText(
      `₦ ${NEW_FEE}`,
    );

    await ownerPage.goto('/staff/settings');
    const form = ownerPage.getByRole('form', { name: 'Shop details' });
    await form.getByRole('textbox', { name: /^Phone/ }).fill(NEW_PHONE);
    await form.getByRole('button', { name: 'Save shop details' }).click();
    await expect(ownerPage.getByText('Shop details saved')).toBeVisible();
    await ownerContext.close();

    // A shopper delivering to Bodija, with one item in the cart.
    const shopper = await logIn(request, await signUp(request, 'Bisi'));
    const located = await request.post('/api/delivery', {
      headers: auth(shopper),
      data: {
        address: '4 Awolowo Avenue, Old Bodija',
        mobile_number: '08031234567',
        alt_mobile_number: '',
        city: BODIJA,
        state: 'Oyo State',
      },
    });
    expect(located.status(), await located.text()).toBe(200);
    const product = (await catalogue(request)).find((p) => p.inventory_stock >= 1);
    if (!product) throw new Error('No product in stock in the demo catalogue');
    await addToCart(request, shopper, product);

    const page = await browser.newPage({ viewport: PHONE });
    await signInPage(page, shopper);
    await page.goto('/cart');
    const deliveryFigure = page
      .getByRole('region', { name: 'Order summary' })
      .locator('dt', { hasText: 'Delivery + packaging' })
      .locator('xpath=following-sibling::dd[1]');
    await expect(deliveryFigure).toHaveText(`₦ ${NEW_FEE}`);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: NEW_PHONE_SHOWN }).first()).toBeVisible();
    await page.close();
  } finally {
    await request.put('/api/staff/delivery-areas', { headers: auth(owner), data: areasBefore });
    await request.put('/api/staff/shop-settings', {
      headers: auth(owner),
      data: settingsBefore,
    });
  }
});
