import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { GuestAction } from '../../lib/guestIntent';
import { loginPathReturningTo, paths } from '../../lib/paths';
import { toastPleaseLogIn } from '../../lib/toasts';

/**
 * For a signed-out shopper's tap: the tap is kept at once in the guest's cart or saved list
 * (lib/guestIntent.ts), every tap, and the spec's 'Please, log in' toast says so; its 'Log in'
 * button opens the login page, returning to this page (or, for 'Buy', the cart). The kept
 * taps join the account at the next log in (app/listeners.ts).
 *
 * The returned function keeps its identity across navigations: the shop's grid memoizes on it.
 */
/** The code that keeps a tap loads on a guest's first tap, not with the first screen. */
export const keeping = () =>
  import(/* webpackChunkName: "guest-basket" */ '../../lib/keptGuestIntent');

export function useLogInToContinue(): (action: GuestAction) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const latest = useRef({ navigate, here: `${location.pathname}${location.search}` });
  useEffect(() => {
    latest.current = { navigate, here: `${location.pathname}${location.search}` };
  }, [navigate, location.pathname, location.search]);

  return useCallback((action: GuestAction) => {
    void keeping().then((kept) => kept.keepGuestTap(action));
    const kept =
      action.kind === 'wishlistAdd'
        ? 'Kept in your saved items until you log in.'
        : 'Kept in your cart: log in to pay.';
    toastPleaseLogIn(() => {
      const { navigate: go, here } = latest.current;
      const returnTo = action.kind === 'buy' ? paths.cart : here;
      void keeping().then((kept) => kept.setGuestReturn(returnTo));
      void go(loginPathReturningTo(returnTo));
    }, kept);
  }, []);
}
