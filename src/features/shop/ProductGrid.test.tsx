import { Profiler } from 'react';
import { act, screen, within } from '@testing-library/react';
import type { Product } from 'contract';
import { manyProducts } from '../../testing/manyProducts';
import { renderWithProviders } from '../../testing/renderWithProviders';
import ProductGrid from './ProductGrid';
import { OVERSCAN_ROWS, gridMetrics } from './gridMetrics';

// jsdom lays nothing out: the grid is given a width, a place on the page and a viewport.
const VIEWPORT_HEIGHT = 800;
const GRID_OFFSET = 200; // the grid starts this far down the page
let gridWidth = 1152;
let scrollY = 0;
let resizeCallbacks: (() => void)[] = [];

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

beforeEach(() => {
  // Cards below the first screen draw in animation frames (cardQueue): the tests run those
  // frames themselves, so how busy the machine is never changes how many have run.
  jest.useFakeTimers();
  setScrollY(0);
  gridWidth = 1152;
  resizeCallbacks = [];
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return isGrid(this) ? gridWidth : 0;
  });
  jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    return isGrid(this) ? rect(GRID_OFFSET - scrollY, gridWidth) : rect(0, 0);
  });
  Object.defineProperty(window, 'innerHeight', {
    configurable: true,
    writable: true,
    value: VIEWPORT_HEIGHT,
  });
  class FakeResizeObserver {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe() {
      resizeCallbacks.push(() => this.callback([], this as unknown as ResizeObserver));
    }
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', {
    configurable: true,
    writable: true,
    value: FakeResizeObserver,
  });
});

const jsdomInnerHeight = window.innerHeight;

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  Object.defineProperty(window, 'innerHeight', {
    configurable: true,
    writable: true,
    value: jsdomInnerHeight,
  });
  setScrollY(0);
  Reflect.deleteProperty(window, 'ResizeObserver');
});

/** The name of the product at a place (1-based) in a catalogue. */
function nameAt(products: readonly Product[], position: number): string {
  const product = products[position - 1];
  if (!product) throw new Error(`no product at ${position}`);
  return product.name;
}

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

function cards() {
  return within(screen.getByRole('list', { name: 'Products' })).getAllByRole('listitem');
}

function positions() {
  return cards().map((card) => Number(card.getAttribute('aria-posinset')));
}

/** The most cards the viewport plus the overscan can hold. */
function cardBound(width: number) {
  const { columns, rowStride } = gridMetrics(width);
  return (Math.ceil(VIEWPORT_HEIGHT / rowStride) + 1 + 2 * OVERSCAN_ROWS) * columns;
}

test('with 1,000 products only the rows near the viewport are in the page', () => {
  const products = manyProducts(1000);
  renderWithProviders(<ProductGrid products={products} label="Products" />);
  const shown = cards();
  expect(shown.length).toBeGreaterThanOrEqual(8);
  expect(shown.length).toBeLessThanOrEqual(cardBound(gridWidth));
  expect(shown[0]).toHaveAttribute('aria-posinset', '1');
  expect(shown[0]).toHaveAttribute('aria-setsize', '1000');
  expect(screen.queryByRole('link', { name: nameAt(products, 1000) })).not.toBeInTheDocument();
});

test('four a row on a wide screen, in a grid as tall as every row, drawn rows at their place', () => {
  renderWithProviders(<ProductGrid products={manyProducts(1000)} label="Products" />);
  const grid = screen.getByTestId('product-grid');
  expect(grid).toHaveAttribute('data-columns', '4');
  expect(grid).toHaveAttribute('data-row-count', '250');
  const { rowStride, gap } = gridMetrics(gridWidth);
  expect(grid).toHaveStyle({ height: `${250 * rowStride - gap}px` });
  const list = screen.getByRole('list', { name: 'Products' });
  expect(list).toHaveStyle({ transform: 'translateY(0px)' });

  scrollTo(GRID_OFFSET + 100 * rowStride);
  // The first drawn row (the overscan above the viewport) sits where that row belongs.
  expect(list).toHaveStyle({ transform: `translateY(${(100 - OVERSCAN_ROWS) * rowStride}px)` });
  expect(grid).toHaveStyle({ height: `${250 * rowStride - gap}px` });
});

