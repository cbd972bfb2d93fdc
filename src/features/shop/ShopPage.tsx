import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { productDetailsPath } from '../../components/product/productPath';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { shopTitle } from 'contract/titles';
import { formatCount } from '../../lib/format';
import { productLoadError } from '../../lib/getErrorMessage';
import { plainMessages } from '../../lib/messages';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { theme } from '../../theme/theme';
import {
  useGetCategoriesQuery,
  useGetProductPagesInfiniteQuery,
  useGetSearchSuggestionsQuery,
} from '../../services/productApi';
import ProductGrid from './ProductGrid';
import SearchBox, { type SearchSuggestion } from './SearchBox';
import {
  NO_CHOICE,
  activeFilterCount,
  listingQuery,
  readListing,
  writeListing,
  type ListingChoice,
} from './listingParams';
import { SEARCH_PARAM, searchKey, useSearchText } from './useSearchText';

// The filters' controls are not on the first screen of a phone: they load when first opened
// (on wide screens, just after the grid).
// Below the grid, a screen down: it need not hold up the first screen either.
const RequestBanner = lazy(() => import('../../components/RequestBanner'));
// Its categories come in a request of their own, which this download runs beside; the row's
// height is kept meanwhile so nothing below moves when it arrives.
const CategoryChips = lazy(() => import('./CategoryChips'));
// Most visits never see it.
const NoProducts = lazy(() => import('./NoProducts'));
// Only a shop with nothing on its shelves shows it.
const EmptyState = lazy(() => import('../../components/EmptyState'));
// Drawn (empty) with the grid, so it has loaded before the shopper scrolls to the end.
const NextPageState = lazy(() =>
  import('./NoProducts').then((module) => ({ default: module.NextPageState })),
);
const ListingFilters = lazy(() => import('./ListingFilters'));
const FilterSheet = lazy(() =>
  import('./ListingFilters').then((module) => ({ default: module.FilterSheet })),
);

/** The filters' column beside the grid on a wide screen, in px. */
const FILTERS_WIDTH = 220;

/** How long typing pauses before names are suggested. */
export const SUGGEST_DEBOUNCE_MS = 200;
/** Fewer letters than this suggest too much to be of use. */
const SUGGEST_MIN_LENGTH = 2;

