/**
 * A guest's tap kept through log in, on a phone in a real browser: Add to cart while signed
 * out, 'Log in' from the toast, and back on the same page with the product merged into the
 * cart (e2e/guestCart.spec.ts has every tap kept through a sign-up).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Cart, Product } from 'contract';
import { catalogue, DEMO, emptyCart, getCart, logIn } from './fixtures/shopper';
import { liveToasts } from './fixtures/toasts';

/**
 * A product in stock, from the end of the catalogue (the other specs take the first ones),
 * with a word in its name that finds it among few others.
 */
async function productToFind(
  request: APIRequestContext,
): Promise<{ product: Product; word: string }> {
  for (const product of (await catalogue(request)).filter((p) => p.inventory_stock > 5).reverse()) {
    for (const word of product.name.toLowerCase().match(/[a-z]{4,}/g) ?? []) {
      const response = await request.get(`/api/get-all-products?q=${encodeURIComponent(word)}`);
      const found = (await response.json()) as Product[];
      if (found.some((p) => p.id === product.id) && found.length <= 6) return { product, word };
    }
  }
  throw new Error('The demo catalogue has no product with a distinctive word in its name.');
}

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart\b/ });
const itemCount = (cart: Cart) => cart.all_cart_data.reduce((sum, line) => sum + line.quantity, 0);

test.describe('on a 390 px phone, signed out', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("Add to cart, 'Log in' in the toast, log in: back on the shop with the item in the cart", async ({
    page,
    request,
  }) => {
    const { product, word } = await productToFind(request);
    const shopper = await logIn(request);
    await emptyCart(request, shopper, product.id);
    const before = itemCount(await getCart(request, shopper));

    try {
      const shopPath = `/shop?q=${encodeURIComponent(word)}`;
      await page.goto(shopPath);
      const card = page
        .getByRole('list', { name: /^Products/ })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 3, name: product.name, exact: true }) });
      await card.getByRole('button', { name: `Add to cart: ${product.name}` }).click();

      const pleaseLogIn = liveToasts(page, 'Please, log in');
      await expect(pleaseLogIn).toBeVisible();
      await pleaseLogIn.getByRole('button', { name: 'Log in' }).click();

      await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
      await page.getByLabel('Email or phone number').fill(DEMO.email);
      await page.getByLabel(/^Password\b/).fill(DEMO.password);
      await page
        .getByRole('form', { name: 'Log in' })
        .getByRole('button', { name: 'Log in' })
        .click();

      await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === shopPath);
      await expect(liveToasts(page, `Added to your cart: ${product.name}`)).toBeVisible();
      const count = before + 1;
      await expect(cartLink(page)).toHaveAccessibleName(
        `Cart, ${count} item${count === 1 ? '' : 's'}`,
      );
      await expect(card.getByRole('group', { name: `${product.name} in cart` })).toContainText(
        '1 in cart',
      );

      await page.goto('/cart');
      await expect(
        page.getByRole('list', { name: 'Cart items' }).getByRole('heading', { name: product.name }),
      ).toBeVisible();
      const cart = await getCart(request, shopper);
      expect(cart.all_cart_data.filter((l) => l.product.id === product.id)).toEqual([
        expect.objectContaining({ quantity: 1 }),
      ]);
      // Merged once: a reload of the page does not add it again.
      await page.reload();
      await expect(page.getByRole('list', { name: 'Cart items' })).toBeVisible();
      expect(itemCount(await getCart(request, shopper))).toBe(count);
    } finally {
      await emptyCart(request, shopper, product.id);
    }
  });
});
