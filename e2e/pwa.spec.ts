/**
 * The installable app and its service worker, in a real browser against the production
 * build: the shop opens offline after one visit, a new version reloads the open page (or,
 * during a payment, asks first), and Chromium finds the app installable.
 *
 * The update tests need a server whose files can change under an open page, so they start
 * their own reference server (fresh data directory) over a copy of dist/ and swap in a
 * second version: the same build with a marker in its page, which changes the page's
 * precache revision in sw.js and so makes the browser install a new worker.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Product } from 'contract';

test.use({ serviceWorkers: 'allow' });

const root = path.resolve(__dirname, '..');
const OFFLINE_TEXT = 'You are offline.';

type MarkedWindow = Window & { pwaTestMarker?: string };

/** Resolves once a service worker controls the page. */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

async function catalogue(request: APIRequestContext, origin = ''): Promise<Product[]> {
  const response = await request.get(`${origin}/api/get-all-products`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Product[];
}

const productList = (page: Page) => page.getByRole('list', { name: /^Products/ });

test('after one visit the shop opens offline with the products seen last', async ({
  page,
  context,
  request,
}) => {
  const [first] = await catalogue(request);
  if (!first) throw new Error('The demo catalogue is empty.');
  await page.goto('/shop');
  await expect(productList(page).getByRole('link', { name: first.name })).toBeVisible();
  await controlled(page);
  // The first worker re-asks for what the page loaded before it took control, and keeps it.
  const firstImage = productList(page).getByRole('listitem').first().locator('img');
  const imageUrl = await firstImage.getAttribute('src');
  expect(imageUrl).toMatch(/^\/api\/images\//);
  await expect
    .poll(() =>
      page.evaluate(
        async (image) => ({
          // The shop asks for its first page (a listing with limit and offset), not the list.
          catalogue: (await (await caches.open('catalogue-searches')).keys()).some(
            (kept) => new URL(kept.url).pathname === '/api/get-all-products',
          ),
          image: Boolean(await (await caches.open('product-images')).match(image)),
        }),
        imageUrl ?? '',
      ),
    )
    .toEqual({ catalogue: true, image: true });

  await context.setOffline(true);
  try {
    // A search never asked for online is answered from the saved copy, and says so.
    // A search alone is answered an array, as the server answers it; with paging, a page.
    const unseen = await page.evaluate(async () => {
      const alone = await fetch('/api/get-all-products?q=never-seen-offline');
      const paged = await fetch('/api/get-all-products?q=never-seen-offline&offset=0');
      return [
        alone.headers.get('x-offline-copy'),
        await alone.json(),
        paged.headers.get('x-offline-copy'),
        ((await paged.json()) as { total: number }).total,
      ];
    });
    expect(unseen).toEqual(['1', [], '1', 0]);

    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toBeVisible();
    await expect(productList(page).getByRole('link', { name: first.name })).toBeVisible();
    await expect(firstImage).toBeVisible();
    await expect
      .poll(() =>
        firstImage.evaluate((img) => (img instanceof HTMLImageElement ? img.naturalWidth : 0)),
      )
      .toBeGreaterThan(0);

    // Offline, a search finds what the kept lists held, and a product opens from them.
    const word = first.name.split(/\s+/)[0] ?? first.name;
    await page.goto(`/shop?q=${encodeURIComponent(word)}`);
    const found = productList(page).getByRole('link', { name: first.name });
    await expect(found).toBeVisible();
    await found.click();
    await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();

    // Other pages of the app open offline too: the page and its route chunks are precached.
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toHaveCount(0);
});

test('signed-in answers are never kept by the worker', async ({ page }) => {
  await page.goto('/shop');
  await controlled(page);
  const kept = await page.evaluate(async () => {
    const url = '/api/get-all-products?q=rice';
    await fetch(url, { headers: { authorization: 'Bearer not-a-real-token' } });
    return Boolean(await caches.match(url));
  });
  expect(kept).toBe(false);
});

test('API addresses opened in the browser get the API, not the page', async ({ page }) => {
  await page.goto('/shop');
  await controlled(page);
  const response = await page.goto('/api/health');
  expect(response?.headers()['content-type']).toMatch(/^application\/json/);
});

test('Chromium finds the app installable from its manifest', async ({
  playwright,
  launchOptions,
  headless,
  baseURL,
}, testInfo) => {
  // Test contexts are incognito, where Chromium never offers to install: use a profile.
  const profile = testInfo.outputPath('profile');
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    headless,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const data: unknown = JSON.parse(manifest.data ?? 'null');
    expect(data).toMatchObject({
      name: 'Ibadan Market',
      start_url: '/',
      display: 'standalone',
    });
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
  }
});

test.describe('a signed-in shopper reloading without the shop', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  const DEMO = { email: 'demo@ibadanmarket.ng', password: 'DemoPass123!' };
  const SAVED_NOTE = /Saved copy from .+ — it can be changed once we can reach the shop again\./;
  const SERVER_DOWN = 'Our server is not answering. Please try again in a moment.';
  const OFFLINE_WORDS = 'You are offline. Check your connection and try again.';
  const ADDRESS = '7 Saved Copy Close, Bodija';
  const PERSONAL = /\/api\/(all-carts|get-delivery|orders)(\?|$)/;

  test('the last cart, address and orders show as saved copies, then fresh ones', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    const login = await request.post('/api/login', {
      form: { username: DEMO.email, password: DEMO.password },
    });
    expect(login.status()).toBe(200);
    const { access_token: token, user_details: user } = (await login.json()) as {
      access_token: string;
      user_details: { id: number; firstname: string };
    };
    const headers = { authorization: `Bearer ${token}` };
    const [product] = (await catalogue(request)).filter((p) => p.inventory_stock > 5);
    if (!product) throw new Error('No product in stock.');
    const added = await request.post('/api/add-cart', {
      headers,
      data: {
        user_id: user.id,
        product_id: product.id,
        quantity: 2,
        price_per_item: product.amount,
      },
    });
    expect(added.status(), await added.text()).toBe(200);
    const line = (await added.json()) as { id: number };
    const address = {
      address: ADDRESS,
      mobile_number: '08031234567',
      alt_mobile_number: '',
      city: 'Ibadan-Bodija',
      state: 'Oyo State',
    };
    const existing = await request.get('/api/get-delivery', { headers });
    const saved = existing.ok()
      ? await request.patch(
          `/api/update-delivery/${((await existing.json()) as { id: number }).id}`,
          {
            headers,
            data: address,
          },
        )
      : await request.post('/api/delivery', { headers, data: address });
    expect(saved.status(), await saved.text()).toBe(200);

    await page.addInitScript(
      (s) => {
        window.localStorage.setItem('authToken', s.token);
        window.localStorage.setItem('userID', String(s.id));
        window.localStorage.setItem('userName', s.name);
      },
      { token, id: user.id, name: user.firstname },
    );

    try {
      // The server's HTML already has the heading, with a placeholder for the orders: wait
      // for the orders themselves, which the app keeps a copy of.
      const ordersAnswered = page.waitForResponse(
        (r) => new URL(r.url()).pathname === '/api/orders' && r.ok(),
      );
      await page.goto('/profile/orders');
      await ordersAnswered;
      await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
      await page.goto('/cart');
      const cartLine = page
        .getByRole('list', { name: 'Cart items' })
        .getByRole('heading', { name: product.name });
      await expect(cartLine).toBeVisible();
      const delivery = page.getByRole('region', { name: 'Delivery location' });
      await expect(delivery.getByText(ADDRESS, { exact: false })).toBeVisible();
      const totalToPay = page
        .getByRole('region', { name: 'Order summary' })
        .locator('dt', { hasText: /^Total to pay$/ })
        .locator('xpath=following-sibling::dd[1]');
      const total = await totalToPay.textContent();
      await controlled(page);

      const expectSavedCart = async (words: string) => {
        await expect(cartLine).toBeVisible();
        await expect(page.getByText(words).first()).toBeVisible();
        await expect(page.getByText(SAVED_NOTE)).toHaveCount(2);
        await expect(totalToPay).toHaveText(total ?? '');
        await expect(delivery.getByText(ADDRESS, { exact: false })).toBeVisible();
        await expect(delivery.getByRole('button', { name: 'Change' })).toBeDisabled();
        await expect(page.getByRole('button', { name: 'Make Payment' })).toBeDisabled();
        await expect(
          page.getByRole('button', { name: `Delete ${product.name} from cart` }),
        ).toBeDisabled();
        await expect(page.getByText(/No delivery location yet/)).toHaveCount(0);
      };

      // (a) Offline: the page comes from the worker, the personal answers from the saved copies.
      await context.setOffline(true);
      try {
        await page.reload();
        await expectSavedCart(OFFLINE_WORDS);
        await expect(page.getByText(SERVER_DOWN)).toHaveCount(0);
        await page.goto('/profile/orders');
        await expect(page.getByText(OFFLINE_WORDS)).toBeVisible();
        await expect(page.getByText(SAVED_NOTE)).toBeVisible();
        await page.goto('/cart');
        await expectSavedCart(OFFLINE_WORDS);
      } finally {
        await context.setOffline(false);
      }
      // Back online: everything asks again by itself and the notes go.
      await expect(page.getByText(SAVED_NOTE)).toHaveCount(0);
      await expect(
        page.getByRole('button', { name: `Delete ${product.name} from cart` }),
      ).toBeEnabled();

      // (b) The server down: the gateway answers 503 for the shopper's own answers.
      await context.route(PERSONAL, (route) => route.fulfill({ status: 503, body: '' }));
      try {
        await page.reload();
        await expectSavedCart(SERVER_DOWN);
        await expect(page.getByText(OFFLINE_WORDS)).toHaveCount(0);
        await page.goto('/profile/orders');
        await expect(page.getByText(SERVER_DOWN)).toBeVisible();
        await expect(page.getByText(SAVED_NOTE)).toBeVisible();
      } finally {
        await context.unroute(PERSONAL);
      }
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByText(SAVED_NOTE)).toHaveCount(0);
    } finally {
      await request.delete(`/api/delete-cart/${line.id}`, { headers });
    }
  });
});