function showing(n: number): string {
  return `Showing ${formatCount(n)} ${n === 1 ? 'product' : 'products'}`;
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The category, filters and order, kept in the address beside the search: each choice is a
 * new history entry, so Back undoes it, and a shared link shows the same list.
 */
function useListingChoice(searching: boolean) {
  const [params, setParams] = useSearchParams();
  const choice = useMemo(() => readListing(params, searching), [params, searching]);
  const choose = useCallback(
    (next: ListingChoice) => setParams((previous) => writeListing(previous, next)),
    [setParams],
  );
  return { choice, choose };
}

/** Product names for what the shopper is typing; an answer for older typing is never shown. */
function useSuggestions(text: string): SearchSuggestion[] {
  const key = useDebounced(searchKey(text), SUGGEST_DEBOUNCE_MS);
  const current = searchKey(text) === key;
  const { currentData } = useGetSearchSuggestionsQuery(key, {
    skip: key.length < SUGGEST_MIN_LENGTH,
  });
  return useMemo(() => (current && currentData ? currentData : []), [current, currentData]);
}

/**
 * Its children on a wide screen (`wide`) or below one, by the media query, so that only this
 * component renders again when the width crosses the large breakpoint. During hydration that
 * first happens before the shop's lazily loaded parts have arrived: rendered again then, the
 * shop would hand them new props, and React would drop their server-rendered HTML for their
 * fallbacks, moving the page under the shopper's eyes.
 */
function AtWidth({ wide, children }: { wide: boolean; children: ReactNode }) {
  const isWide = useMediaQuery(theme.breakpoints.up('lg'));
  return isWide === wide ? children : null;
}

/**
 * The shop (docs/product.md#shop): categories, filters, sort and search over a grid that
 * loads a page at a time.
 */
export default function ShopPage() {
  const search = useSearchText();
  const { query, label } = search;
  const searchInput = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  useDocumentTitle(shopTitle(label));

  const { choice, choose } = useListingChoice(label !== '');
  const [params] = useSearchParams();
  // What the search box's form sends with the search, when the server's page sends it.
  const alongside = useMemo(() => [...params].filter(([name]) => name !== SEARCH_PARAM), [params]);
  const filterCount = activeFilterCount(choice);
  const [sheetOpen, setSheetOpen] = useState(false);
  // Mounted from the first opening on, so closing the sheet can slide it away.
  const [sheetWanted, setSheetWanted] = useState(false);

  const { data: categories = [] } = useGetCategoriesQuery();
  const suggestions = useSuggestions(search.text);

  const {
    data,
    currentData,
    error,
    isFetching,
    isFetchingNextPage,
    isFetchNextPageError,
    hasNextPage,
    fetchNextPage,
    refetch,
  } = useGetProductPagesInfiniteQuery(listingQuery(query, choice));
  const stale = currentData === undefined && data !== undefined;
  const products = useMemo(() => data?.pages.flatMap((page) => page.items) ?? [], [data]);
  const total = data?.pages[0]?.total ?? 0;
  const didYouMean = currentData?.pages[0]?.suggestions ?? [];

  // Read by the grid's callback, which stays the same function so the grid is not redrawn.
  const more = useRef({ hasNextPage, busy: isFetching, failed: isFetchNextPageError, stale });
  useLayoutEffect(() => {
    more.current = { hasNextPage, busy: isFetching, failed: isFetchNextPageError, stale };
  });
  const loadMore = useCallback(() => {
    const { hasNextPage: more_, busy, failed, stale: old } = more.current;
    if (more_ && !busy && !failed && !old) void fetchNextPage();
  }, [fetchNextPage]);

  function clearSearch() {
    search.clear();
    searchInput.current?.focus();
  }

  function clearFilters() {
    choose({ ...NO_CHOICE, category: choice.category, sort: choice.sort });
  }

  const filters = { choice, searching: label !== '', onChange: choose };

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
  } else if (data === undefined || (stale && products.length === 0)) {
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
  } else if (!stale && total === 0 && (label || filterCount > 0 || choice.category !== null)) {
    status = showing(0);
    body = (
      <Suspense fallback={null}>
        <NoProducts
          label={label}
          suggestions={didYouMean}
          onClearSearch={clearSearch}
          onClearFilters={() => choose(NO_CHOICE)}
        />
      </Suspense>
    );
  } else if (!stale && total === 0) {
    status = showing(0);
    body = (
      <Suspense fallback={null}>
        <EmptyState
          icon={<StorefrontOutlined />}
          message="No products on the shelves yet"
          description="The shop is restocking. Please check back soon."
        />
      </Suspense>
    );
  } else {
    status = stale ? 'Searching…' : showing(total);
    body = (
      <Box
        aria-busy={stale}
        sx={{ opacity: stale ? 0.55 : 1, transition: 'opacity 150ms', minHeight: 240 }}
      >
        <ProductGrid
          products={products}
          setSize={total}
          onNearEnd={loadMore}
          label={label ? `Products matching “${label}”` : 'Products'}
        />
        <Suspense fallback={null}>
          <NextPageState
            loading={isFetchingNextPage}
            failed={isFetchNextPageError && !isFetching}
            onRetry={() => void fetchNextPage()}
          />
        </Suspense>
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
        suggestions={suggestions}
        onChoose={(suggestion) => void navigate(productDetailsPath(suggestion.slug))}
        alongside={alongside}
      />
      {/* The chips' row: 44 px buttons with 4 px above and below, held while it loads. */}
      <Suspense fallback={<Box sx={{ minHeight: 52 }} />}>
        <CategoryChips
          categories={categories}
          selected={choice.category}
          onSelect={(category) => choose({ ...choice, category })}
        />
      </Suspense>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          columnGap: 2,
          rowGap: 1,
        }}
      >
        <Typography component="h2" variant="h4">
          {label ? `Results for “${label}”` : (choice.category ?? 'All products')}
        </Typography>
        <Typography role="status" variant="body2" color="text.secondary">
          {status}
        </Typography>
        {/* Hidden by the stylesheet on a wide screen, where the filters stand beside the grid:
            the server renders this row without knowing the width. */}
        <Stack direction="row" spacing={1} sx={{ width: '100%', display: { lg: 'none' } }}>
          <Button
            variant="outlined"
            startIcon={<TuneOutlined />}
            aria-haspopup="dialog"
            onClick={() => {
              setSheetWanted(true);
              setSheetOpen(true);
            }}
          >
            {filterCount > 0 ? `Filters (${filterCount})` : 'Filters'}
          </Button>
          {filterCount > 0 ? <Button onClick={clearFilters}>Clear filters</Button> : null}
        </Stack>
      </Box>
      {/* The stylesheet, not the media query, lays the listing out: the server renders it
          without knowing the width, so on a wide screen the filters' column is there from the
          first paint, and the grid keeps its width (and its place in the tree) when the
          filters arrive after hydration. */}
      <Box
        sx={{
          display: { lg: 'grid' },
          gridTemplateColumns: { lg: `${FILTERS_WIDTH}px minmax(0, 1fr)` },
          gap: 3,
        }}
      >
        <Box
          component="aside"
          aria-label="Filters and sort"
          sx={{ display: { xs: 'none', lg: 'block' } }}
        >
          <AtWidth wide>
            <Suspense fallback={null}>
              <ListingFilters {...filters} />
            </Suspense>
          </AtWidth>
        </Box>
        <Box>{body}</Box>
      </Box>
      {sheetWanted ? (
        <AtWidth wide={false}>
          <Suspense fallback={null}>
            <FilterSheet {...filters} open={sheetOpen} onClose={() => setSheetOpen(false)} />
          </Suspense>
        </AtWidth>
      ) : null}
      <Suspense fallback={null}>
        <RequestBanner kind="product" />
      </Suspense>
    </Stack>
  );
}
