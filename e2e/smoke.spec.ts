import { expect, test } from '@playwright/test';
import { appRoutes } from './routes';

test.describe('every route of the spec', () => {
  for (const route of appRoutes) {
    test(`${route.path} shows its page with no console error, and survives a reload`, async ({
      page,
    }) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));

      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
      await expect(page.getByRole('main')).toBeVisible();

      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
      expect(problems).toEqual([]);
    });
  }

  test('an unknown path shows Not found with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/not found/i);
    await page
      .getByRole('link', { name: /home|shop/i })
      .first()
      .click();
    await expect(page).not.toHaveURL(/no\/such/);
  });

  test('the page is served with a CSP that allows no inline script', async ({ request }) => {
    const response = await request.get('/shop');
    const csp = response.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(response.headers()['cache-control']).toContain('no-cache');
  });
});
