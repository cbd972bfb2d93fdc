import { useRef, type ReactNode, type RefObject } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddShoppingCartOutlined from '@mui/icons-material/AddShoppingCartOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import type { WishlistEntry } from 'contract';
import { paths } from '../../lib/paths';
import EmptyState from '../../components/EmptyState';
import RequireShopper from '../../components/RequireShopper';
import PageHeader from '../../components/PageHeader';
import NotifyMeButton from '../../components/product/NotifyMeButton';
import ProductImage from '../../components/product/ProductImage';
import ProductPrice from '../../components/product/ProductPrice';
import { productDetailsPath } from '../../components/product/productPath';
import { useAddToCart } from '../../components/product/useAddToCart';
import { useRememberProduct } from '../../components/product/useRememberProduct';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { plainMessages } from '../../lib/messages';
import { toastMutation } from '../../lib/toasts';
import {
  useDeleteWishlistItemMutation,
  useGetWishlistQuery,
  wishlistApi,
} from '../../services/wishlistApi';
import { QueryError, QueryLoading } from '../../components/QueryStatus';
import RouterLink from '../../components/RouterLink';
import { TAP_TARGET_PX } from '../../theme/theme';
import GuestSavedItems from './GuestSavedItems';

const TITLE = 'Saved Items';

/**
 * Saved Items (docs/product.md#profile-pages): the wishlist, each with picture, name, price,
 * Add to cart and Remove; one out of stock offers Notify me instead of its price and Add to cart.
 */
export default function WishlistPage() {
  useDocumentTitle(TITLE);
  // Reads what the list below fetched, without asking the server itself.
  const { data: entries } = wishlistApi.endpoints.getWishlist.useQueryState();
  const headingRef = useRef<HTMLHeadingElement>(null);

  return (
    <>
      <PageHeader
        title={TITLE}
        headingRef={headingRef}
        subtitle={
          entries && entries.length > 0
            ? `${entries.length} ${entries.length === 1 ? 'product' : 'products'} saved for later.`
            : 'Products you save for later.'
        }
      />
      <RequireShopper signedOut={<GuestSavedItems />}>
        <SavedItems headingRef={headingRef} />
      </RequireShopper>
    </>
  );
}

function SavedItems({ headingRef }: { headingRef: RefObject<HTMLHeadingElement | null> }) {
  const { data: entries, error, isError, isFetching, refetch } = useGetWishlistQuery();
  const listRef = useRef<HTMLUListElement>(null);

  /**
   * The removed card leaves at once (optimistic), taking the focused button with it: focus
   * moves to the next card's Remove (or the previous one's), or to the heading when none is left.
   */
  function focusAfterRemoving(id: number) {
    const buttons = Array.from(
      listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-entry-id]') ?? [],
    );
    const index = buttons.findIndex((b) => b.dataset.entryId === String(id));
    const neighbour = buttons[index + 1] ?? buttons[index - 1];
    if (neighbour) neighbour.focus();
    else headingRef.current?.focus();
  }

  let body: ReactNode;
  if (entries && entries.length === 0) {
    body = (
      <EmptyState
        icon={<FavoriteBorderOutlined />}
        message={plainMessages.noWishlist}
        description="Tap the heart on any product to keep it here for later."
        action={{ label: 'Browse the shop', to: paths.shop }}
      />
    );
  } else if (entries) {
    body = (
      <Box
        component="ul"
        ref={listRef}
        aria-label="Saved items"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
          gap: 2,
          opacity: isFetching ? 0.85 : 1,
          transition: 'opacity 150ms',
        }}
      >
        {entries.map((entry) => (
          <Box component="li" key={entry.id} sx={{ minWidth: 0 }}>
            <SavedItemCard entry={entry} onRemoveStarted={focusAfterRemoving} />
          </Box>
        ))}
      </Box>
    );
  } else if (isError) {
    body = <QueryError error={error} onRetry={() => void refetch()} />;
  } else {
    body = <QueryLoading />;
  }

  return body;
}

function SavedItemCard({
  entry,
  onRemoveStarted,
}: {
  entry: WishlistEntry;
  onRemoveStarted: (id: number) => void;
}) {
  const { product } = entry;
  const rememberProduct = useRememberProduct();
  const [deleteWishlistItem, { isLoading }] = useDeleteWishlistItemMutation();
  // The shop card's path: the same call, toasts, guest keeping and offline keeping.
  const { addToCart, isAdding } = useAddToCart();
  const outOfStock = product.inventory_stock <= 0;
  const to = productDetailsPath(product.slug);

  function remove() {
    if (isLoading) return;
    const promise = deleteWishlistItem(entry.id).unwrap();
    onRemoveStarted(entry.id);
    void toastMutation(promise, 'wishlistRemove');
  }

  return (
    <Card
      component="article"
      sx={{ display: 'flex', gap: 2, p: 1.5, height: '100%', alignItems: 'stretch' }}
    >
      <Box
        component={RouterLink}
        to={to}
        onClick={() => rememberProduct(product)}
        tabIndex={-1}
        aria-hidden="true"
        sx={{ display: 'block', flexShrink: 0 }}
      >
        <ProductImage src={product.images} alt="" size={96} />
      </Box>
      <Stack sx={{ flex: 1, minWidth: 0, justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={to}
            onClick={() => rememberProduct(product)}
            sx={{ fontWeight: 700, color: 'text.primary', overflowWrap: 'anywhere' }}
          >
            {product.name}
          </Link>
          <Box sx={{ mt: 0.5 }}>
            {outOfStock ? (
              <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Typography component="span" sx={{ fontWeight: 700, color: 'error.main' }}>
                  {plainMessages.outOfStock}
                </Typography>
                <NotifyMeButton productId={product.id} productName={product.name} size="medium" />
              </Stack>
            ) : (
              <ProductPrice
                product={{ amount: product.amount, disc_amount: product.disc_amount ?? null }}
              />
            )}
          </Box>
        </Box>
        <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          {outOfStock ? null : (
            <Button
              variant="contained"
              size="small"
              startIcon={<AddShoppingCartOutlined />}
              loading={isAdding}
              loadingPosition="start"
              onClick={() =>
                void addToCart({ ...product, disc_amount: product.disc_amount ?? null })
              }
              aria-label={`Add to cart: ${product.name}`}
              sx={{ minHeight: TAP_TARGET_PX }}
            >
              Add to cart
            </Button>
          )}
          <Button
            size="small"
            color="error"
            startIcon={<DeleteOutlined />}
            onClick={remove}
            disabled={isLoading}
            data-entry-id={entry.id}
            sx={{ ml: outOfStock ? -1 : 0, minHeight: TAP_TARGET_PX }}
          >
            Remove
            <Box component="span" sx={visuallyHidden}>
              {' '}
              {product.name} from saved items
            </Box>
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
