/** Pages rendered on the server, with the answers they were rendered from. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { App } from '../src/app';
import { scriptSafeJson } from '../src/preview';
import {
  createServerRenderer,
  inProcessFetch,
  loadRenderer,
  type RendererModule,
} from '../src/serverRender';
import { SESSION_COOKIE, encodeSessionCookie } from '../../contract/sessionCookie';
import type { SessionValues } from '../../contract/session';
import {
  call,
  createShopper,
  fillCart,
  json,
  seedProducts,
  setupHarness,
  type Shopper,
} from './helpers';

const t = setupHarness();

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-render-'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><meta charset=utf-8><title>Ibadan Market</title></head><body><div id=root></div></body></html>',
);
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

/**
 * A renderer as src/ssr/render.tsx is one: it asks the shop's API through the fetch it is
 * given (at the address the storefront uses where there is no window) and renders what it got.
 */
function listingRenderer(log: string[], behaviour: { fail?: string } = {}): RendererModule {
  return {
    createServerPages: (fetchFn) => async (url) => {
      log.push(url);
      if (behaviour.fail) throw new Error(behaviour.fail);
      const answer = await fetchFn('http://localhost/api/get-all-products?limit=24&offset=0');
      const page = (await answer.json()) as { items: { name: string }[] };
      return {
        html: `<main>${page.items.map((p) => `<h3>${p.name}</h3>`).join('')}</main>`,
        answers: { productApi: { queries: { listing: page.items }, mutations: {}, provided: {} } },
      };
    },
  };
}

/** The answers element's JSON, as the browser reads it. */
function answersIn(html: string): unknown {
  const found = /<script type="application\/json" id="server-answers"[^>]*>(.*?)<\/script>/s.exec(
    html,
  );
  return found ? JSON.parse(found[1] ?? '') : undefined;
}

const rendered: string[] = [];
let site: App;
beforeAll(async () => {
  site = await t.build({ DIST_DIR: dist }, { pageRenderer: listingRenderer(rendered) });
});
// Each test starts from an empty database.
beforeEach(async () => {
  await seedProducts(t.db, [
    { name: 'Ofada Rice', price: 5000 },
    { name: 'Palm Oil </script><!-- 5L', price: 9000 },
  ]);
});

