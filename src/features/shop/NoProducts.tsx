import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import SearchOff from '@mui/icons-material/SearchOff';
import type { Product } from 'contract';
import EmptyState from '../../components/EmptyState';
import { productDetailsPath } from '../../components/product/productPath';
import { useRememberProduct } from '../../components/product/useRememberProduct';
import RouterLink from '../../components/RouterLink';

function DidYouMean({ products }: { products: readonly Product[] }) {
  const rememberProduct = useRememberProduct();
  if (products.length === 0) return null;
  return (
    <Box component="nav" aria-label="Did you mean" sx={{ mt: 2 }}>
      <Typography sx={{ fontWeight: 600 }}>Did you mean</Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {products.map((product) => (
          <li key={product.id}>
            <Link
              component={RouterLink}
              to={productDetailsPath(product.slug)}
              onClick={() => rememberProduct(product)}
            >
              {product.name}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}

interface NoProductsProps {
  /** The search as typed, '' without one. */
  label: string;
  /** The nearest products to a search that found nothing. */
  suggestions: readonly Product[];
  onClearSearch: () => void;
  onClearFilters: () => void;
}

/**
 * A search, or a category and filters, that match nothing: says so and offers a way out.
 * Loaded on demand (with the grid's next-page state): most visits never see it.
 */
export default function NoProducts({
  label,
  suggestions,
  onClearSearch,
  onClearFilters,
}: NoProductsProps) {
  if (label) {
    return (
      <EmptyState
        icon={<SearchOff />}
        message={`No products match “${label}”`}
        description={
          <>
            Check the spelling or try a shorter word, like “rice” or “oil”.
            <DidYouMean products={suggestions} />
            <Button
              variant="contained"
              onClick={onClearSearch}
              sx={{ display: 'flex', mx: 'auto', mt: 2 }}
            >
              Clear search
            </Button>
          </>
        }
      />
    );
  }
  return (
    <EmptyState
      icon={<SearchOff />}
      message="No products match these filters"
      description={
        <>
          Try another category or fewer filters.
          <Button
            variant="contained"
            onClick={onClearFilters}
            sx={{ display: 'flex', mx: 'auto', mt: 2 }}
          >
            Clear filters
          </Button>
        </>
      }
    />
  );
}

interface NextPageStateProps {
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}

/** Under the grid: the next page on its way, or a failed one with a retry. */
export function NextPageState({ loading, failed, onRetry }: NextPageStateProps) {
  if (loading) {
    return (
      <Stack
        role="status"
        direction="row"
        spacing={1.5}
        sx={{ py: 3, justifyContent: 'center', alignItems: 'center' }}
      >
        <CircularProgress size={20} aria-hidden="true" />
        <Typography color="text.secondary">Loading more…</Typography>
      </Stack>
    );
  }
  if (!failed) return null;
  return (
    <Stack role="alert" spacing={1.5} sx={{ py: 3, alignItems: 'center' }}>
      <Typography color="error">
        More products could not be loaded. Check your connection and try again.
      </Typography>
      <Button variant="outlined" onClick={onRetry}>
        Load more
      </Button>
    </Stack>
  );
}
