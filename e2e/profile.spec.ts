/**
 * The profile area in a real browser, against the production build and the reference server:
 * the demo shopper edits the profile, sees an order placed through checkout and opens its
 * items, and saves and removes a wishlist item; a new shopper joins the affiliate programme,
 * a second signs up through the share link and buys, and the affiliate requests the earnings.
 *
 * State is set up through the API where the screen under test is not the point (placing
 * orders). The demo shopper's profile is put back as it was, so the file can run again.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type {
  Affiliate,
  Delivery,
  InitializeTransactionResponse,
  LoginResponse,
  Order,
  Product,
  User,
} from 'contract';
import { codeSentTo, signUp, uniqueSuffix } from './fixtures/shopper';

const DEMO = { email: 'demo@ibadanmarket.ng', password: 'DemoPass123!' };

const PROFILE_PAGES = [
  { path: '/profile', heading: 'My Account' },
  { path: '/profile/orders', heading: 'My Orders' },
  { path: '/profile/notifications', heading: 'Notifications' },
  { path: '/profile/order-items', heading: 'Order Items' },
  { path: '/profile/wishlist', heading: 'Saved Items' },
  { path: '/profile/affiliate-market', heading: 'Affiliate Market' },
];

// ------------------------------------------------------------------ API helpers

interface Session {
  token: string;
  userId: number;
  firstName: string;
}

async function logIn(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<Session> {
  const response = await request.post('/api/login', { form: { username: email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const login = (await response.json()) as LoginResponse;
  return {
    token: login.access_token,
    userId: login.user_details.id,
    firstName: login.user_details.firstname,
  };
}

const bearer = (session: Session) => ({ authorization: `Bearer ${session.token}` });

async function apiGet<T>(request: APIRequestContext, session: Session, path: string): Promise<T> {
  const response = await request.get(`/api${path}`, { headers: bearer(session) });
  expect(response.status(), `GET ${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

async function apiSend<T>(
  request: APIRequestContext,
  session: Session,
  method: 'POST' | 'PATCH',
  path: string,
  data: unknown,
): Promise<T> {
  const response = await request.fetch(`/api${path}`, { method, headers: bearer(session), data });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** A product with plenty in stock, chosen from the end of the catalogue (the shop tests use the start). */
async function productInStock(request: APIRequestContext, skip = 0): Promise<Product> {
  const response = await request.get('/api/get-all-products');
  const products = ((await response.json()) as Product[]).filter((p) => p.inventory_stock > 20);
  const product = products.at(-1 - skip);
  if (!product) throw new Error('The demo catalogue has no product in stock.');
  return product;
}

/**
 * Buys one product the way checkout does: add to cart, (delivery location,) initialize the
 * transaction, pay in the sandbox, check out. Returns the order placed.
 */
async function buy(
  request: APIRequestContext,
  session: Session,
  product: Product,
  deliveryModel: 'pickup' | 'delivery',
): Promise<Order> {
  await apiSend<unknown>(request, session, 'POST', '/add-cart', {
    user_id: session.userId,
    product_id: product.id,
    quantity: 1,
    price_per_item: product.amount,
  });
  if (deliveryModel === 'delivery') {
    const location = {
      address: '12 Awolowo Avenue, Old Bodija',
      mobile_number: '08031234567',
      alt_mobile_number: '',
      city: 'Ibadan-Bodija',
      state: 'Oyo State',
    };
    const existing = await request.get('/api/get-delivery', { headers: bearer(session) });
    if (existing.status() === 200) {
      const delivery = (await existing.json()) as Delivery;
      await apiSend<Delivery>(
        request,
        session,
        'PATCH',
        `/update-delivery/${delivery.id}`,
        location,
      );
    } else {
      await apiSend<Delivery>(request, session, 'POST', '/delivery', location);
    }
  }
  const started = await apiSend<InitializeTransactionResponse>(
    request,
    session,
    'POST',
    '/initialize-transaction',
    { userid: session.userId, delivery_method: deliveryModel },
  );
  const reference = started.transaction_data.data.reference;
  await apiSend<unknown>(request, session, 'POST', `/sandbox/pay/${reference}`, {});
  return apiSend<Order>(request, session, 'POST', '/checkout', {
    reference_id: reference,
    delivery_model: deliveryModel,
  });
}

// ------------------------------------------------------------------ page helpers

