import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { styled } from '@mui/material/styles';
import type { Product } from 'contract';
import { plainMessages } from '../../lib/messages';
import { theme, TAP_TARGET_PX } from '../../theme/theme';
import ProductImage from '../../components/product/ProductImage';
import CartStepper from '../../components/product/CartStepper';
import ProductPrice, { SavingText } from '../../components/product/ProductPrice';
import StarRating from '../../components/product/StarRating';
import { productDetailsPath } from '../../components/product/productPath';
import { useCartLine, useWishlistEntry } from '../../components/product/shopperLists';
import {
  useCartLineActions,
  useRemoveFromWishlist,
} from '../../components/product/useCartLineActions';
import { queueCardContent } from './cardQueue';
import { IMAGE_INSET, IMAGE_RATIO, PHONE_MAX_WIDTH, TABLET_MAX_WIDTH } from './gridMetrics';

/** Notify me, for a card out of stock: its code loads when such a card is drawn. */
const CardNotifyMe = lazy(() => import(/* webpackChunkName: "notify-me" */ './CardNotifyMe'));

/** A card's picture is about a column wide: two columns on a phone, three, then four. */
const CARD_SIZES = `(max-width: ${PHONE_MAX_WIDTH - 1}px) 50vw, (max-width: ${TABLET_MAX_WIDTH - 1}px) 33vw, 25vw`;
import RouterLink from '../../components/RouterLink';

const CART_ICON =
  'M11 9h2V6h3V4h-3V1h-2v3H8v2h3zm-4 9c-1.1 0-1.99.9-1.99 2S5.9 22 7 22s2-.9 2-2-.9-2-2-2m10 0c-1.1 0-1.99.9-1.99 2s.89 2 1.99 2 2-.9 2-2-.9-2-2-2m-8.9-5h7.45c.75 0 1.41-.41 1.75-1.03l3.86-7.01L19.42 4l-3.87 7H8.53L4.27 2H1v2h2l3.6 7.59-1.35 2.44C4.52 15.37 5.48 17 7 17h12v-2H7z';
const HEART_OUTLINE_ICON =
  'M16.5 3c-1.74 0-3.41.81-4.5 2.09C10.91 3.81 9.24 3 7.5 3 4.42 3 2 5.42 2 8.5c0 3.78 3.4 6.86 8.55 11.54L12 21.35l1.45-1.32C18.6 15.36 22 12.28 22 8.5 22 5.42 19.58 3 16.5 3m-4.4 15.55-.1.1-.1-.1C7.14 14.24 4 11.39 4 8.5 4 6.5 5.5 5 7.5 5c1.54 0 3.04.99 3.57 2.36h1.87C13.46 5.99 14.96 5 16.5 5c2 0 3.5 1.5 3.5 3.5 0 2.89-3.14 5.74-7.9 10.05';
const HEART_FILLED_ICON =
  'm12 21.35-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z';
const ICON_SIZE = 18;
const BUTTON_HEIGHT = TAP_TARGET_PX;

// A card is few elements, styled once for all cards: the grid mounts a row of cards at a
// time while scrolling, and on a phone the cost of a row is mostly the browser's style and
// layout work for each element in it. So the card is itself the surface and lays out its
// parts on a grid (no wrappers), an icon or the stars are one <svg> with one <path>, and the
// buttons are plain buttons, not MUI's.
//
// The styles are plain objects from the app's one theme, not functions of the theme: MUI
// serializes a plain object once, when the module loads, while a function is run and its
// result serialized again for every element rendered (a third of the memory a scroll
// allocated, and so of the garbage collections that interrupt it).
//
// The grid gives every card its size, so a card's layout and style never reach past it, and
// the browser skips laying out and painting cards in the overscan rows until they come near
// the viewport: a row mounted while scrolling costs its layout a frame or two later, not in
// the frame that mounts it. (content-visibility clips paint to the card: the hover shadow is
// drawn inside it.)
const Card = styled('li')({
  position: 'relative',
  minWidth: 0,
  height: '100%',
  contain: 'size layout style',
  contentVisibility: 'auto',
  listStyle: 'none',
  display: 'grid',
  // Picture, name, stars, price, saving, then the buttons at the foot of the card.
  gridTemplateColumns: 'minmax(0, 1fr)',
  gridTemplateRows: 'auto auto auto auto auto 1fr',
  rowGap: 2,
  padding: `${IMAGE_INSET}px ${IMAGE_INSET}px 10px`,
  overflow: 'hidden',
  backgroundColor: theme.palette.background.paper,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: 14,
  transition: theme.transitions.create(['box-shadow', 'border-color'], {
    duration: theme.transitions.duration.shorter,
  }),
  '&:hover': {
    borderColor: theme.palette.primary.light,
    boxShadow: `inset 0 0 0 1px ${theme.palette.primary.light}`,
  },
  // Everything but what sits over the picture (the badge, the heart) spans the card, 2 px in
  // from the picture's edges; the add button or the stepper sits at its foot, the width of
  // the card, so − n + keeps 44 px buttons even in a 320 px phone's two columns.
  '& > :not([data-badge], [aria-pressed])': { marginInline: 2 },
  '& > :first-child': { marginInline: 0, marginBottom: 6 },
  // (Notify me, out of stock, is a positioned MUI button after the link: above it too.)
  '& > button, & > [data-stepper], & > [data-notify]': { alignSelf: 'end' },
  // Waiting its turn to draw (cardQueue): the picture's place only.
  '&[data-pending]::before': {
    content: '""',
    gridColumn: '1 / -1',
    aspectRatio: String(IMAGE_RATIO),
    borderRadius: theme.shape.borderRadius,
    backgroundColor: theme.palette.background.default,
  },
});

