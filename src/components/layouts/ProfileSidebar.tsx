import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { alpha, type Theme } from '@mui/material/styles';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import Logout from '@mui/icons-material/Logout';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import { paths } from '../../lib/paths';
import { normalizePath } from './navLinks';
import { useLogOut } from './useLogOut';
import RouterLink from '../RouterLink';
import { TAP_TARGET_PX } from '../../theme/theme';

interface SidebarLink {
  label: string;
  to: string;
  icon: ReactNode;
  /** Pages reached from this one, where it stays highlighted (order items, from My Orders). */
  alsoAt?: readonly string[];
}

const links: readonly SidebarLink[] = [
  { label: 'Account', to: paths.profile, icon: <AccountCircleOutlined /> },
  { label: 'Affiliate Market', to: paths.affiliateMarket, icon: <HandshakeOutlined /> },
  {
    label: 'My Orders',
    to: paths.orders,
    icon: <ReceiptLongOutlined />,
    alsoAt: [paths.orderItems],
  },
  { label: 'Notification', to: paths.notifications, icon: <NotificationsOutlined /> },
  { label: 'Saved Items', to: paths.wishlist, icon: <FavoriteBorderOutlined /> },
];

/** One look for links, the inactive items and the Log out button. */
const itemSx = (theme: Theme) =>
  ({
    display: 'flex',
    alignItems: 'center',
    gap: 1.5,
    width: '100%',
    minHeight: TAP_TARGET_PX,
    px: 2,
    py: 1,
    border: 0,
    borderRadius: 2,
    bgcolor: 'transparent',
    color: 'text.primary',
    font: 'inherit',
    fontWeight: 600,
    textAlign: 'left',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    '& svg': { fontSize: 22, color: 'text.secondary', flexShrink: 0 },
    '&:hover': { bgcolor: alpha(theme.palette.primary.main, 0.08) },
    '&:focus-visible': {
      outline: `3px solid ${theme.palette.primary.dark}`,
      outlineOffset: 2,
    },
    '&[aria-current]': {
      bgcolor: alpha(theme.palette.primary.main, 0.12),
      borderColor: 'primary.main',
      color: 'primary.dark',
      fontWeight: 700,
      '& svg': { color: 'primary.main' },
    },
  }) as const;

/**
 * The profile sidebar (docs/product.md#profile-pages). On phones it is the same vertical list above the
 * page, in a card, so every entry and Log out are in reach of a thumb without scrolling sideways.
 * Voucher is shown but inactive; Delete Account is disabled.
 */
export default function ProfileSidebar() {
  const { pathname } = useLocation();
  const currentPath = normalizePath(pathname);
  const logOut = useLogOut();

  return (
    <Box
      component="nav"
      aria-label="My account"
      sx={{
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 4,
        p: { xs: 1, md: 1.5 },
        position: { md: 'sticky' },
        top: { md: 96 },
      }}
    >
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'flex',
          flexDirection: 'column',
          gap: 0.5,
        }}
      >
        {links.map((link) => {
          const exact = currentPath === link.to;
          const within = link.alsoAt?.includes(currentPath) ?? false;
          return (
            <Box component="li" key={link.to}>
              <Box
                component={RouterLink}
                to={link.to}
                aria-current={exact ? 'page' : within ? 'true' : undefined}
                sx={itemSx}
              >
                {link.icon}
                {link.label}
              </Box>
            </Box>
          );
        })}

        <Box component="li">
          <Box
            sx={(theme) => ({
              ...itemSx(theme),
              cursor: 'default',
              color: 'text.secondary',
              '&:hover': {},
            })}
          >
            <LocalOfferOutlined />
            Voucher
            <Chip
              label="Coming soon"
              size="small"
              color="secondary"
              sx={{ ml: 'auto', fontWeight: 700, height: 22 }}
            />
          </Box>
        </Box>

        <Box component="li" sx={{ cursor: 'not-allowed' }}>
          <Box
            component="button"
            type="button"
            disabled
            sx={(theme) => ({
              ...itemSx(theme),
              cursor: 'not-allowed',
              color: 'text.secondary',
              opacity: 0.75,
              '&:hover': {},
            })}
          >
            <DeleteOutlined />
            Delete Account
          </Box>
        </Box>

        <Box component="li" sx={{ mt: 1 }}>
          <Box
            component="button"
            type="button"
            onClick={logOut}
            sx={(theme) => ({
              ...itemSx(theme),
              color: 'error.main',
              '& svg': { fontSize: 22, color: 'error.main', flexShrink: 0 },
              '&:hover': { bgcolor: alpha(theme.palette.error.main, 0.08) },
            })}
          >
            <Logout />
            Log out
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
