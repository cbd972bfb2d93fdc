import { expect, test } from '@playwright/test';

test.describe('at phone width', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the menu opens by keyboard and closes when a link is chosen', async ({ page }) => {
    await page.goto('/shop');
    const menuButton = page.getByRole('button', { name: /menu/i });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const faqLink = page.getByRole('link', { name: 'FAQ', exact: true }).first();
    await expect(faqLink).toBeVisible();
    await faqLink.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'FAQ', exact: true }).first()).toBeHidden();
  });

  test('the FAQ opens one answer at a time by keyboard', async ({ page }) => {
    await page.goto('/faq');
    const questions = page.getByRole('button', { expanded: false });
    const first = questions.first();
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('[aria-expanded="true"]')).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(page.locator('[aria-expanded="true"]')).toHaveCount(0);
  });
});

// The server renders each page without knowing the screen's width: the stylesheet, not the
// app, chooses the header and the shop's layout, so the first paint is already the one the
// shopper keeps. Read here with the app turned off, and again once it has started.
for (const { width, desktop } of [
  { width: 360, desktop: false },
  { width: 1280, desktop: true },
]) {
  test(`at ${width} px the page arrives with the header and listing it keeps`, async ({
    browser,
  }) => {
    const look = async (javaScriptEnabled: boolean) => {
      const context = await browser.newContext({
        javaScriptEnabled,
        viewport: { width, height: 800 },
      });
      const page = await context.newPage();
      await page.goto('/shop?category=Staples');
      const banner = page.getByRole('banner');
      const listing = page.getByRole('list', { name: /^Products/ });
      await expect(listing.getByRole('listitem').first()).toBeVisible();
      if (javaScriptEnabled) {
        // Started: React has taken the header over, and on a wide screen the filters are in.
        await page.waitForFunction(() =>
          Object.keys(document.querySelector('header') ?? {}).some((key) =>
            key.startsWith('__reactFiber$'),
          ),
        );
        if (desktop) await expect(page.getByRole('group', { name: 'Price range' })).toBeVisible();
      }
      const seen = {
        header: await Promise.all([
          banner.getByRole('navigation', { name: 'Main' }).isVisible(),
          banner.getByRole('link', { name: 'Log in' }).isVisible(),
          banner.getByRole('button', { name: 'Menu' }).isVisible(),
          page.getByRole('button', { name: /^Filters/ }).isVisible(),
        ]),
        listing: (await listing.boundingBox())?.width,
        grid: (await page.getByTestId('product-grid').boundingBox())?.height ?? 0,
      };
      await context.close();
      return seen;
    };
    const html = await look(false);
    const app = await look(true);
    expect(html.header).toEqual([desktop, desktop, !desktop, !desktop]);
    expect(app.header).toEqual(html.header);
    expect(app.listing).toBe(html.listing);
    // As tall before the app measures it, every row held, as after (each measured row is
    // rounded up to a whole pixel; 22 Staples make 11 rows at most).
    expect(html.grid).toBeGreaterThan(1000);
    expect(Math.abs(app.grid - html.grid)).toBeLessThan(12);
  });
}

test('the Shop link is marked current at / and /shop', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  for (const path of ['/', '/shop']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: 'Shop', exact: true }).first()).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
});

test('the demo shop says payments are simulated, in a corner, without moving the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/shop');
  const notice = page.getByRole('note');
  await expect(notice).toHaveText('Demo shop: payments are simulated');
  await expect(notice).toHaveCSS('position', 'fixed');
  const box = await notice.boundingBox();
  expect(box?.height ?? 0).toBeLessThan(40);
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(812 - 40);
});

test('a page reached from the footer opens at its top, and Back returns to where the shopper was', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // One category, all on its first page: the grid never grows under the footer, so the
  // position read here is the one the shopper leaves.
  await page.goto('/shop?category=Staples');
  await expect(
    page
      .getByRole('list', { name: /^Products/ })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  const left = await page.evaluate(() => window.scrollY);

  const faqLink = footer.getByRole('link', { name: 'FAQs', exact: true });
  // The footer is taken over by the app a moment after the page (its code is a chunk of its
  // own). A link followed before then is an ordinary page load, whose Back the browser owns.
  await expect
    .poll(() => faqLink.evaluate((a) => Object.keys(a).some((k) => k.startsWith('__reactFiber'))))
    .toBe(true);
  await faqLink.click();
  await expect(page).toHaveURL(/\/faq$/);
  // The shop stays on screen while the FAQ's code arrives: wait for the FAQ itself.
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page).toHaveURL(/\/shop\?category=Staples$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(left - 5);
  expect(Math.abs((await page.evaluate(() => window.scrollY)) - left)).toBeLessThan(5);
});

test('a page whose code fails to arrive offers Try again, which loads it once the network is back', async ({
  page,
}) => {
  await page.goto('/shop');
  await expect(
    page
      .getByRole('list', { name: /^Products/ })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
  const faqChunk = /\/assets\/faq\.[0-9a-f]+\.js$/;
  await page.route(faqChunk, (route) => route.abort('internetdisconnected'));

  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQs', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(
    'This page could not load. Check your connection and try again.',
  );
  // The shell stays: the shopper is still in the shop, not on a blank page.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  await page.unroute(faqChunk);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test("a page whose app code fails to arrive keeps the server's page and offers Try again", async ({
  page,
}) => {
  // The first script waits for the server's page to be shown, then asks for the app itself
  // (React, MUI, the store): without it nothing on the page can answer but its links.
  const appChunk = /\/assets\/app\.[0-9a-f]+\.js$/;
  await page.route(appChunk, (route) => route.abort('internetdisconnected'));
  await page.goto('/faq');
  await expect(page.getByRole('alert')).toContainText(
    'This page could not load. Check your connection and try again.',
  );
  await expect(
    page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }),
  ).toBeVisible();

  await page.unroute(appChunk);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The app has taken the page over: its questions open.
  const question = page.getByRole('button', { name: 'How does it work?' });
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
});

test("a pressed button ripples, the ripple's code loaded by that first press", async ({ page }) => {
  const rippleCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/touch-ripple\.[0-9a-f]+\.js$/.test(request.url()))
      rippleCode.push(request.url());
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/faq');
  // Everything the page loads by itself has arrived: the ripple's code is not part of it.
  await page.waitForLoadState('networkidle');
  expect(rippleCode).toEqual([]);

  const link = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Vendors' });
  const box = await link.boundingBox();
  await page.mouse.move((box?.x ?? 0) + 10, (box?.y ?? 0) + 10);
  await page.mouse.down();
  await expect(link.locator('.MuiTouchRipple-rippleVisible')).toHaveCount(1);
  expect(rippleCode).toHaveLength(1);
  // Let go elsewhere: no click, the shopper stays.
  await page.mouse.move(5, 5);
  await page.mouse.up();
  await expect(page).toHaveURL(/\/faq$/);
});

test('a page opened directly whose code fails to arrive answers Try again', async ({ page }) => {
  // The server's page is on screen; the app cannot take it over without its code, and shows
  // the message in its place. Its button must not wait for a page that never comes.
  const faqChunk = /\/assets\/faq\.[0-9a-f]+\.js$/;
  await page.route(faqChunk, (route) => route.abort('internetdisconnected'));
  await page.goto('/faq');
  await expect(page.getByRole('alert')).toContainText(
    'This page could not load. Check your connection and try again.',
  );

  await page.unroute(faqChunk);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Frequently asked questions' }),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
