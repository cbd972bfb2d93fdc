import { useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Remove from '@mui/icons-material/Remove';
import type { CartItem } from 'contract';
import ProductImage from '../../../components/product/ProductImage';
import { productDetailsPath } from '../../../components/product/productPath';
import { useRememberProduct } from '../../../components/product/useRememberProduct';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { formatNaira } from '../../../lib/format';
import { toastMutation } from '../../../lib/toasts';
import { useUpdateCartItemMutation } from '../../../services/cartApi';
import { MAX_CART_QUANTITY } from 'contract/rules';
import RouterLink from '../../../components/RouterLink';
import { TAP_TARGET_PX } from '../../../theme/theme';

export interface CartLineItemProps {
  line: CartItem;
  /** A payment is running: the cart must not change under it. */
  locked: boolean;
  /** Deletes the line (the list offers Undo for a while after). */
  onRemove: (line: CartItem) => void;
  /** The line's delete is on its way. */
  removing?: boolean;
}

/** The most of a line the shopper may have: the stock (and the contract's limit), at least 1. */
export function maxQuantity(line: CartItem): number {
  return Math.max(1, Math.min(line.product.inventory_stock, MAX_CART_QUANTITY));
}

/**
 * A typed quantity brought within what the line may hold, with the reason when it had to be
 * changed (null when the figure stands as typed). Empty or not a number: null quantity, the
 * line keeps what it has.
 */
export function clampTypedQuantity(
  typed: string,
  line: CartItem,
): { quantity: number | null; reason: string | null } {
  const wanted = Number.parseInt(typed, 10);
  if (!Number.isFinite(wanted)) return { quantity: null, reason: null };
  const max = maxQuantity(line);
  if (wanted > max) {
    const stock = line.product.inventory_stock;
    return {
      quantity: max,
      reason:
        stock <= MAX_CART_QUANTITY
          ? `Only ${stock} in stock, so your cart holds ${max}`
          : `At most ${MAX_CART_QUANTITY} of one product, so your cart holds ${max}`,
    };
  }
  if (wanted < 1) {
    return { quantity: 1, reason: 'At least 1: to take it out, use Delete' };
  }
  return { quantity: wanted, reason: null };
}

// Shared with CartLineSkeleton: the placeholder shown while the cart loads takes the same
// room as the line that replaces it, so nothing below moves when the cart arrives.
const lineSx = {
  display: 'grid',
  gridTemplateColumns: { xs: '64px minmax(0, 1fr) auto', sm: '88px minmax(0, 1fr) auto' },
  gridTemplateAreas: {
    xs: '"image details total" "controls controls controls"',
    sm: '"image details total" "image controls controls"',
  },
  columnGap: { xs: 1.5, sm: 2 },
  rowGap: 1,
  alignItems: 'center',
  py: 2,
  borderBottom: 1,
  borderColor: 'divider',
  '&:last-of-type': { borderBottom: 0 },
} as const;

/**
 * One Cart Summary line: image, name (a link to the product), vendor, quantity with minus,
 * a box to type the figure, plus (1 to the stock), line total and delete. Changes show at
 * once (cartApi patches the cache and undoes it if the server refuses), with the spec's
 * toasts; the refetch then brings the server's figures.
 */
export default function CartLineItem({ line, locked, onRemove, removing }: CartLineItemProps) {
  const [updateCartItem, { isLoading: updating }] = useUpdateCartItemMutation();
  const rememberProduct = useRememberProduct();
  const [draft, setDraft] = useState<string | null>(null);
  const [clampReason, setClampReason] = useState<string | null>(null);
  const { product, quantity } = line;
  const max = maxQuantity(line);
  // A click while this line's last change is still on its way waits for the answer.
  const busy = updating || Boolean(removing);
  const unitPrice = quantity > 0 ? line.total_amount / quantity : product.amount;

  function changeQuantity(next: number) {
    if (busy || locked || next < 1 || next > max || next === quantity) return;
    void toastMutation(updateCartItem({ id: line.id, quantity: next }).unwrap(), 'cartUpdate');
  }

  function step(next: number) {
    setClampReason(null);
    changeQuantity(next);
  }

  function commitDraft() {
    if (draft === null) return;
    setDraft(null);
    const { quantity: next, reason } = clampTypedQuantity(draft, line);
    setClampReason(reason);
    if (next !== null) changeQuantity(next);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitDraft();
    } else if (event.key === 'Escape') {
      setDraft(null);
    }
  }

  const stockNote =
    clampReason ??
    (quantity >= max
      ? product.inventory_stock > 0
        ? `Only ${product.inventory_stock} in stock`
        : 'Out of stock'
      : null);

  return (
    <Box component="li" aria-busy={busy} sx={lineSx}>
      <Box sx={{ gridArea: 'image', alignSelf: 'start' }}>
        <ProductImage src={product.images} alt="" size="100%" />
      </Box>

      <Box sx={{ gridArea: 'details', minWidth: 0, alignSelf: 'start' }}>
        <Typography component="h3" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          <Link
            component={RouterLink}
            to={productDetailsPath(product.slug)}
            onClick={() => rememberProduct(product)}
            sx={{
              color: 'text.primary',
              overflowWrap: 'anywhere',
              display: 'inline-flex',
              alignItems: 'center',
              minHeight: TAP_TARGET_PX,
            }}
          >
            {product.name}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <Box component="span" sx={visuallyHidden}>
            Sold by{' '}
          </Box>
          {product.vendor.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatNaira(unitPrice)} each
        </Typography>
      </Box>

      <Typography
        sx={{
          gridArea: 'total',
          alignSelf: 'start',
          pt: 1.25,
          fontWeight: 800,
          textAlign: 'right',
        }}
      >
        <Box component="span" sx={visuallyHidden}>
          Line total{' '}
        </Box>
        {formatNaira(line.total_amount)}
      </Typography>

      <Box
        sx={{
          gridArea: 'controls',
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          columnGap: 1.5,
          rowGap: 0.5,
        }}
      >
        <Box
          role="group"
          aria-label={`Quantity of ${product.name}`}
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            border: 1,
            borderColor: 'divider',
            borderRadius: 999,
            bgcolor: 'background.paper',
          }}
        >
          <IconButton
            aria-label={`Decrease quantity of ${product.name}`}
            onClick={() => step(quantity - 1)}
            disabled={locked || quantity <= 1}
            aria-disabled={busy || locked || quantity <= 1}
          >
            <Remove fontSize="small" />
          </IconButton>
          <InputBase
            value={draft ?? String(quantity)}
            onChange={(event) => setDraft(event.target.value.replace(/\D/g, '').slice(0, 5))}
            onFocus={(event) => event.target.select()}
            onBlur={commitDraft}
            onKeyDown={handleKeyDown}
            disabled={locked}
            inputProps={{
              'aria-label': 'Quantity',
              inputMode: 'numeric',
              pattern: '[0-9]*',
              enterKeyHint: 'done',
            }}
            sx={{
              width: 52,
              minHeight: TAP_TARGET_PX,
              '& input': { textAlign: 'center', fontWeight: 700, p: 0, height: TAP_TARGET_PX },
            }}
          />
          <IconButton
            aria-label={`Increase quantity of ${product.name}`}
            onClick={() => step(quantity + 1)}
            disabled={locked || quantity >= max}
            aria-disabled={busy || locked || quantity >= max}
          >
            <Add fontSize="small" />
          </IconButton>
        </Box>
        <Typography
          variant="caption"
          color="text.secondary"
          aria-live="polite"
          sx={{ flex: '1 1 8rem', minWidth: 0 }}
        >
          {stockNote}
        </Typography>
        <IconButton
          aria-label={`Delete ${product.name} from cart`}
          onClick={() => {
            if (!busy && !locked) onRemove(line);
          }}
          disabled={locked}
          aria-disabled={busy || locked}
          sx={{ ml: 'auto', color: 'text.secondary' }}
        >
          <DeleteOutlined />
        </IconButton>
      </Box>
    </Box>
  );
}

