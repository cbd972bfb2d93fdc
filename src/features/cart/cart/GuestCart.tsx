import { useMemo, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { shallowEqual } from 'react-redux';
import type { Product } from 'contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import LockOutlined from '@mui/icons-material/LockOutlined';
import LoginPrompt from '../../../components/LoginPrompt';
import ProductImage from '../../../components/product/ProductImage';
import { productDetailsPath } from '../../../components/product/productPath';
import RouterLink from '../../../components/RouterLink';
import { formatNaira } from '../../../lib/format';
import type { GuestCartLine } from '../../../lib/guestIntent';
import {
  guestBasketSnapshot,
  readGuestBasket,
  setGuestReturn,
  removeGuestItem,
  subscribeGuestBasket,
} from '../../../lib/keptGuestIntent';
import { loginPathReturningTo, paths } from '../../../lib/paths';
import { productApi, useGetProductQuery } from '../../../services/productApi';
import { useAppSelector } from '../../../state/hooks';
import { TAP_TARGET_PX } from '../../../theme/theme';

/** The shelf price per item in naira: the price less its saving. */
function shelfPrice(amount: number, discAmount: number | null): number {
  return Math.max(0, amount - (discAmount ?? 0));
}

/** A kept line as the shop shows it now: its price and stock as last fetched, when they were. */
function lineNow(line: GuestCartLine, product: Product | undefined) {
  return {
    unitPrice: product
      ? shelfPrice(product.amount, product.disc_amount ?? null)
      : shelfPrice(line.amount, line.discAmount),
    stock: product ? product.inventory_stock : line.stock,
    name: product?.name ?? line.name,
  };
}

/** What stock says about a kept line: null when all of it can be had. */
export function stockNote(quantity: number, stock: number): string | null {
  if (stock < 0) return null;
  if (stock === 0) return 'Out of stock now: it will not be added when you log in';
  if (quantity > stock) return `Only ${stock} left: ${stock} will be added when you log in`;
  return null;
}

function GuestLine({ line, product }: { line: GuestCartLine; product: Product | undefined }) {
  // Asks the shop again for the product, so the price and stock shown are today's.
  useGetProductQuery(line.slug, { skip: line.slug === '' });
  const now = lineNow(line, product);
  const note = stockNote(line.quantity, now.stock);
  return (
    <Box
      component="li"
      sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', py: 2 }}
      aria-label={now.name}
    >
      <Box sx={{ width: 72, flexShrink: 0 }}>
        <ProductImage src={line.images} alt="" />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {line.slug ? (
          <Link component={RouterLink} to={productDetailsPath(line.slug)} sx={{ fontWeight: 600 }}>
            {now.name}
          </Link>
        ) : (
          <Typography sx={{ fontWeight: 600 }}>{now.name}</Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {`Quantity ${line.quantity} × ${formatNaira(now.unitPrice)}`}
        </Typography>
        <Typography sx={{ fontWeight: 600 }}>
          {formatNaira(now.unitPrice * line.quantity)}
        </Typography>
        {note ? (
          <Typography variant="body2" color="warning.main" role="status">
            {note}
          </Typography>
        ) : null}
      </Box>
      <IconButton
        aria-label={`Remove ${now.name}`}
        onClick={() => removeGuestItem('cart', line.productId)}
        sx={{ minWidth: TAP_TARGET_PX, minHeight: TAP_TARGET_PX }}
      >
        <DeleteOutlined />
      </IconButton>
    </Box>
  );
}

/** The guest's kept cart, or null: the stored basket, re-read whenever it changes. */
export function useGuestCart(): GuestCartLine[] {
  const raw = useSyncExternalStore(subscribeGuestBasket, guestBasketSnapshot, () => null);
  // Read again (and checked) whenever the stored text changes.
  return useMemo(() => (raw === null ? [] : (readGuestBasket()?.cart ?? [])), [raw]);
}

/**
 * The cart of a shopper who has not logged in: every Add to cart and Buy they tapped, kept in
 * this browser, at the shelf prices, with 'Log in to pay'. Logging in (or signing up, then
 * logging in) adds these lines to the account's cart.
 */
export default function GuestCart() {
  const lines = useGuestCart();
  const navigate = useNavigate();
  const products = useAppSelector(
    (state) => lines.map((l) => productApi.endpoints.getProduct.select(l.slug)(state).data),
    shallowEqual,
  );
  if (lines.length === 0) {
    return <LoginPrompt message="Log in to see your cart and pay for your order." />;
  }
  const total = lines.reduce((sum, l, i) => {
    const now = lineNow(l, products[i]);
    return (
      sum +
      (now.stock === 0
        ? 0
        : now.unitPrice * Math.min(l.quantity, now.stock < 0 ? l.quantity : now.stock))
    );
  }, 0);
  function logInToPay() {
    setGuestReturn(paths.cart);
    void navigate(loginPathReturningTo(paths.cart));
  }
  return (
    <Stack spacing={2}>
      <Alert severity="info">
        Kept in this browser until you log in: logging in adds these to your account&apos;s cart.
      </Alert>
      <Paper variant="outlined" sx={{ px: 2 }}>
        <Box component="ul" aria-label="Your cart" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {lines.map((line, i) => (
            <GuestLine key={line.productId} line={line} product={products[i]} />
          ))}
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1.5}>
          <Box
            role="group"
            aria-labelledby="guest-cart-total"
            sx={{ display: 'flex', justifyContent: 'space-between' }}
          >
            <Typography id="guest-cart-total">What can be added, at shelf prices</Typography>
            <Typography sx={{ fontWeight: 700 }}>{formatNaira(total)}</Typography>
          </Box>
          <Typography variant="body2" color="text.secondary">
            Delivery is chosen when you pay.
          </Typography>
          <Button
            variant="contained"
            size="large"
            startIcon={<LockOutlined />}
            onClick={logInToPay}
            fullWidth
          >
            Log in to pay
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