/** Signs the page in the way the app keeps a session: its localStorage keys. */
async function signInPage(page: Page, session: Session): Promise<void> {
  await page.addInitScript((s) => {
    window.localStorage.setItem('authToken', s.token);
    window.localStorage.setItem('userID', String(s.userId));
    window.localStorage.setItem('userName', s.firstName);
  }, session);
}

/** The value of a read-only detail (a <dt> and its <dd>). */
const detailValue = (page: Page, label: string) =>
  page
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

/** The storefront's naira format: ₦ 1,150 or ₦ 1,150.50. */
function naira(amount: number): string {
  const whole = Number.isInteger(Math.round(amount * 100) / 100);
  const body = new Intl.NumberFormat('en-NG', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount);
  return `₦ ${body}`;
}

async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

// ------------------------------------------------------------------ tests

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1280, height: 900 } });

test('signed out, every profile page asks to log in and requests nothing', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/\/api\/(user\/me|orders|order_item|get-wishlists|affiliate-details)/.test(path)) {
      calls.push(path);
    }
  });
  for (const { path, heading } of PROFILE_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('main').getByText('Please, log in...')).toBeVisible();
  }
  expect(calls).toEqual([]);
});

test('logging in from the prompt comes back to the same profile page', async ({ page }) => {
  await page.goto('/profile/wishlist');
  await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fprofile%2Fwishlist$/);
  await page.getByLabel('Email or phone number').fill(DEMO.email);
  await page.getByLabel(/^Password\b/).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/profile\/wishlist$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saved Items');
  await expect(page.getByRole('main').getByText('Please, log in...')).toBeHidden();
});

test('the demo shopper edits the profile: checks, saves, and cancels', async ({
  page,
  request,
}) => {
  const session = await logIn(request, DEMO.email, DEMO.password);
  const original = await apiGet<User>(request, session, '/user/me');
  await signInPage(page, session);
  try {
    await page.goto('/profile');
    await expect(page).toHaveTitle(/^My Account/);
    await expect(detailValue(page, 'Email')).toHaveText(DEMO.email);
    await expect(detailValue(page, 'Age')).toHaveText(String(original.age));

    // Keyboard: the Edit Profile button opens the form with the cursor in the first field.
    await page.getByRole('button', { name: 'Edit Profile' }).focus();
    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Edit profile' });
    const mobile = form.getByRole('textbox', { name: 'Mobile number' });
    await expect(mobile).toBeFocused();
    await expect(mobile).toHaveValue(original.mobile_number);

    await mobile.fill('12345');
    await form.getByRole('textbox', { name: 'Age' }).fill('7');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(
      form.getByText('Enter a valid Nigerian mobile number, e.g. 08031234567'),
    ).toBeVisible();
    await expect(form.getByText('Age must be between 13 and 120')).toBeVisible();

    const newAge = original.age === 40 ? 41 : 40;
    await mobile.fill('08099887766');
    await form.getByRole('textbox', { name: 'Age' }).fill(String(newAge));
    await form.getByRole('combobox', { name: 'Gender' }).selectOption('other');
    // A new mobile number needs the current password.
    await form.getByRole('button', { name: 'Save' }).click();
    const password = form.getByLabel(/current password/i);
    await expect(password).toBeFocused();
    await expect(
      form.getByText('Enter your current password to change your mobile number'),
    ).toBeVisible();
    await password.fill(DEMO.password);
    const saved = page.waitForRequest((r) => r.url().endsWith('/api/customer-update'));
    await form.getByRole('button', { name: 'Save' }).click();
    expect((await saved).postDataJSON()).toEqual({
      user_id: session.userId,
      mobile_number: '08099887766',
      age: newAge,
      gender: 'other',
      password: DEMO.password,
    });
    await expect(page.getByText('Account successfully updated!')).toBeVisible();
    await expect(form).toBeHidden();
    await expect(detailValue(page, 'Mobile number')).toHaveText('08099887766');
    await expect(detailValue(page, 'Age')).toHaveText(String(newAge));
    await expect(detailValue(page, 'Gender')).toHaveText('Other');

    // Saved on the server: a reload shows the same.
    await page.reload();
    await expect(detailValue(page, 'Age')).toHaveText(String(newAge));

    // Cancel puts the values back.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await form.getByRole('textbox', { name: 'Age' }).fill('99');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(detailValue(page, 'Age')).toHaveText(String(newAge));
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(form.getByRole('textbox', { name: 'Age' })).toHaveValue(String(newAge));
  } finally {
    await apiSend<User>(request, session, 'PATCH', '/customer-update', {
      user_id: session.userId,
      mobile_number: original.mobile_number,
      age: original.age,
      gender: original.gender,
      password: DEMO.password,
    });
  }
});

