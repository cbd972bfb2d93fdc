import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { alpha, useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import Logout from '@mui/icons-material/Logout';
import { paths } from '../../lib/paths';
import { useAppSelector } from '../../state/hooks';
import { selectIsLoggedIn } from '../../state/sessionSlice';
import { TAP_TARGET_PX } from '../../theme/theme';
import BrandLink from './BrandLink';
import { isCurrentLink, mainNavLinks, type NavLinkItem } from './navLinks';
import { AccountButton, BecomeVendorButton } from './NavButtons';
import { useLogOut } from './useLogOut';
import RouterLink from '../RouterLink';

interface MobileMenuProps {
  id: string;
  open: boolean;
  onClose: () => void;
  currentPath: string;
}

/** What a signed-in shopper looks for most on a phone, so it is one tap from any page. */
const accountLinks: readonly NavLinkItem[] = [
  { label: 'My Orders', to: paths.orders, alsoCurrentAt: [paths.orderItems] },
  { label: 'Account', to: paths.profile },
  { label: 'Saved Items', to: paths.wishlist },
];

function MenuLinks({
  links,
  currentPath,
  onClose,
}: {
  links: readonly NavLinkItem[];
  currentPath: string;
  onClose: () => void;
}) {
  const theme = useTheme();
  return (
    <List disablePadding>
      {links.map((link) => {
        const current = isCurrentLink(link, currentPath);
        return (
          <ListItem key={link.to} disablePadding>
            <ListItemButton
              component={RouterLink}
              to={link.to}
              onClick={onClose}
              selected={current}
              aria-current={current ? 'page' : undefined}
              sx={{
                borderRadius: 2,
                mb: 0.5,
                minHeight: TAP_TARGET_PX,
                '&.Mui-selected': {
                  bgcolor: alpha(theme.palette.primary.main, 0.1),
                  color: 'primary.dark',
                },
              }}
            >
              <ListItemText
                primary={link.label}
                slotProps={{ primary: { sx: { fontWeight: current ? 700 : 600 } } }}
              />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}

/**
 * The phone and tablet menu: the page links, a signed-in shopper's account links and Log out,
 * and the account and vendor buttons, in a drawer.
 */
export default function MobileMenu({ id, open, onClose, currentPath }: MobileMenuProps) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const logOut = useLogOut();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          id,
          role: 'dialog',
          'aria-label': 'Menu',
          sx: { width: 320, maxWidth: '88vw', p: 2.5 },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
        <BrandLink onClick={onClose} />
        <IconButton aria-label="Close menu" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Box component="nav" aria-label="Main">
        <MenuLinks links={mainNavLinks} currentPath={currentPath} onClose={onClose} />
      </Box>
      {isLoggedIn && (
        <>
          <Divider sx={{ my: 2 }} />
          <Box component="nav" aria-label="My account">
            <MenuLinks links={accountLinks} currentPath={currentPath} onClose={onClose} />
            <ListItemButton
              onClick={() => {
                onClose();
                logOut();
              }}
              sx={{ borderRadius: 2, minHeight: TAP_TARGET_PX, gap: 1.5, color: 'error.main' }}
            >
              <Logout fontSize="small" />
              <ListItemText
                primary="Log out"
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
              />
            </ListItemButton>
          </Box>
        </>
      )}
      <Divider sx={{ my: 2 }} />
      <Stack spacing={1.5}>
        <AccountButton onClick={onClose} fullWidth />
        <BecomeVendorButton onClick={onClose} fullWidth />
      </Stack>
    </Drawer>
  );
}