test.describe('a new version', () => {
  test.describe.configure({ mode: 'serial' });

  const work = path.join(root, 'test-results', `pwa-${process.pid}`);
  const versionA = path.join(work, 'version-a');
  const versionB = path.join(work, 'version-b');
  const live = path.join(work, 'live');
  let server: ChildProcess | undefined;
  let origin = '';

  /**
   * Serves one version: the new files first and the worker (with its twins) last, as a
   * careful deploy would.
   */
  function deploy(version: string) {
    const worker = /^sw\.js(\.br|\.gz)?$/;
    fs.cpSync(version, live, {
      recursive: true,
      filter: (source) => !worker.test(path.basename(source)),
    });
    for (const name of fs.readdirSync(version).filter((n) => worker.test(n))) {
      fs.copyFileSync(path.join(version, name), path.join(live, name));
    }
  }

  /** Writes a file of version B and, as the build does, its brotli and gzip twins. */
  function writeWithTwins(file: string, text: string) {
    fs.writeFileSync(file, text);
    expect(fs.existsSync(`${file}.br`), `the build wrote ${file}.br`).toBe(true);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text, { level: 9 }));
  }

  /** Version B: version A's page with a marker, and sw.js's revision of the page to match. */
  function makeVersionB() {
    fs.cpSync(versionA, versionB, { recursive: true });
    const page = fs
      .readFileSync(path.join(versionA, 'index.html'), 'utf8')
      .replace('<head>', '<head><meta name="build" content="b">');
    writeWithTwins(path.join(versionB, 'index.html'), page);
    const revision = createHash('md5').update(page).digest('hex');
    const sw = fs.readFileSync(path.join(versionA, 'sw.js'), 'utf8');
    const entry = /\{url:"\/index\.html",revision:"[0-9a-f]+"\}/;
    expect(sw).toMatch(entry);
    writeWithTwins(
      path.join(versionB, 'sw.js'),
      sw.replace(entry, `{url:"/index.html",revision:"${revision}"}`),
    );
  }

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const dist = path.join(root, 'dist');
    expect(fs.existsSync(path.join(dist, 'sw.js')), 'the production build has a worker').toBe(true);
    fs.rmSync(work, { recursive: true, force: true });
    fs.cpSync(dist, versionA, { recursive: true });
    makeVersionB();
    deploy(versionA);

    server = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(work, 'data'),
        DIST_DIR: live,
        LOG_LEVEL: 'silent',
        OUTBOX_CONSOLE: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const running = server;
    origin = await new Promise<string>((resolve, reject) => {
      let output = '';
      running.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const ready = /Storefront ready at http:\/\/localhost:(\d+)/.exec(output);
        if (ready) resolve(`http://127.0.0.1:${ready[1]}`);
      });
      running.once('exit', (code) => reject(new Error(`The test server stopped (${code}).`)));
    });
  });

  test.afterAll(async () => {
    const running = server;
    if (running && running.exitCode === null) {
      await new Promise((resolve) => {
        running.once('exit', resolve);
        running.kill('SIGTERM');
      });
    }
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** Opens the shop on version A under a worker and marks the window, to tell a reload. */
  async function openVersionA(page: Page) {
    deploy(versionA);
    await page.goto(`${origin}/shop`);
    await controlled(page);
    await expect(page.locator('meta[name="build"]')).toHaveCount(0);
    await page.evaluate(() => {
      (window as MarkedWindow).pwaTestMarker = 'version A';
    });
  }

  /** Deploys version B and has the browser look for it now instead of in an hour. */
  async function releaseVersionB(page: Page) {
    deploy(versionB);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
  }

  const marker = (page: Page) =>
    page.evaluate(() => (window as MarkedWindow).pwaTestMarker ?? null);

  test('the open page reloads into it', async ({ page }) => {
    await openVersionA(page);
    await releaseVersionB(page);

    await expect(page.locator('meta[name="build"]')).toHaveAttribute('content', 'b', {
      timeout: 30_000,
    });
    expect(await marker(page)).toBeNull();
    await expect(productList(page).getByRole('listitem').first()).toBeVisible();
  });

  test('during a payment it asks first, and Reload takes it', async ({ page }) => {
    await openVersionA(page);
    await page.evaluate(() => localStorage.setItem('pendingPayment', 'PSK-e2e-ref'));
    await releaseVersionB(page);

    await expect(page.getByText('A new version is ready')).toBeVisible({ timeout: 30_000 });
    expect(await marker(page)).toBe('version A');
    await expect(page.locator('meta[name="build"]')).toHaveCount(0);

    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.locator('meta[name="build"]')).toHaveAttribute('content', 'b');
    expect(await marker(page)).toBeNull();
  });
});
