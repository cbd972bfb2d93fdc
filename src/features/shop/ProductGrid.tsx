import { memo, useDeferredValue, useEffect, useMemo, type CSSProperties } from 'react';
import { styled, type CSSObject } from '@mui/material/styles';
import type { Product } from 'contract';
import { useAddToCart } from '../../components/product/useAddToCart';
import { useAddToWishlist } from '../../components/product/useAddToWishlist';
import { useRememberProduct } from '../../components/product/useRememberProduct';
import ProductCard from './ProductCard';
import {
  BODY_HEIGHT,
  IMAGE_INSET,
  IMAGE_RATIO,
  PHONE_MAX_WIDTH,
  TABLET_MAX_WIDTH,
  gridMetrics,
} from './gridMetrics';
import { useGridViewport } from './useGridViewport';

/** A row's height in CSS, as gridMetrics computes it in script, from the grid's width (100cqw). */
function rowHeight(columns: number, gap: number, body: number): string {
  const cardWidth = `(100cqw - ${gap * (columns - 1)}px) / ${columns}`;
  return `calc(${IMAGE_INSET}px + (${cardWidth} - ${2 * IMAGE_INSET}px) / ${IMAGE_RATIO} + ${body}px)`;
}

/** The layouts CSS chooses by the grid's width before it is measured, as gridMetrics would. */
const FLUID_LAYOUTS = [0, PHONE_MAX_WIDTH, TABLET_MAX_WIDTH].map((from) => {
  const { columns, gap, compact } = gridMetrics(from);
  return { from, columns, gap, body: compact ? BODY_HEIGHT.compact : BODY_HEIGHT.regular };
});

/** `rule` for each fluid layout, under a container query from the layout's width on. */
function atEachWidth(rule: (layout: (typeof FLUID_LAYOUTS)[number]) => CSSObject): CSSObject {
  return Object.fromEntries(
    FLUID_LAYOUTS.map((layout) =>
      layout.from === 0
        ? ['&', rule(layout)]
        : [`@container (min-width: ${layout.from}px)`, rule(layout)],
    ),
  );
}

/**
 * Cards drawn before the grid is measured (the server's page, and the browser's hydration of
 * it): three rows of four, six rows of two, more than a first screen holds.
 */
const FLUID_CARDS = 12;

/** The CSS variable holding how many rows of `columns` the fluid grid leaves undrawn. */
const restVariable = (columns: number) => `--rest-rows-${columns}`;

// The frame is a size container: before the grid is measured, its columns and rows follow
// its width in CSS alone (container queries at gridMetrics' widths).
const Frame = styled('div')({ position: 'relative', containerType: 'inline-size' });
const List = styled('ul')({
  position: 'absolute',
  top: 0,
  left: 0,
  right: 0,
  display: 'grid',
  margin: 0,
  padding: 0,
  '&[data-fluid]': {
    position: 'static',
    ...atEachWidth(({ columns, gap, body }) => ({
      gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
      gap,
      gridAutoRows: rowHeight(columns, gap, body),
    })),
  },
});
// Below the fluid cards, the room the rows not drawn yet will take: the page is as tall
// before the grid is measured as after, so the footer does not move down while it fills in,
// and Back can return at once to a position far down the list.
const Rest = styled('div')(
  atEachWidth(({ columns, gap, body }) => ({
    height: `calc(var(${restVariable(columns)}) * (${rowHeight(columns, gap, body)} + ${gap}px))`,
  })),
);

/** How many rows each fluid layout leaves undrawn, as the CSS variables Rest reads. */
function restRows(count: number): CSSProperties {
  const rows = (n: number, columns: number) => Math.ceil(n / columns);
  return Object.fromEntries(
    FLUID_LAYOUTS.map(({ columns }) => [
      restVariable(columns),
      rows(count, columns) - rows(Math.min(count, FLUID_CARDS), columns),
    ]),
  );
}

/** Rows of images that load at once; the rest load lazily. */
const EAGER_ROWS = 2;

export interface ProductGridProps {
  products: readonly Product[];
  /** Names the list for screen readers, e.g. 'Products' or 'Search results'. */
  label: string;
  /** How many products the whole list holds, when only its first pages are here. */
  setSize?: number;
  /**
   * Called when the viewport nears the last rows held, to load the next page. New rows join
   * at the end, so what is on screen stays where it is while the grid grows.
   */
  onNearEnd?: () => void;
}

