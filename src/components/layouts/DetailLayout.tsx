import { useLocation, useNavigate } from 'react-router-dom';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import { paths } from '../../lib/paths';
import { useAppSelector } from '../../state/hooks';
import { selectIsLoggedIn, selectUserName } from '../../state/sessionSlice';
import CartIconLink from './CartIconLink';
import SiteFooter from './SiteFooter';
import MainLandmark from './MainLandmark';
import PageOutlet from './PageOutlet';
import SkipLink from './SkipLink';
import { normalizePath } from './navLinks';
import RouterLink from '../RouterLink';
import { TAP_TARGET_PX } from '../../theme/theme';

/** "Adaeze Okafor" -> "ADAEZE": the greeting uses the first name only. */
function greetingName(userName: string | null): string | null {
  const first = userName?.trim().split(/\s+/)[0];
  return first ? first.toUpperCase() : null;
}

/**
 * The cart and product-detail shell (docs/product.md#routes): Back, the title (Cart at /cart,
 * otherwise Details), the greeting and the profile and cart icons.
 */
export default function DetailLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const isCart = normalizePath(location.pathname) === paths.cart;
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const firstName = greetingName(useAppSelector(selectUserName));

  function goBack() {
    // The router marks the entry the app opened on with the key 'default': nothing to go back to.
    if (location.key === 'default') void navigate(paths.shop);
    else void navigate(-1);
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <SkipLink />
      <AppBar
        position="sticky"
        sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
      >
        <Container maxWidth="lg">
          <Toolbar
            disableGutters
            sx={{
              display: 'grid',
              gridTemplateColumns: '1fr auto 1fr',
              alignItems: 'center',
              gap: 1,
              minHeight: { xs: 64, md: 72 },
            }}
          >
            <Box>
              <Button
                onClick={goBack}
                startIcon={<ArrowBack />}
                color="inherit"
                sx={{ color: 'text.primary', px: { xs: 1.25, sm: 2 } }}
              >
                Back
              </Button>
            </Box>
            <Typography
              component="p"
              variant="sectionTitle"
              sx={{ fontWeight: 800, textAlign: 'center' }}
            >
              {isCart ? 'Cart' : 'Details'}
            </Typography>
            <Box
              sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5 }}
            >
              {isLoggedIn && firstName ? (
                <Typography
                  component="p"
                  sx={{
                    fontWeight: 700,
                    color: 'primary.dark',
                    mr: 0.5,
                    maxWidth: { xs: 64, sm: 'none' },
                    // Below 360 px the Back button, the title and two 44 px icons fill the bar.
                    '@media (max-width: 359.95px)': { display: 'none' },
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {`Hi, ${firstName}`}
                </Typography>
              ) : null}
              <IconButton
                component={RouterLink}
                to={paths.profile}
                aria-label="Profile"
                sx={{ width: TAP_TARGET_PX, height: TAP_TARGET_PX, color: 'text.primary' }}
              >
                <PersonOutlined />
              </IconButton>
              {isCart ? null : <CartIconLink />}
            </Box>
          </Toolbar>
        </Container>
      </AppBar>
      <MainLandmark>
        <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
          <PageOutlet />
        </Container>
      </MainLandmark>
      <SiteFooter />
    </Box>
  );
}
