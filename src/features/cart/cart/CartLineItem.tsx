import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Remove from '@mui/icons-material/Remove';
import type { CartItem } from 'contract';
import ProductImage from '../../../components/product/ProductImage';
import { visuallyHidden } from '../../../components/product/visuallyHidden';
import { formatNaira } from '../../../lib/format';
import { toastMutation } from '../../../lib/toasts';
import { useDeleteCartItemMutation, useUpdateCartItemMutation } from '../../../services/cartApi';
import { MAX_CART_QUANTITY } from 'contract/rules';

export interface CartLineItemProps {
  line: CartItem;
  /** A payment is running: the cart must not change under it. */
  locked: boolean;
}

/** The most of a line the shopper may have: the stock (and the contract's limit), at least 1. */
export function maxQuantity(line: CartItem): number {
  return Math.max(1, Math.min(line.product.inventory_stock, MAX_CART_QUANTITY));
}

/**
 * One Cart Summary line: image, name, vendor, quantity with minus and plus (1 to the stock),
 * line total and delete. Changes show at once (cartApi patches the cache and undoes it if
 * the server refuses), with the spec's toasts; the refetch then brings the server's figures.
 */
export default function CartLineItem({ line, locked }: CartLineItemProps) {
  const [updateCartItem, { isLoading: updating }] = useUpdateCartItemMutation();
  const [deleteCartItem, { isLoading: deleting }] = useDeleteCartItemMutation();
  const { product, quantity } = line;
  const max = maxQuantity(line);
  // A click while this line's last change is still on its way waits for the answer.
  const busy = updating || deleting;
  const unitPrice = quantity > 0 ? line.total_amount / quantity : product.amount;

  function changeQuantity(next: number) {
    if (busy || locked || next < 1 || next > max || next === quantity) return;
    void toastMutation(updateCartItem({ id: line.id, quantity: next }).unwrap(), 'cartUpdate');
  }

  function remove() {
    if (busy || locked) return;
    void toastMutation(deleteCartItem(line.id).unwrap(), 'cartDelete');
  }

  return (
    <Box
      component="li"
      aria-busy={busy}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '64px minmax(0, 1fr) auto', sm: '88px minmax(0, 1fr) auto' },
        gridTemplateAreas: {
          xs: '"image details delete" "stepper stepper total"',
          sm: '"image details delete" "image stepper total"',
        },
        columnGap: { xs: 1.5, sm: 2 },
        rowGap: 1.5,
        alignItems: 'center',
        py: 2,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ gridArea: 'image', alignSelf: 'start' }}>
        <ProductImage src={product.images} alt="" size="100%" />
      </Box>

      <Box sx={{ gridArea: 'details', minWidth: 0 }}>
        <Typography component="h3" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          {product.name}
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

      <IconButton
        aria-label={`Delete ${product.name} from cart`}
        onClick={remove}
        disabled={locked}
        aria-disabled={busy || locked}
        sx={{ gridArea: 'delete', alignSelf: 'start', color: 'text.secondary' }}
      >
        <DeleteOutlined />
      </IconButton>

      <Box sx={{ gridArea: 'stepper', display: 'flex', alignItems: 'center', gap: 1.5 }}>
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
            p: 0.25,
          }}
        >
          <IconButton
            size="small"
            aria-label={`Decrease quantity of ${product.name}`}
            onClick={() => changeQuantity(quantity - 1)}
            disabled={locked || quantity <= 1}
            aria-disabled={busy || locked || quantity <= 1}
          >
            <Remove fontSize="small" />
          </IconButton>
          <Typography
            component="span"
            aria-live="polite"
            aria-atomic="true"
            sx={{ minWidth: 36, textAlign: 'center', fontWeight: 700 }}
          >
            {quantity}
          </Typography>
          <IconButton
            size="small"
            aria-label={`Increase quantity of ${product.name}`}
            onClick={() => changeQuantity(quantity + 1)}
            disabled={locked || quantity >= max}
            aria-disabled={busy || locked || quantity >= max}
          >
            <Add fontSize="small" />
          </IconButton>
        </Box>
        {quantity >= max ? (
          <Typography variant="caption" color="text.secondary">
            {product.inventory_stock > 0
              ? `Only ${product.inventory_stock} in stock`
              : 'Out of stock'}
          </Typography>
        ) : null}
      </Box>

      <Typography sx={{ gridArea: 'total', fontWeight: 800, textAlign: 'right' }}>
        <Box component="span" sx={visuallyHidden}>
          Line total{' '}
        </Box>
        {formatNaira(line.total_amount)}
      </Typography>
    </Box>
  );
}
