import { useNavigate, useSearchParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EmptyState from '../../../components/EmptyState';
import PageHeader from '../../../components/PageHeader';
import RouterLink from '../../../components/RouterLink';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { getErrorMessage } from '../../../lib/getErrorMessage';
import { loginPathReturningTo, paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import {
  staffAccountsApi,
  useJoinStaffMutation,
} from '../../../services/backOffice/staffAccountsApi';
import { useAppSelector } from '../../../state/hooks';
import { loadApi } from '../../../state/lazyApis';
import { selectIsLoggedIn } from '../../../state/sessionSlice';
import { BACK_OFFICE_LINKS } from '../sections';

loadApi(staffAccountsApi);

const TITLE = 'Join the shop’s team';

/** Where an invite leads: sign in (or sign up first), then one tap joins the team. */
export default function JoinPage() {
  useDocumentTitle(TITLE);
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const [join, { isLoading, error }] = useJoinStaffMutation();
  const navigate = useNavigate();
  const here = `${BACK_OFFICE_LINKS.join}?${new URLSearchParams({ code })}`;

  if (code === '') {
    return (
      <>
        <PageHeader title={TITLE} />
        <EmptyState
          message="This link is incomplete."
          description="Open the invite link exactly as it came in the message."
        />
      </>
    );
  }

  async function accept() {
    try {
      const me = await join(code).unwrap();
      toast.success(`Welcome to the team, ${me.first_name}`);
      void navigate(paths.backOffice);
    } catch {
      // Shown on the page below, where the invitee reads what to do.
    }
  }

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle="You have been invited to work in the shop’s back office."
      />
      {isLoggedIn ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          {error ? (
            <Typography role="alert" color="error">
              {getErrorMessage(error)}
            </Typography>
          ) : null}
          <Typography>Join with the account you are signed in with.</Typography>
          <Button variant="contained" disabled={isLoading} onClick={() => void accept()}>
            Join the team
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>
            Log in to join. No account yet? Create one, activate it with the code we email you, then
            open this invite link again.
          </Typography>
          <Button variant="contained" component={RouterLink} to={loginPathReturningTo(here)}>
            Log in
          </Button>
          <Button variant="outlined" component={RouterLink} to={paths.register}>
            Create an account
          </Button>
        </Stack>
      )}
    </>
  );
}
