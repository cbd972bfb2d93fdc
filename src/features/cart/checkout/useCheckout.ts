import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../state/hooks';
import { orderConfirmationPath } from '../../../lib/paths';
import { selectAuthToken, selectUserID } from '../../../state/sessionSlice';
import { claimPlacedOrder, selectCheckout } from './checkoutSlice';
import { clearPendingPayment, readPendingPayment } from './pendingPayment';

/** The payment flow's state (see checkoutSlice.ts). */
export function useCheckout() {
  return useAppSelector(selectCheckout);
}

/**
 * Finishes a paid order left unfinished by a reload or a closed tab, once a shopper is
 * signed in (and again when another one signs in). Does nothing when nothing is pending;
 * the payment code loads only when there is something to finish.
 */
export function useResumePendingPayment(): void {
  const dispatch = useAppDispatch();
  const userID = useAppSelector(selectUserID);
  const authToken = useAppSelector(selectAuthToken);
  useEffect(() => {
    if (!userID || !authToken) return;
    const pending = readPendingPayment();
    if (!pending) return;
    if (pending.userId !== userID) {
      // Another shopper's payment: theirs to finish (Paystack's webhook places it anyway).
      clearPendingPayment();
      return;
    }
    void import(/* webpackChunkName: "checkout" */ './checkoutThunks').then(
      ({ resumePendingPayment }) => dispatch(resumePendingPayment()),
    );
  }, [dispatch, userID, authToken]);
}

/** Once an order is placed, shows it: its confirmation page. No reload. */
export function useShowPlacedOrder(): void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const placedOrderId = useAppSelector((state) => selectCheckout(state).placedOrderId);
  useEffect(() => {
    if (placedOrderId === null) return;
    const orderId = dispatch(claimPlacedOrder());
    if (orderId !== null) void navigate(orderConfirmationPath(orderId));
  }, [dispatch, navigate, placedOrderId]);
}
