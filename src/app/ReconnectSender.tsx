import { useEffect, useRef } from 'react';
import { hasGuestBasket } from '../lib/guestIntent';
import { useAppDispatch, useAppSelector } from '../state/hooks';
import { selectSignedInUserId } from '../state/sessionSlice';

/**
 * Sends what a signed-in shopper added to the cart while offline (kept in this browser by
 * components/product/useAddToCart.ts) once the connection returns, and says what went in;
 * also, when the shop opens online, what an earlier visit kept. It goes by the guest basket's
 * merge (app/guestReplay.ts), whose merge id the server adds once however often it is sent,
 * so two tabs coming back online together add it once. A log in merges by itself
 * (app/listeners.ts): this leaves that moment alone. Renders nothing.
 */
export default function ReconnectSender() {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectSignedInUserId) !== null;
  const started = useRef(false);

  useEffect(() => {
    const atStart = !started.current;
    started.current = true;
    if (!signedIn) return undefined;
    const send = () => {
      // The merge's code loads only when something is kept.
      if (!hasGuestBasket()) return;
      void import(/* webpackChunkName: "guest-replay" */ './guestReplay').then(
        (replay) => replay.mergeGuestBasket(dispatch, 'reconnect'),
        () => undefined,
      );
    };
    if (atStart && navigator.onLine) send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [signedIn, dispatch]);

  return null;
}
