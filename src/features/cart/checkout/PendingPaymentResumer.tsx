import { useInRouterContext } from 'react-router-dom';
import { useResumePendingPayment, useShowPlacedOrder } from './useCheckout';

function ResumeAndShow() {
  useResumePendingPayment();
  useShowPlacedOrder();
  return null;
}

function ResumeOnly() {
  useResumePendingPayment();
  return null;
}

/**
 * Mount once in the app shell. When a signed-in shopper has a payment that was taken but
 * whose order was never placed (the page was reloaded or closed in between), it verifies the
 * payment and places the order, with the toasts 'Finishing your paid order...' and the
 * order's own. Inside the router it then opens the orders page; outside, it only finishes.
 * Renders nothing; does nothing without a pending payment or a signed-in shopper.
 */
export function PendingPaymentResumer() {
  return useInRouterContext() ? <ResumeAndShow /> : <ResumeOnly />;
}
