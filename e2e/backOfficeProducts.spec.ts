/**
 * The back office's products on a 390 px phone, against the production build and the demo
 * server: the demo owner adds a product with its category and stock; a guest finds it in the
 * shop's category and in search; the demo staff member opens it, cannot change its price, and
 * counts its stock.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { Product } from 'contract';
import { logIn, signInPage, STAFF, uniqueSuffix, type Account } from './fixtures/shopper';

const PHONE = { width: 390, height: 844 };
const OWNER: Account = { email: 'owner@ibadanmarket.ng', password: 'OwnerPass123!' };

async function signedInPage(
  browser: Browser,
  request: APIRequestContext,
  account: Account,
): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInPage(page, await logIn(request, account));
  return page;
}

test('the owner adds a product, a guest finds it, staff count it but cannot reprice it', async ({
  browser,
  request,
}) => {
  const name = `Ofada Rice Test ${uniqueSuffix()}`;

  // The owner adds it.
  const owner = await signedInPage(browser, request, OWNER);
  await owner.goto('/staff/products/new');
  await owner.getByRole('textbox', { name: 'Name' }).fill(name);
  await owner.getByRole('combobox', { name: 'Category' }).click();
  await owner.getByRole('option', { name: 'Staples' }).click();
  await owner.getByRole('textbox', { name: 'Price' }).fill('₦2,300.00');
  await owner.getByRole('textbox', { name: 'Stock', exact: true }).fill('25');
  await owner.getByRole('textbox', { name: 'Unit or pack size' }).fill('1 paint bucket');
  await owner.getByRole('button', { name: 'Add product' }).click();
  await expect(owner).toHaveURL(/\/staff\/products\/\d+$/);
  await expect(owner.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(owner.getByRole('textbox', { name: 'Price' })).toHaveValue('2,300');

  // A guest finds it in the shop's category and in search, at once.
  const guest = await (
    await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' })
  ).newPage();
  await guest.goto(`/shop?${new URLSearchParams({ category: 'Staples', sort: 'newest' })}`);
  await expect(guest.getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();
  const found = await request.get(`/api/get-all-products?q=${encodeURIComponent(name)}`);
  expect(((await found.json()) as Product[]).map((p) => p.name)).toContain(name);
  await guest.goto(`/shop?${new URLSearchParams({ q: name })}`);
  await expect(guest.getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();

  // The staff member opens it: the price is read-only, the stock can be counted.
  const staff = await signedInPage(browser, request, STAFF);
  await staff.goto('/staff/products');
  await staff.getByRole('searchbox', { name: 'Search by name' }).fill(name);
  await staff.getByRole('button', { name: 'Search' }).click();
  await staff.getByRole('link', { name: new RegExp(name) }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(staff.getByRole('textbox', { name: 'Price' })).toBeDisabled();
  await expect(staff.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await staff.getByRole('button', { name: 'Count or add stock' }).click();
  const dialog = staff.getByRole('dialog', { name: `Stock of ${name}` });
  await dialog.getByRole('button', { name: 'Count' }).click();
  await dialog.getByRole('textbox', { name: /Units you counted/ }).fill('22');
  await dialog.getByRole('button', { name: 'Save stock' }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByText('-3 · Counted · 22 after')).toBeVisible();

  // And the server refuses a staff member's price change whatever the page shows.
  const staffMember = await logIn(request, STAFF);
  const id = Number(/\/staff\/products\/(\d+)$/.exec(owner.url())?.[1]);
  const refused = await request.patch(`/api/staff/products/${id}`, {
    headers: { authorization: `Bearer ${staffMember.token}` },
    data: { row_version: 1, price: 1 },
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ detail: 'Only the shop owner can do this' });
});