describe('pages rendered on the server', () => {
  test("the shop's HTML holds its products and the answers, and preloads no data", async () => {
    const r = await call(site, { method: 'GET', url: '/shop' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('<div id="root"><main><h3>Ofada Rice</h3>');
    expect(answersIn(r.body)).toEqual({
      productApi: {
        queries: {
          listing: [
            expect.objectContaining({ name: 'Ofada Rice' }),
            expect.objectContaining({ name: 'Palm Oil </script><!-- 5L' }),
          ],
        },
        mutations: {},
        provided: {},
      },
    });
    // The answers are in the page: a preload would fetch them a second time.
    expect(r.body).not.toContain('as="fetch"');
    // The link preview is still written.
    expect(r.body).toContain('<meta property="og:title"');
  });

  test('no answer can close its script element or open a comment', async () => {
    const r = await call(site, { method: 'GET', url: '/' });
    const element =
      /<script type="application\/json" id="server-answers"[^>]*>(.*?)<\/script>/s.exec(
        r.body,
      )?.[1];
    expect(element).toBeDefined();
    expect(element).not.toMatch(/<|>/);
    expect(scriptSafeJson({ a: '</script>\u2028&' })).toBe(
      '{"a":"\\u003c/script\\u003e\\u2028\\u0026"}',
    );
  });

  test('a page is rendered once per catalogue version', async () => {
    const before = rendered.length;
    await call(site, { method: 'GET', url: '/faq' });
    await call(site, { method: 'GET', url: '/faq' });
    expect(rendered.length - before).toBe(1);
    await t.db.query("UPDATE products SET amount_kobo = 450000 WHERE name = 'Ofada Rice'");
    await call(site, { method: 'GET', url: '/faq' });
    expect(rendered.length - before).toBe(2);
  });

  test("a visitor's page asked for again is sent as it was kept: no render, one version read", async () => {
    const before = rendered.length;
    const url = '/detail/product-details?slug=ofada-rice';
    const first = await call(site, { url, headers: { 'accept-encoding': 'br' } });
    const queries = jest.spyOn(t.db, 'query');
    try {
      const second = await call(site, { url, headers: { 'accept-encoding': 'br' } });
      expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(second.headers.etag).toBe(first.headers.etag);
      // Only the catalogue's version: the preview's product is not looked up again.
      expect(queries.mock.calls.map(([sql]) => sql)).toEqual([
        'SELECT version FROM catalogue_state WHERE id = 1',
      ]);
    } finally {
      queries.mockRestore();
    }
    expect(rendered.length - before).toBe(1);
  });

  test("a shopper's page with a fixed address is rendered; forms and others are the browser's", async () => {
    const before = rendered.length;
    // The renderer draws a shopper's page with a placeholder for the shopper's part
    // (src/components/RequireShopper.tsx); src/ssr/render.test.tsx checks what it draws.
    for (const url of ['/cart', '/profile/orders', '/profile/wishlist']) {
      const r = await call(site, { method: 'GET', url });
      expect({ url, rendered: r.body.includes('<div id="root"><main>') }).toEqual({
        url,
        rendered: true,
      });
    }
    expect(rendered.slice(before)).toEqual(['/cart', '/profile/orders', '/profile/wishlist']);
    for (const url of [
      '/auth/login',
      '/order-confirmation/3',
      '/profile/orders/3',
      '/index.html',
    ]) {
      const r = await call(site, { method: 'GET', url });
      expect({ url, root: /<div id=root><\/div>/.test(r.body) }).toEqual({ url, root: true });
      expect(r.body).not.toContain('server-answers');
    }
    expect(rendered.length - before).toBe(3);
  });

  test('a render that fails leaves the page to the browser, its data preloaded', async () => {
    const log: string[] = [];
    const failing = await t.build(
      { DIST_DIR: dist },
      { pageRenderer: listingRenderer(log, { fail: 'window is not defined' }) },
    );
    const r = await call(failing, { method: 'GET', url: '/shop' });
    expect(r.statusCode).toBe(200);
    expect(log).toEqual(['/shop']);
    expect(r.body).toContain('<div id=root></div>');
    expect(r.body).toContain('<link rel="preload" as="fetch"');
    expect(r.body).not.toContain('server-answers');
  });

  test('without a renderer in the build every page is the shell', async () => {
    const plain = await t.build({ DIST_DIR: dist });
    const r = await call(plain, { method: 'GET', url: '/shop' });
    expect(r.body).toContain('<div id=root></div>');
  });
});

describe('the renderer', () => {
  test("loads the build's renderer as Node loads a CommonJS file, and survives a broken one", async () => {
    const built = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-renderer-'));
    try {
      fs.mkdirSync(path.join(built, '.ssr'));
      fs.writeFileSync(
        path.join(built, '.ssr', 'render.cjs'),
        `const { format } = require('node:util');
        const here = require('node:path').basename(__dirname);
        exports.createServerPages = () => async (url) => ({ html: format('<main>%s %s</main>', here, url), answers: {} });`,
      );
      const renderer = loadRenderer(built, t.app.log);
      await expect(renderer?.createServerPages(fetch)('/faq')).resolves.toEqual({
        html: '<main>.ssr /faq</main>',
        answers: {},
      });
      fs.writeFileSync(path.join(built, '.ssr', 'render.cjs'), 'exports.x = (;');
      expect(loadRenderer(built, t.app.log)).toBeNull();
    } finally {
      fs.rmSync(built, { recursive: true, force: true });
    }
  });

  test("answers the renderer's API requests in-process", async () => {
    const fetchFn = inProcessFetch(t.app);
    const r = await fetchFn('http://localhost/api/categories');
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual(expect.any(Array));
    const missing = await fetchFn('http://localhost/api/get-product/no-such-product');
    expect(missing.status).toBe(404);
  });

  test('a render that runs late is given up, and tried again on the next visit', async () => {
    let calls = 0;
    const slow: RendererModule = {
      createServerPages: () => (_url, signal) => {
        calls += 1;
        return new Promise((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason as Error));
        });
      },
    };
    const renderer = createServerRenderer(slow, {
      app: t.app,
      version: async () => 1,
      log: t.app.log,
      timeLimitMs: 20,
    });
    // Left to the browser this time only: the page cache must not keep that outcome.
    await expect(renderer.render('/shop')).resolves.toEqual({ page: null, keep: false });
    await expect(renderer.render('/shop')).resolves.toEqual({ page: null, keep: false });
    expect(calls).toBe(2);
  });

  test('past the renders allowed at once, a new address gets the browser-rendered page', async () => {
    const waiting: (() => void)[] = [];
    const held: RendererModule = {
      createServerPages: () => (url) =>
        new Promise((resolve) => {
          waiting.push(() => resolve({ html: `<main>${url}</main>`, answers: {} }));
        }),
    };
    const renderer = createServerRenderer(held, {
      app: t.app,
      version: async () => 1,
      log: t.app.log,
      maxAtOnce: 2,
    });
    const first = renderer.render('/shop?q=a');
    const second = renderer.render('/shop?q=b');
    // The same address waits for its render; a third one is not started.
    const sameAsFirst = renderer.render('/shop?q=a');
    await expect(renderer.render('/shop?q=c')).resolves.toEqual({ page: null, keep: false });
    await new Promise((resolve) => setImmediate(resolve));
    expect(waiting).toHaveLength(2);
    for (const finish of waiting) finish();
    const done = (url: string) => ({
      page: { html: `<main>${url}</main>`, answers: {} },
      keep: true,
    });
    await expect(first).resolves.toEqual(done('/shop?q=a'));
    await expect(sameAsFirst).resolves.toEqual(done('/shop?q=a'));
    await expect(second).resolves.toEqual(done('/shop?q=b'));
    // Once they are done, the next address is rendered.
    const third = renderer.render('/shop?q=c');
    await new Promise((resolve) => setImmediate(resolve));
    waiting[2]?.();
    await expect(third).resolves.toEqual(done('/shop?q=c'));
  });

  test('a page whose answers are too large is not rendered', async () => {
    const big: RendererModule = {
      createServerPages: () => async () => ({
        html: '<main></main>',
        answers: { productApi: { queries: { all: 'x'.repeat(300 * 1024) } } },
      }),
    };
    const renderer = createServerRenderer(big, {
      app: t.app,
      version: async () => 1,
      log: t.app.log,
    });
    // Every visit would be as large: the shell is kept.
    await expect(renderer.render('/shop')).resolves.toEqual({ page: null, keep: true });
  });
});