const Badge = styled('span')({
  position: 'absolute',
  top: IMAGE_INSET * 2,
  left: IMAGE_INSET * 2,
  padding: '2px 10px',
  borderRadius: 999,
  fontSize: theme.typography.caption.fontSize,
  fontWeight: 700,
  backgroundColor: theme.palette.grey[800],
  color: theme.palette.common.white,
});

const Name = styled('h3')({
  margin: 0,
  fontSize: '0.95rem',
  fontWeight: 600,
  lineHeight: '20px',
  height: 40,
  overflow: 'hidden',
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  color: theme.palette.text.primary,
});

/**
 * The card's one link, on the name; its ::after stretches over the whole card, so the
 * picture opens the product too without a second link for keyboards and screen readers.
 */
const NameLink = styled(RouterLink)({
  color: 'inherit',
  textDecoration: 'none',
  outline: 'none',
  '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: 14 },
  '&:hover': { color: theme.palette.primary.main, textDecoration: 'underline' },
  '&:focus-visible::after': {
    outline: `3px solid ${theme.palette.secondary.main}`,
    outlineOffset: -3,
  },
});

const focusRing = (color: string) => ({ outline: `3px solid ${color}`, outlineOffset: 2 });

const iconStyles = {
  '& svg': { width: ICON_SIZE, height: ICON_SIZE, fill: 'currentColor', flexShrink: 0 },
};

