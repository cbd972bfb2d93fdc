import { useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchOff from '@mui/icons-material/SearchOff';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import EmptyState from '../../components/EmptyState';
import RequestBanner from '../../components/RequestBanner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { productLoadError } from '../../lib/getErrorMessage';
import { plainMessages } from '../../lib/messages';
import { productApi, useGetProductsQuery } from '../../services/productApi';
import ProductGrid from './ProductGrid';
import SearchBox from './SearchBox';
import { useSearchText } from './useSearchText';

const count = new Intl.NumberFormat('en-NG');

function showing(n: number): string {
  return `Showing ${count.format(n)} ${n === 1 ? 'product' : 'products'}`;
}

/**
 * Keeps the whole catalogue in the cache while the shop is open, once it has been loaded:
 * emptying the search then shows every product again without downloading them again.
 * (A search link opened cold does not download the catalogue for nothing.)
 */
function useKeepCatalogue() {
  const { loaded } = productApi.endpoints.getProducts.useQueryState('', {
    selectFromResult: ({ isSuccess }) => ({ loaded: isSuccess }),
  });
  useGetProductsQuery('', { skip: !loaded });
}

/** The shop (docs/product.md#shop): a searchable grid of every product, four a row on wide screens. */
export default function ShopPage() {
  const search = useSearchText();
  const { query, label } = search;
  const searchInput = useRef<HTMLInputElement>(null);
  useDocumentTitle(label ? `“${label}” in the shop` : 'Shop');
  useKeepCatalogue();

  const { data, currentData, error, isFetching, refetch } = useGetProductsQuery(query);
  const stale = currentData === undefined && data !== undefined;

  function clearSearch() {
    search.clear();
    searchInput.current?.focus();
  }

  let status: string;
  let body: ReactNode;
  if (error && currentData === undefined && !isFetching) {
    status = '';
    body = (
      <Stack role="alert" spacing={2} sx={{ py: 4, alignItems: 'flex-start' }}>
        <Typography color="error">{productLoadError(error)}</Typography>
        <Button variant="outlined" onClick={() => void refetch()}>
          Try again
        </Button>
      </Stack>
    );
  } else if (data === undefined || (stale && data.length === 0)) {
    // Nothing yet, or only an empty answer to another search: say it is loading rather than
    // show an empty grid under 'Searching…'. A screen tall, like the grid that replaces it, so
    // the request banner and footer wait below the fold instead of jumping down a screen.
    status = '';
    body = (
      <Stack
        role="status"
        direction="row"
        spacing={2}
        sx={{ py: 8, minHeight: '100vh', alignItems: 'flex-start', justifyContent: 'center' }}
      >
        <CircularProgress size={28} aria-hidden="true" />
        <Typography color="text.secondary">{plainMessages.productsLoading}</Typography>
      </Stack>
    );
  } else if (currentData?.length === 0 && !label) {
    status = showing(0);
    body = (
      <EmptyState
        icon={<StorefrontOutlined />}
        message="No products on the shelves yet"
        description="The shop is restocking. Please check back soon."
      />
    );
  } else if (currentData?.length === 0) {
    status = showing(0);
    body = (
      <EmptyState
        icon={<SearchOff />}
        message={`No products match “${label}”`}
        description={
          <>
            Check the spelling or try a shorter word, like “rice” or “oil”.
            <Button
              variant="contained"
              onClick={clearSearch}
              sx={{ display: 'flex', mx: 'auto', mt: 2 }}
            >
              Clear search
            </Button>
          </>
        }
      />
    );
  } else {
    status = stale ? 'Searching…' : showing(data.length);
    body = (
      <Box
        aria-busy={stale}
        sx={{ opacity: stale ? 0.55 : 1, transition: 'opacity 150ms', minHeight: 240 }}
      >
        <ProductGrid products={data} label={label ? `Products matching “${label}”` : 'Products'} />
      </Box>
    );
  }

  return (
    <Stack spacing={{ xs: 2.5, md: 3 }}>
      <Box>
        <Typography variant="h1" sx={{ mb: 0.5 }}>
          Shop
        </Typography>
        <Typography color="text.secondary">
          Fresh food and everyday goods from Ibadan’s markets, delivered to your door.
        </Typography>
      </Box>
      <SearchBox
        value={search.text}
        onChange={search.change}
        onSubmit={search.submit}
        onClear={clearSearch}
        inputRef={searchInput}
      />
      <Box
        sx={{
          display: 'flex',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          columnGap: 2,
        }}
      >
        <Typography component="h2" variant="h4">
          {label ? `Results for “${label}”` : 'All products'}
        </Typography>
        <Typography role="status" color="text.secondary" sx={{ fontSize: '0.9rem' }}>
          {status}
        </Typography>
      </Box>
      {body}
      <RequestBanner kind="product" />
    </Stack>
  );
}
