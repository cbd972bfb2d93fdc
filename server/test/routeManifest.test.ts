import { routeManifest, type RouteEntry } from '../../src/app/routeManifest';
import { appRoutesOf } from '../../e2e/routes';
import { earlyDataPaths, earlyScriptPaths, routeChunkGroupsOf } from '../src/earlyData';
import { plainPageTitle, previewRoutesOf } from '../src/preview';
import { isRenderedPath, renderedPathsOf } from '../src/serverRender';

/** A page added the way every page is: one entry of the manifest (src/app/routeManifest.ts). */
const giftCards: RouteEntry = {
  name: 'giftCards',
  path: '/gift-cards',
  page: 'gift-cards',
  layout: 'detail',
  serverRendered: true,
  queries: { catalogue: 'listing' },
  title: 'home',
  preview: { canonicalQuery: ['category'] },
};
/** A section with a router of its own, lazily loaded and never rendered, as the back office. */
const backOffice: RouteEntry = {
  name: 'depot',
  path: '/depot/*',
  page: 'depot',
  layout: 'own',
  serverRendered: false,
};
const manifest = [...routeManifest, giftCards, backOffice];

const GROUPS = {
  main: ['assets/main.1.js'],
  app: ['assets/vendor.2.js', 'assets/app.3.js'],
  'detail-layout': ['assets/detail-layout.4.js'],
  'gift-cards': ['assets/gift-cards.5.js'],
  depot: ['assets/depot.6.js'],
  'back-office': ['assets/back-office.7.js'],
};

describe('a page added to the route manifest, on the server', () => {
  test('is rendered on the server; a section with its own router is not', () => {
    const rendered = renderedPathsOf(manifest);
    expect(rendered.has('/gift-cards')).toBe(true);
    expect([...rendered].filter((p) => p.startsWith('/depot'))).toEqual([]);
    expect([...rendered].filter((p) => p.startsWith('/staff'))).toEqual([]);
    // Not in the app's own list until it is in the app's manifest.
    expect(isRenderedPath('/gift-cards')).toBe(false);
  });

  test("its HTML preloads its layout's and page's code, and the data it names", () => {
    const groupsOf = routeChunkGroupsOf(manifest);
    expect(earlyScriptPaths(GROUPS, '/gift-cards', groupsOf)).toEqual([
      '/assets/detail-layout.4.js',
      '/assets/gift-cards.5.js',
    ]);
    expect(earlyDataPaths('/api', '/gift-cards', new URLSearchParams(), manifest)).toEqual([
      '/api/get-all-products?limit=24&offset=0',
      '/api/categories',
    ]);
    // Every address under a router of its own is its page; its fixed neighbours keep theirs.
    expect(groupsOf('/depot/catalogue/7')).toEqual(['depot']);
    expect(groupsOf('/depot')).toEqual(['depot']);
    expect(groupsOf('/depotroom')).toEqual([]);
    // The shop's own back office is such a section.
    expect(groupsOf('/staff/orders')).toEqual(['back-office']);
  });

  test('its title is in its HTML from the start', () => {
    const routes = previewRoutesOf(manifest);
    expect(plainPageTitle('/gift-cards', new URLSearchParams(), routes)).toBe(
      'Home | Ibadan Market',
    );
    expect(plainPageTitle('/depot', new URLSearchParams(), routes)).toBe('Ibadan Market');
  });

  test('the browser tests open it, and ask for its heading', () => {
    const headings = { '/gift-cards': 'Gift cards', '/depot/*': 'Orders to fulfil' };
    const all = { ...Object.fromEntries(routeManifest.map((r) => [r.path, 'x'])), ...headings };
    const listed = appRoutesOf(manifest, all);
    expect(listed.find((r) => r.path === '/gift-cards')?.heading).toEqual(/^Gift cards$/);
    expect(listed.find((r) => r.path === '/depot')?.heading).toEqual(/^Orders to fulfil$/);
    expect(() => appRoutesOf([...routeManifest, giftCards])).toThrow(/no heading for \/gift-cards/);
  });
});

test("the app's own pages, as they were: rendered, titled and preloaded", () => {
  expect([...renderedPathsOf(routeManifest)].sort()).toEqual(
    [
      '/',
      '/shop',
      '/home',
      '/vendors',
      '/faq',
      '/contact',
      '/policies',
      '/detail',
      '/detail/product-details',
      '/cart',
      '/profile',
      '/profile/orders',
      '/profile/notifications',
      '/profile/order-items',
      '/profile/wishlist',
      '/profile/affiliate-market',
    ].sort(),
  );
  const title = (p: string, q = '') => plainPageTitle(p, new URLSearchParams(q));
  expect(title('/')).toBe('Shop | Ibadan Market');
  expect(title('/shop', 'q=rice')).toBe('“rice” in the shop | Ibadan Market');
  expect(title('/faq')).toBe('FAQ | Ibadan Market');
  expect(title('/detail')).toBe('Product details | Ibadan Market');
  expect(title('/cart')).toBe('Ibadan Market');
});
