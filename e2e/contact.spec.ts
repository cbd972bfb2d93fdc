import { expect, test, type Page } from '@playwright/test';
import { hasReactFiber, holdAppCode } from './fixtures/takeover';

const message = {
  name: 'Tunde Bakare',
  email: 'tunde.bakare@example.ng',
  message: 'Do you deliver to Akobo? I would like 2 bags of rice every month.',
};

async function fillContactForm(page: Page) {
  await page.getByLabel(/name/i).fill(message.name);
  await page.getByLabel(/email/i).fill(message.email);
  await page.getByLabel(/message/i).fill(message.message);
}

/**
 * The form filled in on the server's page while the app's code is held back: `release` lets
 * the code arrive. Returns it with the form's Send button.
 */
async function fillBeforeTheApp(page: Page) {
  const release = await holdAppCode(page);
  await page.goto('/contact');
  await fillContactForm(page);
  return { release, send: page.getByRole('button', { name: /send/i }) };
}

test('the contact form sends through EmailJS with the service, template and public key', async ({
  page,
  request,
}) => {
  await page.goto('/contact');
  await fillContactForm(page);

  const sent = page.waitForRequest(
    (r) => r.url().includes('/v1.0/email/send') && r.method() === 'POST',
  );
  await page.getByRole('button', { name: /send/i }).click();
  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    service_id: expect.any(String),
    template_id: expect.any(String),
    user_id: expect.any(String),
  });
  expect(body.template_params).toMatchObject(message);

  await expect(page.getByText('Message successfully sent!')).toBeVisible();
  await expect(page.getByLabel(/name/i)).toHaveValue('');
  await expect(page.getByLabel(/message/i)).toHaveValue('');

  const outbox = (await (await request.get('/api/dev/outbox')).json()) as { text: string }[];
  expect(outbox.some((m) => m.text.includes(message.message))).toBe(true);
});

test('a message typed and sent before the app has the page is sent once it has', async ({
  page,
}) => {
  const { release, send } = await fillBeforeTheApp(page);
  expect(await send.evaluate(hasReactFiber)).toBe(false);
  const sent = page.waitForRequest(
    (r) => r.url().includes('/v1.0/email/send') && r.method() === 'POST',
  );
  // The tap is held until the app has the page (src/lib/earlyTaps.ts), the typing kept.
  await send.click();
  release();

  const body = (await sent).postDataJSON() as Record<string, unknown>;
  expect(body.template_params).toMatchObject(message);
  await expect(page.getByText('Message successfully sent!')).toBeVisible();
});

test('the form has its final size on the server page, so the app taking over moves nothing', async ({
  page,
}) => {
  const { release, send } = await fillBeforeTheApp(page);
  const message = page.getByLabel(/message/i);
  const before = { send: await send.boundingBox(), message: await message.boundingBox() };
  release();

  // Taken over: React has the button, and MUI has sized the message field itself.
  await expect.poll(() => send.evaluate(hasReactFiber)).toBe(true);
  await expect
    .poll(() => message.evaluate((field: HTMLElement) => field.style.height))
    .toMatch(/px$/);
  const after = { send: await send.boundingBox(), message: await message.boundingBox() };
  // A tap aimed at Send before the takeover lands on Send after it.
  expect(after).toEqual(before);
});

test('a failed send says so and keeps what was typed', async ({ page }) => {
  await page.route('**/v1.0/email/send', (route) =>
    route.fulfill({ status: 400, contentType: 'text/plain', body: 'The service ID is invalid' }),
  );
  await page.goto('/contact');
  await fillContactForm(page);
  await page.getByRole('button', { name: /send/i }).click();

  await expect(page.getByText('Message failed to send')).toBeVisible();
  await expect(page.getByLabel(/name/i)).toHaveValue(message.name);
  await expect(page.getByLabel(/message/i)).toHaveValue(message.message);
});

test('an empty form shows what is missing before anything is sent', async ({ page }) => {
  let requests = 0;
  page.on('request', (r) => {
    if (r.url().includes('/v1.0/email/')) requests += 1;
  });
  await page.goto('/contact');
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText(/required|enter/i).first()).toBeVisible();
  expect(requests).toBe(0);
});
