/**
 * A guest's taps, every one kept, on a 390 px phone in a real browser: Add to cart, the heart
 * and Buy while signed out, then sign-up with the emailed code and log in: all three are in
 * the new account. And a log in with a proven phone number instead of the email.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Product, WishlistEntry } from 'contract';
import { productDetailsPath } from '../contract/links';
import { auth, catalogue, codeSentTo, getCart, uniqueSuffix } from './fixtures/shopper';
import { liveToasts } from './fixtures/toasts';

interface NewShopper {
  email: string;
  mobile: string;
  password: string;
}

function newShopper(): NewShopper {
  const unique = uniqueSuffix();
  return {
    email: `guest.${unique}@example.ng`,
    // A Nigerian mobile number: 0 8 1 and eight more digits.
    mobile: `081${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    password: `Ofada-stew-${unique}`,
  };
}

/** Three products in stock, each with a distinctive name (the shop search finds few others). */
async function threeProducts(request: APIRequestContext): Promise<Product[]> {
  const inStock = (await catalogue(request)).filter((p) => p.inventory_stock > 10);
  if (inStock.length < 3) throw new Error('The demo catalogue has fewer than 3 products in stock.');
  return inStock.slice(-3);
}

async function logInWith(page: Page, username: string, password: string) {
  await page.getByLabel('Email or phone number').fill(username);
  await page.getByLabel(/^Password\b/).fill(password);
  await page.getByRole('form', { name: 'Log in' }).getByRole('button', { name: 'Log in' }).click();
}

async function tokenOf(request: APIRequestContext, username: string, password: string) {
  const answer = await request.post('/api/login', { form: { username, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  const body = (await answer.json()) as { access_token: string; user_details: { id: number } };
  return { token: body.access_token, userId: body.user_details.id, firstName: '' };
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('add, heart and buy as a guest, then sign up with the code and log in: all three are in the account', async ({
    page,
    request,
  }) => {
    const [added, hearted, bought] = await threeProducts(request);
    if (!added || !hearted || !bought) throw new Error('three products');
    const shopper = newShopper();

    // Add to cart, on the product's page by way of the shop's card.
    await page.goto(`/shop?q=${encodeURIComponent(added.name)}`);
    await page
      .getByRole('button', { name: `Add to cart: ${added.name}` })
      .first()
      .click();
    await expect(liveToasts(page, 'Kept in your cart: log in to pay.')).toBeVisible();

    // The heart, on another product's page.
    await page.goto(productDetailsPath(hearted.slug));
    await page.getByRole('button', { name: 'Save to wishlist' }).click();
    await expect(liveToasts(page, 'Kept in your saved items until you log in.')).toBeVisible();

    // Buy, on a third.
    await page.goto(productDetailsPath(bought.slug));
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await expect(liveToasts(page, 'Kept in your cart: log in to pay.')).toBeVisible();

    // The guest's cart and Saved Items show what is kept.
    await page.goto('/cart');
    const cart = page.getByRole('list', { name: 'Your cart' });
    await expect(cart.getByRole('listitem')).toHaveCount(2);
    await expect(cart.getByRole('listitem', { name: added.name })).toBeVisible();
    await expect(cart.getByRole('listitem', { name: bought.name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in to pay' })).toBeVisible();
    await page.goto('/profile/wishlist');
    await expect(
      page.getByRole('list', { name: 'Saved Items' }).getByRole('listitem', { name: hearted.name }),
    ).toBeVisible();

    // Sign up, activate with the emailed code.
    await page.goto('/auth/register');
    await page.getByLabel('First name').fill('Bisola');
    await page.getByLabel('Surname').fill('Akande');
    await page.getByLabel('Email address').fill(shopper.email);
    await page.getByLabel('Mobile number').fill(shopper.mobile);
    await page.getByLabel(/^Password\b/).fill(shopper.password);
    await page.getByLabel('Confirm password').fill(shopper.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email verification' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Confirm OTP').fill(await codeSentTo(request, shopper.email));
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(dialog).toBeHidden();

    // The login page says what will happen, then the log in does it.
    await expect(
      page.getByText(
        `Log in to add ${bought.name} and ${added.name} to your cart and save ${hearted.name}.`,
      ),
    ).toBeVisible();
    await logInWith(page, shopper.email, shopper.password);
    await expect(liveToasts(page, 'Added to your cart:')).toBeVisible();
    await expect(liveToasts(page, `Saved to your wishlist: ${hearted.name}`)).toBeVisible();

    const account = await tokenOf(request, shopper.email, shopper.password);
    const lines = (await getCart(request, account)).all_cart_data;
    expect(lines.map((l) => [l.product.id, l.quantity]).sort()).toEqual(
      [
        [added.id, 1],
        [bought.id, 1],
      ].sort(),
    );
    const wishlist = (await (
      await request.get('/api/get-wishlists', { headers: auth(account) })
    ).json()) as WishlistEntry[];
    expect(wishlist.map((e) => e.product.id)).toEqual([hearted.id]);

    // Merged once: the guest's cart is gone, and a second log in adds nothing.
    await page.goto('/cart');
    await expect(page.getByRole('list', { name: 'Cart items' })).toBeVisible();
    await tokenOf(request, shopper.email, shopper.password);
    expect((await getCart(request, account)).all_cart_data).toHaveLength(2);
  });

  test('logs in with a proven phone number in its +234 form', async ({ page, request }) => {
    const shopper = newShopper();
    const now = new Date().toISOString();
    const registered = await request.post('/api/register', {
      data: {
        email: shopper.email,
        first_name: 'Chidi',
        last_name: 'Okafor',
        affiliate_code: '',
        mobile_number: shopper.mobile,
        gender: 'male',
        age: 31,
        role: 'customer',
        emailverified: false,
        verificationtoken: '',
        created_at: now,
        updated_at: now,
        last_logged_in: now,
        password: shopper.password,
        cpassword: shopper.password,
      },
    });
    expect(registered.status(), await registered.text()).toBe(200);
    // Activated with a code sent by SMS: that proves the number.
    const sent = await request.post('/api/send-otp', {
      data: { user_email: shopper.email, email_channel: 'sms' },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const activated = await request.post('/api/email-verification', {
      data: { user_email: shopper.email, user_otp: await codeSentTo(request, shopper.mobile) },
    });
    expect(activated.status(), await activated.text()).toBe(200);

    await page.goto('/auth/login');
    await logInWith(page, `+234${shopper.mobile.slice(1)}`, shopper.password);
    await expect(liveToasts(page, 'Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