function Icon({ path }: { path: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}

// Above the stretched link (z-index), so the buttons stay clickable.
const AddButton = styled('button')({
  position: 'relative',
  zIndex: 1,
  minWidth: 0,
  height: BUTTON_HEIGHT,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 6,
  padding: '0 12px',
  border: 0,
  borderRadius: 999,
  font: 'inherit',
  fontSize: theme.typography.body2.fontSize,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  color: theme.palette.primary.contrastText,
  backgroundColor: theme.palette.primary.main,
  transition: theme.transitions.create('background-color', {
    duration: theme.transitions.duration.shortest,
  }),
  ...iconStyles,
  '&:hover': { backgroundColor: theme.palette.primary.dark },
  '&:focus-visible': focusRing(theme.palette.secondary.main),
  '&:disabled': {
    cursor: 'default',
    color: theme.palette.action.disabled,
    backgroundColor: theme.palette.action.disabledBackground,
  },
  '&[aria-busy="true"]': { cursor: 'progress' },
  '&[data-compact="true"]': { padding: '0 8px', '& svg': { display: 'none' } },
});

// Over the picture's top right corner (the out-of-stock badge takes the left).
const WishlistButton = styled('button')({
  position: 'absolute',
  top: IMAGE_INSET * 2,
  right: IMAGE_INSET * 2,
  zIndex: 1,
  width: BUTTON_HEIGHT,
  height: BUTTON_HEIGHT,
  display: 'inline-grid',
  placeItems: 'center',
  padding: 0,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: '50%',
  cursor: 'pointer',
  color: theme.palette.primary.main,
  backgroundColor: theme.palette.background.paper,
  ...iconStyles,
  '&:hover': { backgroundColor: theme.palette.action.hover },
  '&:focus-visible': focusRing(theme.palette.secondary.main),
  '&:disabled': { cursor: 'progress', color: theme.palette.action.disabled },
  '&[aria-pressed="true"]': { borderColor: theme.palette.primary.main },
});

export interface ProductCardProps {
  product: Product;
  /** Where the card sits in the whole list (1-based) and how long the list is, for screen readers. */
  position: number;
  setSize: number;
  /** Phone layout: tighter text and buttons. */
  compact: boolean;
  /** Load the image at once (the first rows); later rows load theirs lazily. */
  eager: boolean;
  /**
   * Given (by the grid, for cards below the first screen): the card mounts as an empty
   * frame and draws its content when its turn comes in the card queue, this many cards a
   * frame. Left out: the content is drawn at once.
   */
  contentPerFrame?: number;
  /**
   * What the add and save buttons and the link do, given once by the grid to all its cards.
   * Once the product is in the cart or saved, the card changes its line or takes it off the
   * wishlist itself (through dispatch, no mutation hooks: scrolling mounts a row of cards
   * per frame).
   */
  onAddToCart: (product: Product) => Promise<boolean>;
  onSaveToWishlist: (product: Product) => Promise<boolean>;
  onOpen: (product: Product) => void;
}

/**
 * One product in the shop grid: picture, name, price (and the saving), stars, and the
 * add-to-cart button (a − n + stepper once the product is in the cart; Notify me when it is
 * out of stock) and the heart (filled once saved; a second tap takes it off the wishlist).
 * Memoized: scrolling mounts new cards and leaves the others alone.
 */
function ProductCard({
  product,
  position,
  setSize,
  compact,
  eager,
  contentPerFrame,
  onAddToCart,
  onSaveToWishlist,
  onOpen,
}: ProductCardProps) {
  const [turnCame, setTurnCame] = useState(false);
  const drawn = turnCame || contentPerFrame === undefined;
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState(false);
  const outOfStock = product.inventory_stock <= 0;
  // Two small subscriptions per card, read from maps built once per cart or wishlist answer
  // (shopperLists): the card changes with its own line and entry and ignores the rest.
  const cartLine = useCartLine(product.id);
  const savedEntry = useWishlistEntry(product.id);
  const { setLineQuantity } = useCartLineActions();
  const removeFromWishlist = useRemoveFromWishlist();

  async function add() {
    setAdding(true);
    await onAddToCart(product);
    setAdding(false);
  }

  async function changeQuantity(quantity: number) {
    if (!cartLine) return;
    setAdding(true);
    await setLineQuantity(cartLine, quantity);
    setAdding(false);
  }

  async function toggleSaved() {
    setSaving(true);
    if (savedEntry) await removeFromWishlist(savedEntry);
    else await onSaveToWishlist(product);
    setSaving(false);
  }

  useEffect(() => {
    if (drawn) return undefined;
    return queueCardContent(() => setTurnCame(true), contentPerFrame);
  }, [drawn, contentPerFrame]);

  if (!drawn) {
    return (
      <Card
        aria-posinset={position}
        aria-setsize={setSize}
        aria-busy="true"
        data-product-card=""
        data-pending=""
      />
    );
  }

  return (
    <Card aria-posinset={position} aria-setsize={setSize} data-product-card="">
      <ProductImage
        src={product.images}
        alt=""
        ratio={IMAGE_RATIO}
        eager={eager}
        whenIdle
        sizes={CARD_SIZES}
      />
      {outOfStock ? <Badge data-badge="">{plainMessages.outOfStock}</Badge> : null}
      <Name>
        <NameLink to={productDetailsPath(product.slug)} onClick={() => onOpen(product)}>
          {product.name}
        </NameLink>
      </Name>
      <StarRating rating={product.ratings} />
      <ProductPrice product={product} />
      <SavingText product={product} />
      {cartLine ? (
        <CartStepper
          name={product.name}
          quantity={cartLine.quantity}
          max={product.inventory_stock}
          busy={adding}
          onChange={(quantity) => void changeQuantity(quantity)}
        />
      ) : outOfStock ? (
        // Nothing to add: the shopper can ask to be told when it is back, as on its page. It is
        // the last row of a card of fixed height: its arrival moves nothing.
        <Suspense>
          <CardNotifyMe product={product} />
        </Suspense>
      ) : (
        <AddButton
          type="button"
          data-compact={compact}
          disabled={adding}
          aria-busy={adding}
          onClick={() => void add()}
          aria-label={`Add to cart: ${product.name}`}
        >
          <Icon path={CART_ICON} />
          {adding ? 'Adding…' : 'Add to cart'}
        </AddButton>
      )}
      <WishlistButton
        type="button"
        aria-label={`Save ${product.name} to wishlist`}
        aria-pressed={savedEntry !== undefined}
        onClick={() => void toggleSaved()}
        disabled={saving}
      >
        <Icon path={savedEntry ? HEART_FILLED_ICON : HEART_OUTLINE_ICON} />
      </WishlistButton>
    </Card>
  );
}

export default memo(ProductCard);
