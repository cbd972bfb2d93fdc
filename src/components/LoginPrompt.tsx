import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useLocation } from 'react-router-dom';
import { loginPathReturningTo } from '../lib/paths';
import { plainMessages } from '../lib/messages';
import RouterLink from './RouterLink';

/** Shown where a page needs a signed-in shopper; logging in brings them back here. */
export default function LoginPrompt({
  message = plainMessages.pleaseLogInEllipsis,
}: {
  message?: string;
}) {
  const location = useLocation();
  return (
    <Stack spacing={2} sx={{ py: 6, alignItems: 'center', textAlign: 'center' }}>
      <LockOutlined color="primary" sx={{ fontSize: 48 }} aria-hidden="true" />
      <Typography>{message}</Typography>
      <Button
        variant="contained"
        component={RouterLink}
        to={loginPathReturningTo(`${location.pathname}${location.search}`)}
      >
        Log in
      </Button>
    </Stack>
  );
}
