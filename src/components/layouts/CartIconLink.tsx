import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { paths } from '../../lib/paths';
import { useAppSelector } from '../../state/hooks';
import { selectCartItemCount, useShopperLists } from '../product/shopperLists';
import visuallyHidden from '@mui/utils/visuallyHidden';
import RouterLink from '../RouterLink';
import { TAP_TARGET_PX } from '../../theme/theme';

/** 'Cart, 1 item', 'Cart, 3 items'; plain 'Cart' when signed out or not known yet. */
export function cartLabel(count: number | null): string {
  if (count === null) return 'Cart';
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

/** What the live region says when the count changes, and nothing on the first count. */
function useCountAnnouncement(count: number | null): string {
  const previous = useRef(count);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (previous.current !== null && count !== null && previous.current !== count) {
      setAnnouncement(`${cartLabel(count)}.`);
    }
    previous.current = count;
  }, [count]);
  return announcement;
}

/**
 * The count over the icon's top right corner. Drawn here rather than with MUI's Badge, whose
 * slot machinery would add about 5 KB to every first screen for one small circle.
 */
const countBadge = {
  position: 'absolute',
  top: 2,
  right: 0,
  minWidth: 20,
  height: 20,
  px: 0.5,
  borderRadius: 10,
  bgcolor: 'secondary.main',
  color: 'secondary.contrastText',
  typography: 'caption',
  fontWeight: 700,
  lineHeight: '20px',
  textAlign: 'center',
  pointerEvents: 'none',
} as const;

interface CartIconLinkProps {
  /** Marks the link as the current page (the header on /cart). */
  current?: boolean;
}

/**
 * The header's cart icon with the number of items in the cart on it, for the signed-in
 * shopper. It keeps the cart and wishlist loaded (useShopperLists) for every page under
 * the header, so the count follows every change the cart's mutations make. A polite live
 * region says the new count when it changes.
 */
export default function CartIconLink({ current = false }: CartIconLinkProps) {
  useShopperLists();
  const count = useAppSelector(selectCartItemCount);
  const announcement = useCountAnnouncement(count);
  return (
    <>
      <IconButton
        component={RouterLink}
        to={paths.cart}
        aria-label={cartLabel(count)}
        aria-current={current ? 'page' : undefined}
        sx={{
          width: TAP_TARGET_PX,
          height: TAP_TARGET_PX,
          color: current ? 'primary.main' : 'text.primary',
        }}
      >
        <ShoppingCartOutlined />
        {count ? (
          // The count is in the link's name; the badge only shows it.
          <Box component="span" aria-hidden="true" sx={countBadge}>
            {count > 99 ? '99+' : count}
          </Box>
        ) : null}
      </IconButton>
      <Box component="span" role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
    </>
  );
}
