import { expect, test, type Page } from '@playwright/test';

/**
 * The page's HTML asks for the catalogue answers and the route's code it needs before its
 * JavaScript has loaded (server/src/earlyData.ts), and the storefront's own requests are
 * served from those preloads: the browser asks once. A second request means the preloaded address or its
 * request mode no longer matches what the storefront asks for, and the shopper pays for the
 * data twice.
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

test("the shop's first page and categories are asked for once, by the page's HTML", async ({
  page,
}) => {
  const seen = requestsTo(page, /^\/api\/(get-all-products|categories)$/);
  const shopCode = requestsTo(page, /^\/assets\/shop\.[0-9a-f]+\.js$/);
  await page.goto('/shop?category=Drinks');
  // The shop's own code, which the app would ask for only once its entry has run.
  await expect(page.locator('link[rel="preload"][as="script"][href^="/assets/shop."]')).toHaveCount(
    1,
  );
  await expect(page.locator('link[rel="preload"][as="fetch"][href="/api/categories"]')).toHaveCount(
    1,
  );
  // The cards are drawn from the listing's answer, the chips from the categories'.
  await expect(page.getByRole('button', { name: /^Add to cart/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Drinks/, pressed: true })).toBeVisible();
  expect(shopCode).toHaveLength(1);
  expect(seen.sort()).toEqual([
    '/api/categories',
    '/api/get-all-products?category=Drinks&limit=24&offset=0',
  ]);
});

test('a product page asks for its product once', async ({ page, request }) => {
  const answer = await request.get('/api/get-all-products?limit=1');
  const { items } = (await answer.json()) as { items: { slug: string; name: string }[] };
  const product = items[0] as { slug: string; name: string };
  const seen = requestsTo(page, /^\/api\/get-product\//);
  await page.goto(`/detail/product-details?slug=${product.slug}`);
  await expect(
    page.locator(`link[rel="preload"][as="fetch"][href="/api/get-product/${product.slug}"]`),
  ).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  expect(seen).toEqual([`/api/get-product/${product.slug}`]);
});
