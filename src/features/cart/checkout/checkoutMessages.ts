/**
 * The checkout's own words, beyond the spec's catalogue (src/lib/messages.ts): the spec only
 * logs payment problems; we also tell the shopper what happened and what to do next.
 */
export const checkoutMessages = {
  offline: 'You are offline. Check your connection and try again.',
  finishing: 'Finishing your paid order...',
  startFailed: 'Unable to start payment',
  cartChanged: 'Your cart changed',
  cartChangedDetail: (charged: string, shown: string) =>
    `The payment would be ${charged}, not the ${shown} shown. We have refreshed your cart: check it and pay again. You have not been charged.`,
  popupFailed: 'Unable to open the payment window',
  testPaymentFailed: 'The test payment did not go through',
  verifyFailed: 'We could not confirm your payment',
  verifyFailedDetail: (detail: string, reference: string) =>
    `${detail} If you paid, your order will be placed when you try again. Payment reference: ${reference}.`,
  notPaid: 'Your payment was not completed',
  notPaidDetail: (status: string) =>
    status === 'pending'
      ? 'The payment provider has not confirmed it yet, so no order was placed. You can try again.'
      : `The payment provider reports it as ${status}, so no order was placed. You can try again.`,
  orderFailedDetail: (detail: string, reference: string, canRetry: boolean) =>
    canRetry
      ? `${detail} Your payment is safe: try again to place your order. Payment reference: ${reference}.`
      : `${detail} Payment reference: ${reference}.`,
} as const;

/** What the cart page says while each step runs. */
export const stepMessages = {
  initializing: 'Starting your payment...',
  paystack: 'Complete your payment in the Paystack window.',
  sandbox: 'Complete your test payment.',
  payingTest: 'Paying...',
  verifying: 'Confirming your payment...',
  waiting: 'Payment confirmed. Placing your order in a moment...',
  placingOrder: 'Placing your order...',
} as const;
