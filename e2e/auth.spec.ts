import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { OutboxMessage } from 'contract';

/**
 * Accounts end to end, against the reference server: sign-up, activation with the code from
 * the development outbox, login, log out, and a password reset. Every run makes new shoppers
 * with addresses of their own, so it needs no clean-up and can run again on the same data.
 */

interface Shopper {
  firstName: string;
  surname: string;
  email: string;
  mobile: string;
  password: string;
}

let shopperCount = 0;

function newShopper(): Shopper {
  shopperCount += 1;
  const unique = `${Date.now().toString(36)}${shopperCount}${Math.random().toString(36).slice(2, 6)}`;
  // A Nigerian mobile number: 0 8 0 and eight more digits.
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  return {
    firstName: 'Funmilayo',
    surname: 'Adeyemi',
    email: `funmi.${unique}@example.ng`,
    mobile: `080${digits}`,
    password: `Ewa-agoyin-${unique}`,
  };
}

async function outboxTo(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(answer.ok(), 'GET /api/dev/outbox').toBe(true);
  const outbox = (await answer.json()) as OutboxMessage[];
  return outbox.filter((m) => m.to === to);
}

/**
 * The 6-digit code in the newest message to `to`, once there are more than `seenBefore`
 * messages to that address (the outbox lists the newest first).
 */
async function codeSentTo(
  request: APIRequestContext,
  to: string,
  seenBefore: number = 0,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = await outboxTo(request, to);
        const newest = messages.length > seenBefore ? messages[0] : undefined;
        code = newest ? /\b(\d{6})\b/.exec(newest.text)?.[1] : undefined;
        return code;
      },
      { message: `a new code sent to ${to}`, timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code ?? '';
}