test('scrolling draws the rows that come into view and drops those that leave', () => {
  const products = manyProducts(1000);
  renderWithProviders(<ProductGrid products={products} label="Products" />);
  const { rowStride } = gridMetrics(gridWidth);

  scrollTo(GRID_OFFSET + 100 * rowStride);
  const middle = positions();
  expect(middle[0]).toBe((100 - OVERSCAN_ROWS) * 4 + 1);
  expect(middle).toContain(401);
  expect(middle.length).toBeLessThanOrEqual(cardBound(gridWidth));
  expect(screen.queryByRole('link', { name: nameAt(products, 1) })).not.toBeInTheDocument();

  scrollTo(GRID_OFFSET + 250 * rowStride);
  expect(positions().at(-1)).toBe(1000);
  drawAllPending();
  expect(screen.getByRole('link', { name: nameAt(products, 1000) })).toBeInTheDocument();
});

/** Runs the next animation frame's callbacks. */
function nextFrame() {
  act(() => jest.advanceTimersToNextFrame());
}

const pending = () => cards().filter((card) => card.hasAttribute('data-pending'));

/** Runs frames until every waiting card is drawn: a row's worth a frame. */
function drawAllPending() {
  const { columns } = gridMetrics(gridWidth);
  const frames = Math.ceil(pending().length / columns);
  for (let frame = 0; frame < frames; frame += 1) nextFrame();
  expect(pending()).toHaveLength(0);
}

test('the first two rows are drawn at once; later cards a row a frame, empty and busy until then', () => {
  renderWithProviders(<ProductGrid products={manyProducts(1000)} label="Products" />);
  const { columns } = gridMetrics(gridWidth);
  const all = cards();
  expect(all.slice(0, 2 * columns).every((card) => !card.hasAttribute('data-pending'))).toBe(true);
  const waiting = pending();
  expect(waiting.length).toBe(all.length - 2 * columns);
  expect(waiting[0]).toHaveAttribute('aria-busy', 'true');
  expect(waiting[0]).toBeEmptyDOMElement();

  nextFrame();
  expect(pending()).toHaveLength(waiting.length - columns);
  expect(pending()[0]).toHaveAttribute('aria-posinset', String(3 * columns + 1));
  nextFrame();
  expect(pending()).toHaveLength(waiting.length - 2 * columns);
  drawAllPending();
  expect(within(all[all.length - 1] as HTMLElement).getByRole('link')).toBeInTheDocument();
});

test('a card that scrolls away before its turn is never drawn, and the next ones take its place', () => {
  const products = manyProducts(1000);
  renderWithProviders(<ProductGrid products={products} label="Products" />);
  const { columns, rowStride } = gridMetrics(gridWidth);
  // A fling: far down the list before any frame has drawn the waiting cards.
  scrollTo(GRID_OFFSET + 200 * rowStride);
  const shown = positions();
  expect(shown[0]).toBe((200 - OVERSCAN_ROWS) * columns + 1);
  expect(pending()).toHaveLength(shown.length);
  nextFrame();
  // The first frame draws the first cards now in the window, not the ones flung past.
  expect(
    cards()
      .slice(0, columns)
      .every((card) => !card.hasAttribute('data-pending')),
  ).toBe(true);
  expect(pending()).toHaveLength(shown.length - columns);
  expect(screen.queryByRole('link', { name: nameAt(products, 9) })).not.toBeInTheDocument();
});

test('scrolling within a row renders nothing again', () => {
  const onRender = jest.fn();
  renderWithProviders(
    <Profiler id="grid" onRender={onRender}>
      <ProductGrid products={manyProducts(1000)} label="Products" />
    </Profiler>,
  );
  const commits = onRender.mock.calls.length;
  const before = cards()[0];
  scrollTo(10);
  scrollTo(25);
  expect(onRender.mock.calls.length).toBe(commits);
  expect(cards()[0]).toBe(before);
});

test('on a phone-width grid, two a row; on a tablet, three', () => {
  renderWithProviders(<ProductGrid products={manyProducts(1000)} label="Products" />);
  const grid = () => screen.getByTestId('product-grid');
  gridWidth = 343;
  act(() => resizeCallbacks.forEach((callback) => callback()));
  expect(grid()).toHaveAttribute('data-columns', '2');
  expect(cards().length).toBeLessThanOrEqual(cardBound(343));
  gridWidth = 720;
  act(() => resizeCallbacks.forEach((callback) => callback()));
  expect(grid()).toHaveAttribute('data-columns', '3');
});

test('100,000 products still draw only a screenful', () => {
  renderWithProviders(<ProductGrid products={manyProducts(100_000)} label="Products" />);
  expect(cards().length).toBeLessThanOrEqual(cardBound(gridWidth));
  const { rowStride } = gridMetrics(gridWidth);
  scrollTo(GRID_OFFSET + 24_999 * rowStride);
  expect(positions().at(-1)).toBe(100_000);
});