/**
 * The shop's product grid, windowed by rows: only the rows in and near the viewport are in
 * the page, in a frame as tall as every row, so ten thousand products cost no more than a
 * screenful. Each card says its place in the whole list
 * (aria-posinset of aria-setsize), and Tab walks on into the next rows as they scroll in.
 */
function ProductGrid({ products, label, setSize, onNearEnd }: ProductGridProps) {
  const { ref, viewport: currentViewport } = useGridViewport();
  // The rows drawn reach past the viewport by the overscan: when they reach the last row held,
  // the shopper is a couple of rows from the end, and the next page has that long to arrive.
  const nearEnd =
    products.length > 0 &&
    currentViewport.end >= Math.ceil(products.length / gridMetrics(currentViewport.width).columns);
  useEffect(() => {
    if (nearEnd) onNearEnd?.();
  }, [nearEnd, onNearEnd, products]);
  // New rows are drawn in the background (time-sliced, interruptible), so a fast fling never
  // blocks the page for long.
  const viewport = useDeferredValue(currentViewport);
  // One set of actions for every card (a card mounts with no store subscription of its own).
  const { addToCart } = useAddToCart();
  const { addToWishlist } = useAddToWishlist();
  const rememberProduct = useRememberProduct();
  // Scrolling past a row renders the grid twice: at once, still with the rows drawn so far,
  // then in the background with the new ones. The first render gives back the very same
  // elements, so React leaves the rows alone instead of comparing every card again.
  return useMemo(() => {
    if (viewport.width === 0) {
      // Not measured yet: the server knows no screen, so the first cards are laid out by CSS
      // for whatever width the grid has, each row as tall as the measured grid will make it.
      return (
        <Frame ref={ref} data-testid="product-grid" data-row-count={0}>
          <List aria-label={label} data-fluid="">
            {products.slice(0, FLUID_CARDS).map((product, i) => (
              <ProductCard
                key={product.id}
                product={product}
                position={i + 1}
                setSize={Math.max(setSize ?? 0, products.length)}
                compact
                eager={i < EAGER_ROWS * 2}
                onAddToCart={addToCart}
                onSaveToWishlist={addToWishlist}
                onOpen={rememberProduct}
              />
            ))}
          </List>
          {products.length > FLUID_CARDS ? (
            <Rest aria-hidden="true" style={restRows(products.length)} />
          ) : null}
        </Frame>
      );
    }
    const { columns, gap, cardHeight, rowStride, compact } = gridMetrics(viewport.width);
    const rowCount = Math.ceil(products.length / columns);
    const start = Math.min(viewport.start, rowCount);
    const end = Math.min(Math.max(viewport.end, start), rowCount);
    const first = start * columns;
    const shown = products.slice(first, Math.min(end * columns, products.length));
    // The grid is as tall as all its rows, whichever are drawn; the drawn rows are moved to
    // their place with a transform, which changes no layout, so scrolling lays out only the
    // rows it adds.
    const totalHeight = Math.max(rowCount * rowStride - gap, 0);
    const topSpace = start * rowStride;
    const firstScreen = EAGER_ROWS * columns;

    return (
      <Frame
        ref={ref}
        data-testid="product-grid"
        data-row-count={rowCount}
        data-columns={columns}
        style={{ height: totalHeight }}
      >
        <List
          aria-label={label}
          style={{
            gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
            gridAutoRows: cardHeight,
            gap,
            transform: `translateY(${topSpace}px)`,
          }}
        >
          {shown.map((product, i) => {
            // The first screen's cards draw at once; the rest take their turn (cardQueue).
            const onFirstScreen = first + i < firstScreen;
            return (
              <ProductCard
                key={product.id}
                product={product}
                position={first + i + 1}
                setSize={Math.max(setSize ?? 0, products.length)}
                compact={compact}
                eager={onFirstScreen}
                contentPerFrame={onFirstScreen ? undefined : columns}
                onAddToCart={addToCart}
                onSaveToWishlist={addToWishlist}
                onOpen={rememberProduct}
              />
            );
          })}
        </List>
      </Frame>
    );
  }, [viewport, products, label, setSize, ref, addToCart, addToWishlist, rememberProduct]);
}

/** Memoized: typing in the search box re-renders the page, not the grid. */
export default memo(ProductGrid);