/**
 * A renderer that, like src/ssr/render.tsx, asks the API with the session's token when it is
 * given a session, and shows the shopper's cart and name; a visitor's copy has the placeholder.
 */
function shopperRenderer(log: { url: string; session: SessionValues | undefined }[]) {
  const renderer: RendererModule = {
    createServerPages: (fetchFn) => async (url, _signal, session) => {
      log.push({ url, session });
      if (!session?.authToken) {
        return { html: '<main><div data-shopper-placeholder></div></main>', answers: {} };
      }
      const answer = await fetchFn('http://localhost/api/all-carts', {
        headers: { authorization: `Bearer ${session.authToken}` },
      });
      const cart = (await answer.json()) as { all_cart_data: { product: { name: string } }[] };
      const lines = cart.all_cart_data.map((line) => `<h3>${line.product.name}</h3>`).join('');
      return {
        html: `<main><p>Hi, ${session.userName}</p>${lines}</main>`,
        answers: { cartApi: { queries: { cart }, mutations: {}, provided: {} } },
      };
    },
  };
  return renderer;
}

describe("a signed-in shopper's pages", () => {
  const log: { url: string; session: SessionValues | undefined }[] = [];
  let shopSite: App;
  beforeAll(async () => {
    shopSite = await t.build({ DIST_DIR: dist }, { pageRenderer: shopperRenderer(log) });
  });

  function cookieFor(shopper: Shopper, changes: Partial<SessionValues> = {}): string {
    const session: SessionValues = {
      authToken: shopper.token,
      userID: String(shopper.id),
      userName: shopper.firstName,
      productID: null,
      productSlug: null,
      orderId: null,
      ...changes,
    };
    return `${SESSION_COOKIE}=${encodeSessionCookie(session)}`;
  }

  async function shopperWithRice(): Promise<Shopper> {
    const shopper = await createShopper(shopSite, t.db);
    const [rice] = await call(shopSite, { url: '/api/get-all-products' }).then((r) =>
      json<{ id: number; name: string }[]>(r),
    );
    await fillCart(shopSite, shopper, [[rice!.id, 2]]);
    return shopper;
  }

  test('with the session cookie, the cart is rendered for the shopper, private and uncached', async () => {
    const shopper = await shopperWithRice();
    const r = await call(shopSite, {
      url: '/cart',
      headers: { cookie: `other=1; ${cookieFor(shopper, { productSlug: 'ofada-rice' })}` },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['cache-control']).toBe('private, no-store');
    expect(r.headers.etag).toBeUndefined();
    expect(r.body).toContain(`<p>Hi, ${shopper.firstName}</p><h3>Ofada Rice</h3>`);
    expect(r.body).not.toContain('data-shopper-placeholder');
    // The page names the session it was rendered for, and never the token.
    expect(r.body).toContain(
      `data-session="userID=${shopper.id}&amp;userName=${shopper.firstName}&amp;productSlug=ofada-rice"`,
    );
    expect(r.body).not.toContain(shopper.token);
    expect(answersIn(r.body)).toMatchObject({ cartApi: { queries: { cart: {} } } });
    expect(log.at(-1)?.session?.userID).toBe(String(shopper.id));
  });

  test('each shopper request is rendered afresh, and a visitor still gets the kept copy', async () => {
    const shopper = await shopperWithRice();
    const before = log.length;
    await call(shopSite, { url: '/cart', headers: { cookie: cookieFor(shopper) } });
    await call(shopSite, { url: '/cart', headers: { cookie: cookieFor(shopper) } });
    expect(log.length - before).toBe(2);
    const visitor = await call(shopSite, { url: '/cart' });
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(visitor.body).toContain('data-shopper-placeholder');
    expect(visitor.body).not.toContain('Ofada Rice');
    expect(visitor.body).not.toContain('data-session');
  });

  test("a shopper's page is never kept for visitors, nor a visitor's served to a shopper", async () => {
    const shopper = await shopperWithRice();
    const url = '/profile/affiliate-market';
    const mine = await call(shopSite, { url, headers: { cookie: cookieFor(shopper) } });
    expect(mine.body).toContain(`<p>Hi, ${shopper.firstName}</p>`);
    const visitor = await call(shopSite, { url });
    expect(visitor.body).toContain('data-shopper-placeholder');
    expect(visitor.body).not.toContain(shopper.firstName);
    const before = log.length;
    const again = await call(shopSite, { url, headers: { cookie: cookieFor(shopper) } });
    expect(again.body).toContain(`<p>Hi, ${shopper.firstName}</p>`);
    expect(again.headers['cache-control']).toBe('private, no-store');
    expect(log.slice(before).map((r) => r.session?.userID)).toEqual([String(shopper.id)]);
  });

  test('a cookie whose token is logged out, forged or of another account gets the visitor copy', async () => {
    const shopper = await shopperWithRice();
    const other = await createShopper(shopSite, t.db, { email: 'tunde@example.com' });
    const loggedOut = await createShopper(shopSite, t.db, { email: 'bisi@example.com' });
    await call(shopSite, { method: 'POST', url: '/api/logout', token: loggedOut.token });
    for (const cookie of [
      cookieFor(loggedOut),
      cookieFor(shopper, { authToken: `${shopper.token}x` }),
      // The other account's token with this shopper's id: the page would be the other's.
      cookieFor(shopper, { authToken: other.token }),
      `${SESSION_COOKIE}=%%%`,
    ]) {
      const r = await call(shopSite, { url: '/cart', headers: { cookie } });
      expect({ cookie, cache: r.headers['cache-control'] }).toEqual({ cookie, cache: 'no-cache' });
      expect(r.body).toContain('data-shopper-placeholder');
      expect(r.body).not.toContain('Ofada Rice');
    }
  });

  test('pages the server does not render ignore the cookie', async () => {
    const shopper = await shopperWithRice();
    const r = await call(shopSite, { url: '/auth/login', headers: { cookie: cookieFor(shopper) } });
    expect(r.headers['cache-control']).toBe('no-cache');
    expect(r.body).toContain('<div id=root></div>');
  });

  test('the API never reads the cookie: a call without its token is refused', async () => {
    const shopper = await shopperWithRice();
    const r = await call(shopSite, {
      url: '/api/all-carts',
      headers: { cookie: cookieFor(shopper) },
    });
    expect(r.statusCode).toBe(401);
  });
});
