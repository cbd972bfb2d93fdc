import { Suspense, useState } from 'react';
import { useLocation } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { alpha, useTheme } from '@mui/material/styles';
import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { paths } from '../../lib/paths';
import { useMediaQuery } from '../../lib/useMediaQuery';
import { lazyWithRetry } from '../lazyWithRetry';
import BrandLink from './BrandLink';
import CartIconLink from './CartIconLink';
import { isCurrentLink, mainNavLinks, normalizePath } from './navLinks';
import { AccountButton, BecomeVendorButton } from './NavButtons';
import RouterLink from '../RouterLink';
import { TAP_TARGET_PX } from '../../theme/theme';

const MobileMenu = lazyWithRetry(
  () => import(/* webpackChunkName: "mobile-menu" */ './MobileMenu'),
);

const MOBILE_MENU_ID = 'mobile-menu';

const iconLinks = [
  { label: 'Profile', to: paths.profile, icon: <PersonOutlined /> },
  { label: 'Wishlist', to: paths.wishlist, icon: <FavoriteBorderOutlined /> },
] as const;

/** Shown from the large breakpoint on, where the header has room for its links. */
const DESKTOP_ONLY = { xs: 'none', lg: 'flex' } as const;
/** Shown below the large breakpoint, where the links move into the menu's drawer. */
const PHONE_ONLY = { lg: 'none' } as const;

/** WCAG 2.2's enhanced target size: every icon in the header is a 44 px square. */
const ICON_TARGET = { width: TAP_TARGET_PX, height: TAP_TARGET_PX } as const;

/**
 * The site header: brand, the five page links, the profile, wishlist and cart icons and the
 * account and vendor buttons. Below the large breakpoint the page links and buttons move
 * into a drawer behind a Menu button, which closes as soon as a link in it is followed.
 */
export default function TopNav() {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('lg'));
  const { pathname } = useLocation();
  const currentPath = normalizePath(pathname);
  const [menuOpen, setMenuOpen] = useState(false);
  // The drawer's code loads the first time the menu is asked for, keeping it off the first screen.
  const [menuRequested, setMenuRequested] = useState(false);
  const drawerOpen = menuOpen && !isDesktop;
  const closeMenu = () => setMenuOpen(false);

  return (
    <AppBar
      position="sticky"
      sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
    >
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ gap: { xs: 0.5, sm: 2 }, minHeight: { xs: 64, md: 72 } }}>
          <BrandLink narrow />

          {/* Both headers are in the page, and the stylesheet shows the one for the width: the
              server renders it without knowing the width, so a desktop's first paint already
              has its links, and nothing moves when the app takes over. */}
          <Box component="nav" aria-label="Main" sx={{ ml: 2, display: DESKTOP_ONLY }}>
            <Box component="ul" sx={{ display: 'flex', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
              {mainNavLinks.map((link) => {
                const current = isCurrentLink(link, currentPath);
                return (
                  <li key={link.to}>
                    <Button
                      component={RouterLink}
                      to={link.to}
                      aria-current={current ? 'page' : undefined}
                      color="inherit"
                      sx={{
                        px: 2,
                        color: current ? 'primary.dark' : 'text.primary',
                        fontWeight: current ? 700 : 600,
                        bgcolor: current ? alpha(theme.palette.primary.main, 0.1) : 'transparent',
                        '&:hover': { bgcolor: alpha(theme.palette.primary.main, 0.14) },
                      }}
                    >
                      {link.label}
                    </Button>
                  </li>
                );
              })}
            </Box>
          </Box>

          <Box sx={{ flex: 1 }} />

          {/* flexShrink 0: on the narrowest phones the brand's name gives way, never the cart. */}
          <Stack
            direction="row"
            spacing={{ xs: 0, sm: 0.5 }}
            sx={{ alignItems: 'center', flexShrink: 0 }}
          >
            {iconLinks.map((link) => (
              <IconButton
                key={link.to}
                component={RouterLink}
                to={link.to}
                aria-label={link.label}
                aria-current={currentPath === link.to ? 'page' : undefined}
                sx={{
                  ...ICON_TARGET,
                  color: currentPath === link.to ? 'primary.main' : 'text.primary',
                }}
              >
                {link.icon}
              </IconButton>
            ))}
            <CartIconLink current={currentPath === paths.cart} />
          </Stack>

          <Stack direction="row" spacing={1.5} sx={{ ml: 1, display: DESKTOP_ONLY }}>
            <AccountButton />
            <BecomeVendorButton />
          </Stack>
          <IconButton
            aria-label="Menu"
            // As in the APG menu button pattern: aria-expanded only while the menu is shown.
            aria-expanded={drawerOpen ? true : undefined}
            aria-controls={drawerOpen ? MOBILE_MENU_ID : undefined}
            aria-haspopup="dialog"
            onClick={() => {
              setMenuRequested(true);
              setMenuOpen(true);
            }}
            onPointerEnter={() => setMenuRequested(true)}
            edge="end"
            sx={{ ...ICON_TARGET, flexShrink: 0, color: 'text.primary', display: PHONE_ONLY }}
          >
            <MenuIcon />
          </IconButton>
        </Toolbar>
      </Container>

      {menuRequested ? (
        <Suspense fallback={null}>
          <MobileMenu
            id={MOBILE_MENU_ID}
            open={drawerOpen}
            onClose={closeMenu}
            currentPath={currentPath}
          />
        </Suspense>
      ) : null}
    </AppBar>
  );
}
