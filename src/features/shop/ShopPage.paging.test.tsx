import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { http, HttpResponse } from 'msw';
import { DEFAULT_PAGE_SIZE } from 'contract/rules';
import { AppProviders } from '../../app/AppProviders';
import { makeStore } from '../../app/store';
import { apiUrl } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import { manyProducts } from '../../testing/manyProducts';
import { deferred, recordRequests, server } from '../../testing/server';
import ShopPage from './ShopPage';
import { gridMetrics } from './gridMetrics';

// jsdom lays nothing out: the grid is given a width, a place on the page and a viewport, as
// in ProductGrid.test.tsx, and the tests scroll the window themselves.
const VIEWPORT_HEIGHT = 800;
const GRID_OFFSET = 200;
const GRID_WIDTH = 1152; // four a row
const CATALOGUE = 60; // two full pages and a part
let scrollY = 0;

function rect(top: number, width: number): DOMRect {
  return {
    x: 0,
    y: top,
    top,
    left: 0,
    width,
    height: 0,
    right: width,
    bottom: top,
    toJSON: () => ({}),
  };
}

const isGrid = (element: Element) => element.getAttribute('data-testid') === 'product-grid';

function setScrollY(y: number) {
  scrollY = y;
  Object.defineProperty(window, 'scrollY', { configurable: true, writable: true, value: y });
}

function scrollTo(y: number) {
  setScrollY(y);
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

const jsdomInnerHeight = window.innerHeight;

beforeEach(() => {
  jest.useFakeTimers();
  setScrollY(0);
  mockDb.products = manyProducts(CATALOGUE);
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return isGrid(this) ? GRID_WIDTH : 0;
  });
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    return isGrid(this) ? rect(GRID_OFFSET - scrollY, GRID_WIDTH) : rect(0, 0);
  });
  Object.defineProperty(window, 'innerHeight', {
    configurable: true,
    writable: true,
    value: VIEWPORT_HEIGHT,
  });
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  Object.defineProperty(window, 'innerHeight', {
    configurable: true,
    writable: true,
    value: jsdomInnerHeight,
  });
  setScrollY(0);
});

function renderShop() {
  const router = createMemoryRouter([{ path: '/shop', element: <ShopPage /> }], {
    initialEntries: ['/shop'],
  });
  render(
    <AppProviders store={makeStore()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user: userEvent.setup({ advanceTimers: jest.advanceTimersByTime }) };
}

/** The offsets of the pages asked for, in order. */
function pageOffsets(requests: ReturnType<typeof recordRequests>): string[] {
  return requests
    .filter((r) => r.url.pathname.endsWith('/get-all-products'))
    .map((r) => r.url.searchParams.get('offset') ?? '');
}

function cards() {
  return within(screen.getByRole('list', { name: 'Products' })).getAllByRole('listitem');
}

const { rowStride } = gridMetrics(GRID_WIDTH);
const firstPageRows = DEFAULT_PAGE_SIZE / 4;

test('the first screen asks for the first page only, and says the whole count', async () => {
  const requests = recordRequests();
  renderShop();
  await screen.findByRole('list', { name: 'Products' });
  expect(screen.getByText(`Showing ${CATALOGUE} products`)).toBeInTheDocument();
  expect(cards()[0]).toHaveAttribute('aria-setsize', String(CATALOGUE));
  await act(() => jest.advanceTimersByTimeAsync(100));
  expect(pageOffsets(requests)).toEqual(['0']);
});

test('nearing the end loads the next page, with a status, and nothing on screen moves', async () => {
  const requests = recordRequests();
  const second = deferred();
  server.use(
    http.get(apiUrl('/get-all-products'), async ({ request }) => {
      if (new URL(request.url).searchParams.get('offset') === String(DEFAULT_PAGE_SIZE)) {
        await second.gate;
      }
      return undefined;
    }),
  );
  renderShop();
  await screen.findByRole('list', { name: 'Products' });

  // The last rows of the first page come into view.
  scrollTo(GRID_OFFSET + (firstPageRows - 3) * rowStride);
  const before = cards().map((card) => card.getAttribute('aria-posinset'));
  const list = screen.getByRole('list', { name: 'Products' });
  const transform = list.style.transform;
  expect(await screen.findByText('Loading more…')).toBeInTheDocument();
  expect(pageOffsets(requests)).toEqual(['0', String(DEFAULT_PAGE_SIZE)]);

  second.release();
  await waitFor(() =>
    expect(screen.getByTestId('product-grid')).toHaveAttribute(
      'data-row-count',
      String(2 * firstPageRows),
    ),
  );
  expect(screen.queryByText('Loading more…')).toBeNull();
  // The rows on screen are the same rows, at the same place; the grid grew below them.
  expect(list.style.transform).toBe(transform);
  const after = cards().map((card) => card.getAttribute('aria-posinset'));
  expect(after.slice(0, before.length)).toEqual(before);

  // Further down, the last (part) page; then nothing more is asked.
  scrollTo(GRID_OFFSET + (2 * firstPageRows - 3) * rowStride);
  await waitFor(() =>
    expect(screen.getByTestId('product-grid')).toHaveAttribute(
      'data-row-count',
      String(CATALOGUE / 4),
    ),
  );
  scrollTo(GRID_OFFSET + (CATALOGUE / 4) * rowStride);
  await act(() => jest.advanceTimersByTimeAsync(100));
  expect(pageOffsets(requests)).toEqual(['0', '24', '48']);
});

test('a next page that fails says so and can be tried again', async () => {
  let fail = true;
  server.use(
    http.get(apiUrl('/get-all-products'), ({ request }) =>
      fail && new URL(request.url).searchParams.get('offset') !== '0'
        ? HttpResponse.json({ detail: 'Busy' }, { status: 503 })
        : undefined,
    ),
  );
  const { user } = renderShop();
  await screen.findByRole('list', { name: 'Products' });
  scrollTo(GRID_OFFSET + (firstPageRows - 3) * rowStride);

  const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
  expect(alert).toHaveTextContent('More products could not be loaded');
  fail = false;
  await user.click(within(alert).getByRole('button', { name: 'Load more' }));
  await waitFor(() =>
    expect(screen.getByTestId('product-grid')).toHaveAttribute(
      'data-row-count',
      String(2 * firstPageRows),
    ),
  );
  expect(screen.queryByRole('alert')).toBeNull();
});
