import { expect, test, type Page } from '@playwright/test';

/**
 * A first visit gets its page from the server (server/src/serverRender.ts): the HTML already
 * shows the products, and carries the answers they were rendered from, which the storefront
 * takes in as it hydrates instead of asking again. The route's code is preloaded by the HTML
 * (server/src/earlyData.ts). A request for an answer the page carried means the hand-over
 * broke, and the shopper pays for the data twice.
 */
function requestsTo(page: Page, pattern: RegExp): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (pattern.test(url.pathname)) seen.push(`${url.pathname}${url.search}`);
  });
  return seen;
}

test.use({ viewport: { width: 360, height: 780 } });

test("the shop's HTML shows its products, and hydrating asks for none of them again", async ({
  page,
  request,
}) => {
  const drinks = await request.get('/api/get-all-products?category=Drinks&limit=1');
  const { items } = (await drinks.json()) as { items: { name: string }[] };
  const first = items[0] as { name: string };
  const html = await (await request.get('/shop?category=Drinks')).text();
  expect(html).toContain(first.name);
  expect(html).toContain('id="server-answers"');
  expect(html).not.toContain('as="fetch"');

  const seen = requestsTo(page, /^\/api\/(get-all-products|categories)$/);
  const shopCode = requestsTo(page, /^\/assets\/shop\.[0-9a-f]+\.js$/);
  await page.goto('/shop?category=Drinks');
  // The shop's own code, which the app would ask for only once its entry has run.
  await expect(page.locator('link[rel="preload"][as="script"][href^="/assets/shop."]')).toHaveCount(
    1,
  );
  await expect(page.getByRole('button', { name: /^Add to cart/ }).first()).toBeVisible();
  // A chip that answers a tap shows the page is hydrated; only its own listing is asked for.
  await page.getByRole('button', { name: /^Staples/ }).click();
  await expect(page.getByRole('button', { name: /^Staples/, pressed: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Staples' })).toBeVisible();
  expect(shopCode).toHaveLength(1);
  expect(seen).toEqual(['/api/get-all-products?category=Staples&limit=24&offset=0']);
});

test("a product page's HTML shows the product, which is not asked for again", async ({
  page,
  request,
}) => {
  const answer = await request.get('/api/get-all-products?limit=1');
  const { items } = (await answer.json()) as { items: { slug: string; name: string }[] };
  const product = items[0] as { slug: string; name: string };
  const html = await (await request.get(`/detail/product-details?slug=${product.slug}`)).text();
  expect(html).toContain(`<h1`);
  expect(html).toContain(product.name);
  expect(html).toContain('property="og:title"');

  const seen = requestsTo(page, /^\/api\/get-product\//);
  await page.goto(`/detail/product-details?slug=${product.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  // The quantity answers a tap once the page is hydrated.
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByRole('group', { name: 'Quantity' }).getByRole('spinbutton')).toHaveValue(
    '2',
  );
  expect(seen).toEqual([]);
});
