import Button from '@mui/material/Button';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import LoginIcon from '@mui/icons-material/Login';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { paths } from '../../lib/paths';
import { useAppSelector } from '../../state/hooks';
import { selectIsLoggedIn } from '../../state/sessionSlice';
import RouterLink from '../RouterLink';

/** Log in when no user is stored, otherwise the Affiliate button (docs/product.md#navigation-and-footer). */
export function AccountButton({
  onClick,
  fullWidth = false,
}: {
  onClick?: () => void;
  fullWidth?: boolean;
}) {
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  return isLoggedIn ? (
    <Button
      component={RouterLink}
      to={paths.affiliateMarket}
      onClick={onClick}
      variant="outlined"
      startIcon={<HandshakeOutlined />}
      fullWidth={fullWidth}
    >
      Affiliate
    </Button>
  ) : (
    <Button
      component={RouterLink}
      to={paths.login}
      onClick={onClick}
      variant="outlined"
      startIcon={<LoginIcon />}
      fullWidth={fullWidth}
    >
      Log in
    </Button>
  );
}

export function BecomeVendorButton({
  onClick,
  fullWidth = false,
}: {
  onClick?: () => void;
  fullWidth?: boolean;
}) {
  return (
    <Button
      component={RouterLink}
      to={paths.contact}
      onClick={onClick}
      variant="contained"
      color="secondary"
      startIcon={<StorefrontOutlined />}
      fullWidth={fullWidth}
      sx={{ whiteSpace: 'nowrap' }}
    >
      Become a Vendor
    </Button>
  );
}
