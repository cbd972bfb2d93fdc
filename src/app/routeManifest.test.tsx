import fs from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import { Route, Routes, matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '../lib/paths';
import { shopperReadsFor } from '../services/earlyAnswers';
import { renderWithProviders } from '../testing/renderWithProviders';
import { routeManifest, type RouteEntry } from './routeManifest';
import { pageModules, preloadPage, routesOf } from './routes';

/** A page added the way every page is: one entry, and its module. */
const giftCards: RouteEntry = {
  name: 'giftCards',
  path: '/gift-cards',
  page: 'gift-cards',
  layout: 'detail',
  serverRendered: true,
  queries: { shopper: ['cart', 'delivery'] },
  title: 'home',
};
/** A section with a router of its own, as the back office is. */
const backOffice: RouteEntry = {
  name: 'depot',
  path: '/depot/*',
  page: 'back-office',
  layout: 'own',
  serverRendered: false,
};

function GiftCardsPage() {
  return <h1>Gift cards</h1>;
}
function BackOffice() {
  return (
    <Routes>
      <Route index element={<h1>Back office</h1>} />
      <Route path="catalogue" element={<h1>Catalogue</h1>} />
    </Routes>
  );
}

const manifest = [...routeManifest, giftCards, backOffice];
const table = routesOf(manifest, {
  ...pageModules,
  'gift-cards': () => Promise.resolve({ default: GiftCardsPage }),
  'back-office': () => Promise.resolve({ default: BackOffice }),
});

function RouteTable({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/** The page a path lands on: the chunk of the deepest route matched. */
function landsOn(routes: RouteObject[], pathname: string) {
  return (matchRoutes(routes, pathname) ?? []).map((match) => match.route.path ?? '(layout)');
}

describe('a page added to the route manifest', () => {
  it('is routed in its layout, preloaded with it, and shown', async () => {
    expect(landsOn(table, '/gift-cards')).toEqual(['(layout)', '/gift-cards']);
    await preloadPage('/gift-cards', table);
    renderWithProviders(<RouteTable routes={table} />, { route: '/gift-cards' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Gift cards' })).toBeVisible();
  });

  it('opens with the answers its entry names', () => {
    expect(shopperReadsFor('/gift-cards', manifest)).toEqual(['cart', 'delivery']);
    expect(shopperReadsFor('/gift-cards')).toEqual(['cart', 'wishlist']);
  });

  it('with a router of its own, takes every address under it; its pages keep theirs', async () => {
    expect(landsOn(table, '/depot/catalogue')).toEqual(['/depot/*']);
    expect(landsOn(table, '/depot')).toEqual(['/depot/*']);
    // The shop's own back office is such a section: its orders are its router's.
    expect(landsOn(table, '/staff/orders')).toEqual(['/staff/*']);
    renderWithProviders(<RouteTable routes={table} />, { route: '/depot/catalogue' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
  });

  it('is not routed until it is in the manifest', () => {
    expect(landsOn(routesOf(routeManifest), '/gift-cards')).toEqual(['(layout)', '*']);
  });
});

test("every named page's path is the manifest's, for links", () => {
  const named = routeManifest.filter((route) => route.name !== undefined);
  expect(Object.keys(paths).sort()).toEqual(named.map((route) => route.name).sort());
  for (const route of named) {
    // A section with its own router is linked to at its root.
    expect(paths[route.name as keyof typeof paths]).toBe(route.path.replace(/\/\*$/, ''));
  }
  expect(paths.root).toBe('/');
  expect(paths.productDetails).toBe('/detail/product-details');
  expect(paths.backOffice).toBe('/staff');
});

test("docs/product.md's routes table has a row for each entry of the manifest, in order", () => {
  const doc = fs.readFileSync(path.join(__dirname, '../../docs/product.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Routes'), doc.indexOf('## Screens'));
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|').map((cell) => cell.trim()));
  const documented = rows.map(([, pathCell = '', , layout, rendered]) => ({
    path: /^`([^`?]+)/.exec(pathCell)?.[1],
    layout,
    serverRendered: rendered === 'yes',
  }));
  expect(documented).toEqual(
    routeManifest.map(({ path: p, layout, serverRendered }) => ({
      path: p,
      layout,
      serverRendered,
    })),
  );
});
