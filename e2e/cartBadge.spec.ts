/**
 * A cart you can see, on a phone, in a real browser: the header's count, the stepper that
 * takes the place of Add to cart, the heart that toggles, and a header that fits at 320 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { emptyCart, emptyWishlist, logIn, signInPage } from './fixtures/shopper';

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart\b/ });

test.describe('on a 390 px phone, signed in', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the badge counts two adds, the stepper replaces Add to cart, the heart toggles', async ({
    page,
    request,
  }) => {
    const shopper = await logIn(request);
    // Other specs share the demo shopper: start from an empty cart and wishlist.
    await emptyCart(request, shopper);
    await emptyWishlist(request, shopper);
    await signInPage(page, shopper);

    await page.goto('/shop');
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
    const items = page.getByRole('list', { name: /^Products/ }).getByRole('listitem');
    const name =
      (await items
        .filter({ has: page.getByRole('button', { name: /^Add to cart/, disabled: false }) })
        .first()
        .getByRole('heading', { level: 3 })
        .textContent()) ?? '';
    expect(name).not.toBe('');
    const card = items.filter({
      has: page.getByRole('heading', { level: 3, name, exact: true }),
    });

    await card.getByRole('button', { name: `Add to cart: ${name}` }).click();
    const stepper = card.getByRole('group', { name: `${name} in cart` });
    await expect(stepper).toBeVisible();
    await expect(stepper).toContainText('1 in cart');
    await expect(card.getByRole('button', { name: `Add to cart: ${name}` })).toHaveCount(0);
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');

    await stepper.getByRole('button', { name: `One more ${name}` }).click();
    await expect(stepper).toContainText('2 in cart');
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
    await expect(cartLink(page)).toContainText('2');

    // Every button on the card is a 44 px target.
    for (const button of await card.getByRole('button').all()) {
      const box = await button.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect(box?.width).toBeGreaterThanOrEqual(44);
    }

    const heart = card.getByRole('button', { name: `Save ${name} to wishlist` });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await heart.click();
    await expect(page.getByText('Wishlisted item removed!')).toBeVisible();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByText(/already/i)).toHaveCount(0);

    // − down to nothing: the line leaves the cart and Add to cart comes back.
    await stepper.getByRole('button', { name: `One fewer ${name}` }).click();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
    await stepper.getByRole('button', { name: `Remove ${name} from cart` }).click();
    await expect(card.getByRole('button', { name: `Add to cart: ${name}` })).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
  });
});

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });

  test('the header fits: every icon on screen and 44 px square', async ({ page, request }) => {
    await signInPage(page, await logIn(request));
    await page.goto('/shop');
    const banner = page.getByRole('banner');
    // The signed-in header, once the app has replaced the server's page for a visitor.
    await expect(cartLink(page)).toHaveAccessibleName(/^Cart, \d+ items?$/);
    for (const target of [
      banner.getByRole('link', { name: 'Profile' }),
      banner.getByRole('link', { name: 'Wishlist' }),
      cartLink(page),
      banner.getByRole('button', { name: 'Menu' }),
    ]) {
      const box = await target.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.width).toBeGreaterThanOrEqual(44);
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    }
    // Nothing in the header wider than the screen.
    expect(await banner.evaluate((header) => header.scrollWidth)).toBeLessThanOrEqual(320);
    // The cards' buttons keep their size in a 320 px phone's two columns, inside the card.
    const card = page
      .getByRole('list', { name: /^Products/ })
      .getByRole('listitem')
      .first();
    const cardBox = (await card.boundingBox())!;
    for (const button of await card.getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x).toBeGreaterThanOrEqual(cardBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      expect(box.y + box.height).toBeLessThanOrEqual(cardBox.y + cardBox.height);
    }
  });

  test('the product page header fits too', async ({ page, request }) => {
    await signInPage(page, await logIn(request));
    await page.goto('/shop');
    const first = page
      .getByRole('list', { name: /^Products/ })
      .getByRole('listitem')
      .first();
    await first.getByRole('heading', { level: 3 }).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(cartLink(page)).toHaveAccessibleName(/^Cart, \d+ items?$/);
    const box = await cartLink(page).boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    expect(
      await page.getByRole('banner').evaluate((header) => header.scrollWidth),
    ).toBeLessThanOrEqual(320);
  });
});
