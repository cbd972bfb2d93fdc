import { useMemo, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import LoginPrompt from '../../components/LoginPrompt';
import ProductImage from '../../components/product/ProductImage';
import { useAddToCart } from '../../components/product/useAddToCart';
import { productDetailsPath } from '../../components/product/productPath';
import RouterLink from '../../components/RouterLink';
import { formatNaira } from '../../lib/format';
import { type GuestSavedItem } from '../../lib/guestIntent';
import {
  guestBasketSnapshot,
  readGuestBasket,
  removeGuestItem,
  subscribeGuestBasket,
} from '../../lib/keptGuestIntent';
import { TAP_TARGET_PX } from '../../theme/theme';

/** The guest's kept saved items: the stored basket, re-read whenever it changes. */
function useGuestSaved(): GuestSavedItem[] {
  const raw = useSyncExternalStore(subscribeGuestBasket, guestBasketSnapshot, () => null);
  return useMemo(() => (raw === null ? [] : (readGuestBasket()?.saved ?? [])), [raw]);
}

/**
 * Saved Items for a shopper who has not logged in: every heart they tapped, kept in this
 * browser until they log in, when each is saved to the account. Add to cart goes the shop
 * card's way: kept in the guest's cart too, with 'Please, log in' and its Log in button.
 */
export default function GuestSavedItems() {
  const items = useGuestSaved();
  const { addToCart } = useAddToCart();
  if (items.length === 0) return <LoginPrompt />;
  return (
    <Stack spacing={2}>
      <Alert severity="info">
        Kept in this browser until you log in: logging in saves these to your account.
      </Alert>
      <Paper variant="outlined" sx={{ px: 2 }}>
        <Box component="ul" aria-label="Saved Items" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((item) => (
            <Box
              component="li"
              key={item.productId}
              aria-label={item.name}
              sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 2 }}
            >
              <Box sx={{ width: 64, flexShrink: 0 }}>
                <ProductImage src={item.images} alt="" />
              </Box>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                {item.slug ? (
                  <Link
                    component={RouterLink}
                    to={productDetailsPath(item.slug)}
                    sx={{ fontWeight: 600 }}
                  >
                    {item.name}
                  </Link>
                ) : (
                  <Typography sx={{ fontWeight: 600 }}>{item.name}</Typography>
                )}
                {item.amount > 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {formatNaira(Math.max(0, item.amount - (item.discAmount ?? 0)))}
                  </Typography>
                ) : null}
              </Box>
              {item.stock === 0 ? null : (
                <Button
                  variant="outlined"
                  size="small"
                  aria-label={`Add to cart: ${item.name}`}
                  onClick={() =>
                    void addToCart({
                      id: item.productId,
                      name: item.name,
                      slug: item.slug,
                      images: item.images,
                      amount: item.amount,
                      disc_amount: item.discAmount,
                      inventory_stock: item.stock,
                    })
                  }
                  sx={{ minHeight: TAP_TARGET_PX, flexShrink: 0 }}
                >
                  Add to cart
                </Button>
              )}
              <IconButton
                aria-label={`Remove ${item.name}`}
                onClick={() => removeGuestItem('saved', item.productId)}
                sx={{ minWidth: TAP_TARGET_PX, minHeight: TAP_TARGET_PX }}
              >
                <DeleteOutlined />
              </IconButton>
            </Box>
          ))}
        </Box>
      </Paper>
    </Stack>
  );
}