/**
 * A cart line's placeholder while the cart loads: the same grid, the picture's square, the
 * name's tap-high row, two lines of small print, the total and the 44 px quantity controls.
 */
export function CartLineSkeleton() {
  return (
    <Box data-testid="cart-line-skeleton" aria-hidden="true" sx={lineSx}>
      <Box sx={{ gridArea: 'image', alignSelf: 'start' }}>
        <Skeleton variant="rounded" sx={{ width: '100%', height: 'auto', aspectRatio: '1' }} />
      </Box>
      <Box sx={{ gridArea: 'details', minWidth: 0, alignSelf: 'start' }}>
        <Typography
          component="div"
          sx={{
            fontWeight: 700,
            lineHeight: 1.3,
            display: 'flex',
            alignItems: 'center',
            minHeight: TAP_TARGET_PX,
          }}
        >
          <Skeleton width="70%" />
        </Typography>
        <Typography variant="body2" component="div">
          <Skeleton width="55%" />
        </Typography>
        <Typography variant="body2" component="div">
          <Skeleton width="40%" />
        </Typography>
      </Box>
      <Typography component="div" sx={{ gridArea: 'total', alignSelf: 'start', pt: 1.25 }}>
        <Skeleton width={72} />
      </Typography>
      <Box sx={{ gridArea: 'controls', display: 'flex', alignItems: 'center' }}>
        <Skeleton variant="rounded" sx={{ width: 142, height: 46, borderRadius: 999 }} />
        <Skeleton
          variant="circular"
          sx={{ width: TAP_TARGET_PX, height: TAP_TARGET_PX, ml: 'auto' }}
        />
      </Box>
    </Box>
  );
}
