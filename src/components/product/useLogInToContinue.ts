import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { saveGuestIntent, type GuestAction } from '../../lib/guestIntent';
import { loginPathReturningTo, paths } from '../../lib/paths';
import { toastPleaseLogIn } from '../../lib/toasts';

/**
 * For a signed-out shopper's tap: the spec's 'Please, log in' toast, whose 'Log in' button
 * remembers the tap and opens the login page, returning to this page (or, for 'Buy', the
 * cart). The tap is carried out once that log in succeeds (app/listeners.ts). Nothing is
 * kept unless the shopper asks to log in, so a toast ignored leaves nothing behind.
 *
 * The returned function keeps its identity across navigations: the shop's grid memoizes on it.
 */
export function useLogInToContinue(): (action: GuestAction) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const latest = useRef({ navigate, here: `${location.pathname}${location.search}` });
  useEffect(() => {
    latest.current = { navigate, here: `${location.pathname}${location.search}` };
  }, [navigate, location.pathname, location.search]);

  return useCallback((action: GuestAction) => {
    toastPleaseLogIn(() => {
      const { navigate: go, here } = latest.current;
      const returnTo = action.kind === 'buy' ? paths.cart : here;
      saveGuestIntent(action, returnTo);
      void go(loginPathReturningTo(returnTo));
    });
  }, []);
}