/** Signs a shopper up through the API (the server emails the activation code at once). */
async function registerThroughApi(request: APIRequestContext, shopper: Shopper): Promise<void> {
  const now = new Date().toISOString();
  const answer = await request.post('/api/register', {
    data: {
      email: shopper.email,
      first_name: shopper.firstName,
      last_name: shopper.surname,
      affiliate_code: '',
      mobile_number: shopper.mobile,
      gender: 'female',
      age: 18,
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
  expect(answer.status(), await answer.text()).toBe(200);
}

async function fillSignUpForm(page: Page, shopper: Shopper) {
  await page.getByLabel('First name').fill(shopper.firstName);
  await page.getByLabel('Surname').fill(shopper.surname);
  await page.getByLabel('Email address').fill(shopper.email);
  await page.getByLabel('Mobile number').fill(shopper.mobile);
  await page.getByLabel(/^Password\b/).fill(shopper.password);
  await page.getByLabel('Confirm password').fill(shopper.password);
}

/** Presses Tab until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, maxPresses = 40) {
  for (let i = 0; i < maxPresses; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.describe('accounts', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a new shopper signs up, activates with the emailed code, logs in and logs out', async ({
    page,
    request,
  }) => {
    const shopper = newShopper();
    await page.goto('/auth/register');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
    await expect(page).toHaveTitle(/^Sign up/);
    await fillSignUpForm(page, shopper);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText('Sign up successful!')).toBeVisible();

    const dialog = page.getByRole('dialog', { name: 'Email verification' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Email address')).toHaveValue(shopper.email);
    const code = await codeSentTo(request, shopper.email);
    await dialog.getByLabel('Confirm OTP').fill(code);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Account activated!')).toBeVisible();

    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
    await expect(page.getByLabel('Email or phone number')).toHaveValue(shopper.email);
    await page.getByLabel(/^Password\b/).fill(shopper.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    const nav = page.getByRole('banner');
    await expect(nav.getByRole('link', { name: 'Affiliate' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Log in' })).toBeHidden();
    await nav.getByRole('link', { name: 'Cart' }).click();
    await expect(page.getByText(`Hi, ${shopper.firstName.toUpperCase()}`)).toBeVisible();

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByText('Log out successful')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  });

  test('Log out ends the session on the server: the old token answers 401', async ({
    page,
    request,
  }) => {
    const shopper = newShopper();
    await registerThroughApi(request, shopper);
    const activated = await request.post('/api/email-verification', {
      data: { user_email: shopper.email, user_otp: await codeSentTo(request, shopper.email) },
    });
    expect(activated.status()).toBe(200);

    await page.goto('/auth/login');
    await page.getByLabel('Email or phone number').fill(shopper.email);
    await page.getByLabel(/^Password\b/).fill(shopper.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const me = (bearer: string) =>
      request.get('/api/user/me', { headers: { authorization: `Bearer ${bearer}` } });
    expect((await me(token ?? '')).status()).toBe(200);

    await page.goto('/profile');
    const loggedOut = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/logout') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Log out' }).click();
    expect((await loggedOut).status()).toBe(200);
    await expect(page.getByText('Log out successful')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

    const after = await me(token ?? '');
    expect(after.status()).toBe(401);
    expect(await after.json()).toEqual({ detail: 'Could not validate credentials' });
  });

  test('a wrong activation code shows the server’s words', async ({ page, request }) => {
    const shopper = newShopper();
    await registerThroughApi(request, shopper);
    const code = await codeSentTo(request, shopper.email);
    const wrong = code === '000000' ? '111111' : '000000';

    await page.goto('/auth/register');
    await page.getByRole('button', { name: 'Activate account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email verification' });
    await dialog.getByLabel('Email address').fill(shopper.email);
    await dialog.getByLabel('Confirm OTP').fill(wrong);
    await dialog.getByRole('button', { name: 'Continue' }).click();

    await expect(dialog.getByRole('alert')).toHaveText('Invalid or expired OTP code');
    await expect(page.getByText('Failed to process')).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/register$/);
  });

  test('a shopper who has not activated is offered activation at login', async ({
    page,
    request,
  }) => {
    const shopper = newShopper();
    await registerThroughApi(request, shopper);
    const code = await codeSentTo(request, shopper.email);

    await page.goto('/auth/login');
    await page.getByLabel('Email or phone number').fill(shopper.email);
    await page.getByLabel(/^Password\b/).fill(shopper.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('not activated');

    await page.getByRole('button', { name: 'Activate account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Email verification' });
    await expect(dialog.getByLabel('Email address')).toHaveValue(shopper.email);
    await dialog.getByLabel('Confirm OTP').fill(code);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog).toBeHidden();

    await page.getByLabel(/^Password\b/).fill(shopper.password);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Affiliate' })).toBeVisible();
  });

  test('a forgotten password is reset with the emailed code and works at once', async ({
    page,
    request,
  }) => {
    const shopper = newShopper();
    await registerThroughApi(request, shopper);
    const activation = await codeSentTo(request, shopper.email);
    const activated = await request.post('/api/email-verification', {
      data: { user_email: shopper.email, user_otp: activation },
    });
    expect(activated.status()).toBe(200);

    await page.goto('/auth/login');
    await page.getByLabel('Email or phone number').fill(shopper.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Forgot password' });
    await expect(dialog.getByLabel('Email address')).toHaveValue(shopper.email);

    // The server sends at most one code per account every OTP_RESEND_INTERVAL_SECONDS (30 by
    // default) and it sent one at sign-up. If it says to wait, the modal shows its words: wait
    // as told, like a shopper would, then ask again.
    test.setTimeout(120_000);
    const sent = page.getByText(`OTP sent to ${shopper.email}!`);
    const seenBefore = (await outboxTo(request, shopper.email)).length;
    await dialog.getByRole('button', { name: 'Send code' }).click();
    const waitTold = dialog.getByRole('alert').filter({ hasText: /wait \d+ seconds?/i });
    await expect(sent.or(waitTold)).toBeVisible();
    if (await waitTold.isVisible()) {
      const seconds = Number(/wait (\d+) second/i.exec(await waitTold.innerText())?.[1] ?? 30);
      await page.waitForTimeout(seconds * 1000 + 500);
      await dialog.getByRole('button', { name: 'Send code' }).click();
    }
    await expect(sent).toBeVisible();
    const code = await codeSentTo(request, shopper.email, seenBefore);

    const newPassword = `${shopper.password}-new`;
    await dialog.getByLabel('6-digit code').fill(code);
    await dialog.getByLabel('New password').fill(newPassword);
    await dialog.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Password reset successful!')).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(page.getByLabel('Email or phone number')).toHaveValue(shopper.email);
    await page.getByLabel(/^Password\b/).fill(newPassword);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('at phone width, by keyboard alone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the whole sign-up, activation and login work with Tab and Enter only', async ({
    page,
    request,
  }) => {
    const shopper = newShopper();
    await page.goto('/auth/register');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const fields: [Locator, string][] = [
      [page.getByLabel('First name'), shopper.firstName],
      [page.getByLabel('Surname'), shopper.surname],
      [page.getByLabel('Email address'), shopper.email],
      [page.getByLabel('Mobile number'), shopper.mobile],
      [page.getByLabel(/^Password\b/), shopper.password],
      [page.getByLabel('Confirm password'), shopper.password],
    ];
    for (const [field, value] of fields) {
      await tabTo(page, field);
      await page.keyboard.type(value);
      await expect(field).toHaveValue(value);
    }
    // Nothing spills sideways at 375 px.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    const signUp = page.getByRole('button', { name: 'Sign up' });
    await tabTo(page, signUp);
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Email verification' });
    await expect(dialog).toBeVisible();
    const otp = dialog.getByLabel('Confirm OTP');
    await expect(otp).toBeFocused();
    // The toast made as the dialog opened is still read, at the top, clear of the dialog's
    // buttons (a phone's dialog has them at the bottom, where toasts otherwise sit).
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Sign up successful!' });
    await expect(toast).toBeVisible();
    const continueButton = dialog.getByRole('button', { name: 'Continue' });
    await expect
      .poll(async () => {
        const [toastBox, buttonBox] = [
          await toast.boundingBox(),
          await continueButton.boundingBox(),
        ];
        return toastBox && buttonBox ? toastBox.y + toastBox.height <= buttonBox.y : false;
      })
      .toBe(true);
    const code = await codeSentTo(request, shopper.email);
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/auth\/login$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('Email or phone number')).toHaveValue(shopper.email);
    const password = page.getByLabel(/^Password\b/);
    await tabTo(page, password);
    await page.keyboard.type(shopper.password);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});
