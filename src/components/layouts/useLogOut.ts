import { useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { paths } from '../../lib/paths';
import { plainMessages } from '../../lib/messages';
import { useAppDispatch, useAppSelector } from '../../state/hooks';
import { loggedOut, selectAuthToken } from '../../state/sessionSlice';
import { endSession } from '../../services/usersApi';

/** The one Log out, shared by the profile sidebar and the phone menu so they cannot drift apart. */
export function useLogOut(): () => void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const token = useAppSelector(selectAuthToken);
  return () => {
    // The server ends the session, so a copied token stops working too; the browser forgets
    // it at once either way (offline, the token still runs out in time).
    if (token) void endSession(token);
    dispatch(loggedOut());
    toast.success(plainMessages.logoutSuccess);
    void navigate(paths.login);
  };
}
