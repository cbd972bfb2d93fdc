import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import LocalPhoneOutlined from '@mui/icons-material/LocalPhoneOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import ShoppingBagOutlined from '@mui/icons-material/ShoppingBagOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import type { Product } from 'contract';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { paths } from '../../lib/paths';
import { productOpened, selectProductID, selectProductSlug } from '../../state/sessionSlice';
import EmptyState from '../../components/EmptyState';
import CartStepper from '../../components/product/CartStepper';
import NotifyMeButton from '../../components/product/NotifyMeButton';
import ProductImage from '../../components/product/ProductImage';
import ProductPrice, { SavingText } from '../../components/product/ProductPrice';
import StarRating from '../../components/product/StarRating';
import { PRODUCT_SLUG_PARAM } from '../../components/product/productPath';
import ShareProductButton from '../../components/product/ShareProductButton';
import {
  useCartLine,
  useShopperLists,
  useWishlistEntry,
} from '../../components/product/shopperLists';
import { useAddToCart } from '../../components/product/useAddToCart';
import { useAddToWishlist } from '../../components/product/useAddToWishlist';
import {
  useCartLineActions,
  useRemoveFromWishlist,
} from '../../components/product/useCartLineActions';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { PAGE_TITLES } from 'contract/titles';
import { getErrorMessage, httpStatus, productLoadError } from '../../lib/getErrorMessage';
import { plainMessages } from '../../lib/messages';
import { selectListedProduct } from '../../services/listedProduct';
import { useGetProductQuery } from '../../services/productApi';
import QuantityStepper from './QuantityStepper';

/** The shape of a slug the server can have made (lower-case words joined by hyphens). */
const SLUG_PATTERN = /^[a-z0-9-]{1,200}$/;

/** The contract's largest cart quantity. */
const MAX_CART_QUANTITY = 10000;

/**
 * Which product to show: ?slug= in the address (a shared link, a new tab) wins; the slug the
 * session remembers (localStorage productSlug, as the spec keeps it) is the fallback.
 */
function useProductSlug(): string | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const storedSlug = useAppSelector(selectProductSlug);
  const addressSlug = searchParams.get(PRODUCT_SLUG_PARAM)?.trim() || null;

  // Opened from the stored slug: write it into the address, so this page can be shared too.
  useEffect(() => {
    if (addressSlug === null && storedSlug) {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set(PRODUCT_SLUG_PARAM, storedSlug);
          return next;
        },
        { replace: true },
      );
    }
  }, [addressSlug, storedSlug, setSearchParams]);

  return addressSlug ?? storedSlug;
}

function PageHeading({ children, hidden = false }: { children: string; hidden?: boolean }) {
  return (
    <Typography variant="h1" sx={hidden ? visuallyHidden : { mb: 2 }}>
      {children}
    </Typography>
  );
}

function NotFound({
  title,
  message,
  description,
}: {
  title: string;
  message: string;
  description: string;
}) {
  useDocumentTitle(title);
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <EmptyState
        icon={<SearchOff />}
        message={message}
        description={description}
        action={{ label: 'Go to the shop', to: paths.shop }}
      />
    </>
  );
}

/** The product page (docs/product.md#product-detail): picture, vendor, name, price, stars, quantity, Buy, and the details. */
export default function ProductDetailPage() {
  const slug = useProductSlug();
  const normalized = slug?.toLowerCase() ?? null;
  const validSlug = normalized !== null && SLUG_PATTERN.test(normalized) ? normalized : null;
  const {
    currentData: product,
    error,
    isFetching,
    refetch,
  } = useGetProductQuery(validSlug ?? skipToken);
  // What the shop's list already showed of this product paints the page at once; the
  // product's own answer then fills in the rest (the description).
  const listed = useAppSelector((state) =>
    validSlug === null ? undefined : selectListedProduct(state, validSlug),
  );

  if (slug === null) {
    return (
      <NotFound
        title={PAGE_TITLES.productDetails}
        message="No product chosen yet"
        description="Pick any product in the shop to see its pictures, price, vendor and description here."
      />
    );
  }
  // The owner archived it: the server's 404 says so by name ("Ofada Rice is no longer sold").
  const gone = error && httpStatus(error) === 404 ? getErrorMessage(error) : '';
  if (/ is no longer sold$/.test(gone)) {
    return (
      <NotFound
        title={PAGE_TITLES.productNotFound}
        message={gone}
        description="The shop has stopped selling it. There is plenty more in the shop."
      />
    );
  }
  if (validSlug === null || (error && httpStatus(error) === 404)) {
    return (
      <NotFound
        title={PAGE_TITLES.productNotFound}
        message="We couldn’t find that product"
        description="It may have been taken off the shelf, or its link may be incomplete. There is plenty more in the shop."
      />
    );
  }
  if (product) return <ProductDetails key={product.id} product={product} />;
  const failed = error !== undefined && !isFetching;
  if (listed) {
    return (
      <ProductDetails
        key={listed.id}
        product={listed}
        pending={
          failed
            ? { error: productLoadError(error), onRetry: () => void refetch() }
            : { error: null, onRetry: () => undefined }
        }
      />
    );
  }
  if (failed) {
    return <LoadFailed message={productLoadError(error)} onRetry={() => void refetch()} />;
  }
  return <Loading />;
}

