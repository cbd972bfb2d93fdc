import { memo, useDeferredValue } from 'react';
import { styled } from '@mui/material/styles';
import type { Product } from 'contract';
import { useAddToCart } from '../../components/product/useAddToCart';
import { useAddToWishlist } from '../../components/product/useAddToWishlist';
import { useRememberProduct } from '../../components/product/useRememberProduct';
import ProductCard from './ProductCard';
import { gridMetrics } from './gridMetrics';
import { useGridViewport } from './useGridViewport';

const List = styled('ul')({ display: 'grid', margin: 0, padding: 0 });

/** Rows of images that load at once; the rest load lazily. */
const EAGER_ROWS = 2;

export interface ProductGridProps {
  products: readonly Product[];
  /** Names the list for screen readers, e.g. 'Products' or 'Search results'. */
  label: string;
}

/**
 * The shop's product grid, windowed by rows: only the rows in and near the viewport are in
 * the page, between two spacers that stand in for the rows above and below, so ten thousand
 * products cost no more than a screenful. Each card says its place in the whole list
 * (aria-posinset of aria-setsize), and Tab walks on into the next rows as they scroll in.
 */
function ProductGrid({ products, label }: ProductGridProps) {
  const { ref, viewport: currentViewport } = useGridViewport();
  // New rows are drawn in the background (time-sliced, interruptible), so a fast fling never
  // blocks the page for long.
  const viewport = useDeferredValue(currentViewport);
  // One set of actions for every card (a card mounts with no store subscription of its own).
  const { addToCart } = useAddToCart();
  const { addToWishlist } = useAddToWishlist();
  const rememberProduct = useRememberProduct();
  const { columns, gap, cardHeight, rowStride, compact } = gridMetrics(viewport.width);
  const rowCount = Math.ceil(products.length / columns);
  const start = Math.min(viewport.start, rowCount);
  const end = Math.min(Math.max(viewport.end, start), rowCount);
  const first = start * columns;
  const shown = products.slice(first, Math.min(end * columns, products.length));
  // The spacers keep the grid as tall as all its rows, whichever rows are drawn.
  const totalHeight = Math.max(rowCount * rowStride - gap, 0);
  const drawnHeight = end > start ? (end - start) * rowStride - gap : 0;
  const topSpace = start * rowStride;
  const bottomSpace = Math.max(totalHeight - topSpace - drawnHeight, 0);

  return (
    <div ref={ref} data-testid="product-grid" data-row-count={rowCount} data-columns={columns}>
      <div aria-hidden="true" data-testid="space-above" style={{ height: topSpace }} />
      <List
        aria-label={label}
        style={{
          gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
          gridAutoRows: cardHeight,
          gap,
        }}
      >
        {shown.map((product, i) => (
          <ProductCard
            key={product.id}
            product={product}
            position={first + i + 1}
            setSize={products.length}
            compact={compact}
            eager={first + i < EAGER_ROWS * columns}
            onAddToCart={addToCart}
            onSaveToWishlist={addToWishlist}
            onOpen={rememberProduct}
          />
        ))}
      </List>
      <div aria-hidden="true" data-testid="space-below" style={{ height: bottomSpace }} />
    </div>
  );
}

/** Memoized: typing in the search box re-renders the page, not the grid. */
export default memo(ProductGrid);