test('the demo shopper sees an order placed through checkout and opens its items', async ({
  page,
  request,
}) => {
  const session = await logIn(request, DEMO.email, DEMO.password);
  const product = await productInStock(request);
  const order = await buy(request, session, product, 'delivery');
  await signInPage(page, session);

  await page.goto('/profile/orders');
  await expect(page).toHaveTitle(/^My Orders/);
  const orders = page.getByRole('list', { name: 'Orders' });
  // Newest first: the order just placed leads the list.
  const newest = orders.getByRole('article').first();
  await expect(newest.getByRole('heading', { level: 2 })).toHaveText(`Order #${order.id}`);
  await expect(newest).toContainText(order.status);
  await expect(newest).toContainText(naira(order.total_amount));
  await expect(newest).toContainText('08031234567');
  await expect(newest).toContainText(/\d{1,2} \w+ \d{4} at \d{2}:\d{2}/);

  await newest.getByRole('link', { name: `View items of order #${order.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/order-items\\?order=${order.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Order Items');
  const items = page.getByRole('list', { name: 'Items in this order' });
  await expect(items.getByRole('link', { name: product.name })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('orderId'))).toBe(String(order.id));

  // The link reopens the same order, even in a fresh tab.
  const again = await page.context().newPage();
  await again.goto(`/profile/order-items?order=${order.id}`);
  await expect(again.getByRole('list', { name: 'Items in this order' })).toContainText(
    product.name,
  );
  await again.close();

  // Clicking an item opens the product.
  await items.getByRole('link', { name: product.name }).click();
  await expect(page).toHaveURL(new RegExp(`/detail/product-details\\?slug=${product.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
});

test('the demo shopper saves a product and removes it from Saved Items', async ({
  page,
  request,
}) => {
  const session = await logIn(request, DEMO.email, DEMO.password);
  const product = await productInStock(request, 1);
  await signInPage(page, session);

  await page.goto(`/detail/product-details?slug=${product.slug}`);
  await page.getByRole('button', { name: 'Save to wishlist' }).click();
  // Saved, or saved already by an earlier run: either way it is in the list.
  await expect(page.getByText(/Wishlist updated|already in your wishlist/)).toBeVisible();

  await page.goto('/profile/wishlist');
  await expect(page).toHaveTitle(/^Saved Items/);
  const list = page.getByRole('list', { name: 'Saved items' });
  await expect(list.getByRole('link', { name: product.name })).toBeVisible();
  await list.getByRole('button', { name: `Remove ${product.name} from saved items` }).click();
  await expect(page.getByText('Wishlisted item removed!')).toBeVisible();
  await expect(page.getByRole('link', { name: product.name })).toBeHidden();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Saved Items');
  await expect(
    page
      .getByRole('list', { name: 'Saved items' })
      .or(page.getByText('No product in your Wishlist.')),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: product.name })).toBeHidden();
});

test('a new shopper joins as an affiliate; a friend signs up through the link and buys; the affiliate requests payment', async ({
  page,
  request,
  browser,
  playwright,
}, testInfo) => {
  test.setTimeout(120_000);
  // An account of its own: never registered yet, whatever earlier runs left behind.
  const affiliate = await signUp(request, 'Adaeze');
  const session = await logIn(request, affiliate.email, affiliate.password);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInPage(page, session);
  await page.goto('/profile/affiliate-market');
  await expect(page).toHaveTitle(/^Affiliate Market/);

  // Registration, typing the code with capitals (it is lowercased as typed).
  const form = page.getByRole('form', { name: 'Affiliate registration' });
  const codeShown = page.getByTestId('affiliate-code');
  const typed = `Ada-${uniqueSuffix().toUpperCase()}`;
  const code = typed.toLowerCase();
  await form.getByRole('textbox', { name: /Affiliate code/ }).fill(typed);
  await expect(form.getByRole('textbox', { name: /Affiliate code/ })).toHaveValue(code);
  await form.getByRole('combobox', { name: /Bank name/ }).selectOption('Wema Bank');
  await form.getByRole('textbox', { name: /Account number/ }).fill('01234');
  await form.getByRole('textbox', { name: /Account name/ }).fill('Adaeze Okafor');
  await form.getByRole('button', { name: 'Register' }).click();
  await expect(form.getByText('Enter the 10-digit account number (NUBAN)')).toBeVisible();
  await form.getByRole('textbox', { name: /Account number/ }).fill('0123456789');

  const registered = page.waitForRequest((r) => r.url().endsWith('/api/affiliate-registration'));
  await form.getByRole('button', { name: 'Register' }).click();
  const body = (await registered).postDataJSON() as {
    affiliate_code: string;
    account_details: string;
  };
  expect(body.affiliate_code).toBe(code);
  expect(JSON.parse(body.account_details)).toEqual({
    account_number: '0123456789',
    account_name: 'Adaeze Okafor',
    bank_name: 'Wema Bank',
  });
  await expect(page.getByText('Account successfully Registered!')).toBeVisible();
  await expect(codeShown).toHaveText(code);
  await expect(detailValue(page, 'Bank name')).toHaveText('Wema Bank');
  await expect(detailValue(page, 'Account number')).toHaveText('0123456789');

  const before = await apiGet<Affiliate>(request, session, '/affiliate-details');
  const shareLink = page.getByRole('textbox', { name: 'Your sign-up link' });
  await expect(shareLink).toHaveValue(new RegExp(`/auth/register\\?ref=${code}$`));
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    await shareLink.inputValue(),
  );

  // A second shopper opens the link in a browser of their own, signs up, activates and buys.
  const unique = uniqueSuffix();
  const friend = {
    email: `tolu.${unique}@example.ng`,
    password: `Amala-ati-ewedu-${unique}`,
    mobile: `080${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  };
  const friendContext = await browser.newContext();
  const friendPage = await friendContext.newPage();
  const link = new URL(await shareLink.inputValue());
  await friendPage.goto(`${link.pathname}${link.search}`);
  await expect(friendPage.getByLabel(/affiliate code/i)).toHaveValue(code);
  await friendPage.getByLabel('First name').fill('Tolulope');
  await friendPage.getByLabel('Surname').fill('Adebisi');
  await friendPage.getByLabel('Email address').fill(friend.email);
  await friendPage.getByLabel('Mobile number').fill(friend.mobile);
  await friendPage.getByLabel(/^Password\b/).fill(friend.password);
  await friendPage.getByLabel(/^Confirm password/).fill(friend.password);
  await friendPage.getByRole('button', { name: 'Sign up' }).click();
  await expect(friendPage.getByText('Sign up successful!')).toBeVisible();
  await friendContext.close();

  const otp = await codeSentTo(request, friend.email);
  const activated = await request.post('/api/email-verification', {
    data: { user_email: friend.email, user_otp: otp },
  });
  expect(activated.status(), await activated.text()).toBe(200);
  // The friend's own client: one that had signed the affiliate in too (the same browser)
  // would make this a self-referral, which earns nothing.
  const friendRequest = await playwright.request.newContext({
    baseURL: testInfo.project.use.baseURL,
  });
  const friendSession = await logIn(friendRequest, friend.email, friend.password);
  await buy(friendRequest, friendSession, await productInStock(friendRequest, 2), 'pickup');
  await friendRequest.dispose();

  // The affiliate sees this month's earnings rise, and requests them.
  const after = await apiGet<Affiliate>(request, session, '/affiliate-details');
  expect(after.month_generated).toBeGreaterThan(before.month_generated);
  await page.reload();
  const month = page.getByRole('listitem', { name: 'Month generated' });
  await expect(month).toContainText(naira(after.month_generated));
  await page.getByRole('button', { name: 'Request payment' }).click();
  await expect(page.getByText('Payment successfully Requested!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request payment' })).toBeHidden();
  await expect(month).toContainText('₦ 0');
  await expect(page.getByRole('listitem', { name: 'Total paid' })).toContainText(
    naira(after.total_paid + after.month_generated),
  );
});

test.describe('at phone width (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('every profile page fits the screen', async ({ page, request }) => {
    const session = await logIn(request, DEMO.email, DEMO.password);
    const orders = await apiGet<Order[]>(request, session, '/orders');
    await signInPage(page, session);
    for (const { path, heading } of PROFILE_PAGES) {
      const url =
        path === '/profile/order-items' && orders[0] ? `${path}?order=${orders[0].id}` : path;
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByText('Loading...')).toBeHidden();
      await expectNoSidewaysScroll(page);
    }
  });
});