function Loading() {
  useDocumentTitle(PAGE_TITLES.productDetails);
  return (
    <>
      <PageHeading hidden>Product details</PageHeading>
      {/* A screen tall, so the footer waits below the fold until the product arrives. */}
      <Typography
        role="status"
        sx={{ py: 8, minHeight: '100vh', textAlign: 'center', color: 'text.secondary' }}
      >
        {plainMessages.loading}
      </Typography>
    </>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  useDocumentTitle(PAGE_TITLES.productDetails);
  return (
    <>
      <PageHeading>Product details</PageHeading>
      <Stack role="alert" spacing={2} sx={{ py: 2, alignItems: 'flex-start' }}>
        <Typography color="error">{message}</Typography>
        <Button variant="outlined" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </>
  );
}

/** The description's place while the product's own answer is on its way (or failed). */
function DescriptionPending({ error, onRetry }: DetailsPending) {
  if (error === null) {
    return (
      <Typography role="status" color="text.secondary">
        {plainMessages.loading}
      </Typography>
    );
  }
  return (
    <Stack role="alert" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography color="error">{error}</Typography>
      <Button variant="outlined" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}

interface DetailsPending {
  /** Why the product's own answer failed, or null while it is on its way. */
  error: string | null;
  onRetry: () => void;
}

function ProductDetails({ product, pending }: { product: Product; pending?: DetailsPending }) {
  useDocumentTitle(product.name);
  useShopperLists();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const storedID = useAppSelector(selectProductID);
  const storedSlug = useAppSelector(selectProductSlug);
  const [quantity, setQuantity] = useState(1);
  const { addToCart, isAdding } = useAddToCart();
  const { addToWishlist, isSaving } = useAddToWishlist();
  const cartLine = useCartLine(product.id);
  const savedEntry = useWishlistEntry(product.id);
  const { setLineQuantity } = useCartLineActions();
  const removeFromWishlist = useRemoveFromWishlist();
  const [changing, setChanging] = useState(false);
  const [removing, setRemoving] = useState(false);
  const stock = Math.min(product.inventory_stock, MAX_CART_QUANTITY);
  const outOfStock = stock <= 0;
  // A list may carry less than the product's own answer: what is missing waits for it.
  const vendor = (product.vendor as Product['vendor'] | undefined) ?? null;
  const description = pending && !product.description ? null : product.description;

  /** Buy: into the cart if it is not there yet, then on to the cart to pay. */
  async function buy() {
    if (!cartLine && !(await addToCart(product, quantity, { buying: true }))) return;
    void navigate(paths.cart);
  }

  async function changeQuantity(next: number) {
    if (!cartLine) return;
    setChanging(true);
    await setLineQuantity(cartLine, next);
    setChanging(false);
  }

  async function toggleSaved() {
    if (!savedEntry) {
      await addToWishlist(product);
      return;
    }
    setRemoving(true);
    await removeFromWishlist(savedEntry);
    setRemoving(false);
  }

  // The session remembers the product shown (productID and productSlug), however it was opened.
  useEffect(() => {
    if (storedID !== String(product.id) || storedSlug !== product.slug) {
      dispatch(productOpened({ productID: product.id, productSlug: product.slug }));
    }
  }, [dispatch, product.id, product.slug, storedID, storedSlug]);

  return (
    <Stack spacing={{ xs: 4, md: 6 }}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 6fr)' },
          gap: { xs: 3, md: 6 },
          alignItems: 'start',
        }}
      >
        <Box
          sx={{
            position: 'relative',
            bgcolor: 'background.paper',
            borderRadius: 4,
            p: { xs: 2, md: 3 },
            border: 1,
            borderColor: 'divider',
          }}
        >
          <ProductImage
            src={product.images}
            alt={product.name}
            ratio={4 / 3}
            eager
            // Full width on a phone; beside the details (5 parts of 11) from md up.
            sizes="(max-width: 899px) 100vw, 45vw"
          />
          {outOfStock ? (
            <Chip
              label={plainMessages.outOfStock}
              sx={{ position: 'absolute', top: 24, left: 24, fontWeight: 700 }}
            />
          ) : null}
        </Box>

        <Stack spacing={2}>
          <Typography
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.75,
              color: 'primary.main',
              fontWeight: 700,
            }}
          >
            <StorefrontOutlined fontSize="small" aria-hidden="true" />
            <Box component="span" sx={visuallyHidden}>
              Sold by{' '}
            </Box>
            {vendor?.name}
          </Typography>
          <Typography variant="pageTitle" component="h1">
            {product.name}
          </Typography>
          <StarRating rating={product.ratings} />
          <Box>
            <ProductPrice product={product} size="large" />
            <SavingText product={product} size="large" />
          </Box>
          <Typography sx={{ fontWeight: 600, color: outOfStock ? 'error.main' : 'success.main' }}>
            {outOfStock
              ? plainMessages.outOfStock
              : `In stock: ${product.inventory_stock} available`}
          </Typography>

          {cartLine ? (
            <Box>
              <Typography variant="body2" sx={{ mb: 0.75, fontWeight: 600 }}>
                In your cart
              </Typography>
              <CartStepper
                name={product.name}
                quantity={cartLine.quantity}
                max={stock}
                busy={changing}
                onChange={(next) => void changeQuantity(next)}
              />
            </Box>
          ) : outOfStock ? (
            // Out of stock there is nothing to pick a quantity of (a greyed stepper only
            // invites taps that do nothing): the shopper can ask to hear when it is back.
            <NotifyMeButton productId={product.id} productName={product.name} />
          ) : (
            <QuantityStepper value={quantity} max={stock} onChange={setQuantity} />
          )}

          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button
              variant="contained"
              size="large"
              startIcon={<ShoppingBagOutlined />}
              disabled={outOfStock && !cartLine}
              loading={isAdding}
              onClick={() => void buy()}
              sx={{ minWidth: 200, minHeight: 48 }}
            >
              Buy
            </Button>
            <Button
              variant="outlined"
              size="large"
              startIcon={savedEntry ? <Favorite /> : <FavoriteBorder />}
              aria-pressed={savedEntry !== undefined}
              loading={isSaving || removing}
              onClick={() => void toggleSaved()}
              sx={{ minHeight: 48 }}
            >
              Save to wishlist
            </Button>
            <ShareProductButton product={product} />
          </Stack>
        </Stack>
      </Box>

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 7fr) minmax(0, 5fr)' },
          gap: { xs: 3, md: 4 },
          alignItems: 'start',
        }}
      >
        <Box component="section" aria-labelledby="product-description">
          <Typography id="product-description" variant="blockTitle" sx={{ mb: 1.5 }}>
            Description
          </Typography>
          {description === null && pending ? (
            <DescriptionPending {...pending} />
          ) : (
            // Plain text: whatever the description holds is shown, never run as HTML.
            <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere', lineHeight: 1.7 }}>
              {description}
            </Typography>
          )}
        </Box>

        {vendor ? (
          <Box
            component="section"
            aria-labelledby="vendor-information"
            sx={{
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
              borderRadius: 4,
              p: { xs: 2.5, md: 3 },
            }}
          >
            <Typography id="vendor-information" variant="blockTitle" sx={{ mb: 1.5 }}>
              Vendor information
            </Typography>
            <Stack spacing={1.25}>
              <Typography sx={{ fontWeight: 700 }}>{vendor.name}</Typography>
              <Typography sx={{ display: 'flex', gap: 1 }}>
                <PlaceOutlined
                  fontSize="small"
                  aria-hidden="true"
                  sx={{ mt: 0.25, color: 'text.secondary' }}
                />
                <span>
                  <Box component="span" sx={visuallyHidden}>
                    Address:{' '}
                  </Box>
                  {vendor.address}
                </span>
              </Typography>
              <Typography sx={{ display: 'flex', gap: 1 }}>
                <LocalPhoneOutlined
                  fontSize="small"
                  aria-hidden="true"
                  sx={{ mt: 0.25, color: 'text.secondary' }}
                />
                <span>
                  <Box component="span" sx={visuallyHidden}>
                    Phone:{' '}
                  </Box>
                  <Link href={`tel:${vendor.phone.replace(/[^\d+]/g, '')}`}>{vendor.phone}</Link>
                </span>
              </Typography>
              <Typography
                color="text.secondary"
                sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
              >
                {vendor.description}
              </Typography>
            </Stack>
          </Box>
        ) : null}
      </Box>
    </Stack>
  );
}
