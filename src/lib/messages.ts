/**
 * The message catalogue: every toast text (docs/product.md#messages), spelled exactly as the earlier site
 * spells it ('Acticating Account...' and 'An error occured' included, since shoppers of the
 * earlier site know these words). Components pass a row to sonner's toast.promise.
 */

export interface PromiseMessages {
  loading: string;
  success: string;
  error: string;
}

/** docs/product.md#numbers-and-limits: toasts close after 3000 ms; adding to the wishlist after 2000 ms. */
export const TOAST_DURATION_MS = 3000;
export const WISHLIST_ADD_TOAST_DURATION_MS = 2000;
/** The extra detail toast after a failed sign-up, OTP send or activation. */
export const DETAIL_TOAST_DURATION_MS = 3000;

export const messages = {
  cartAdd: {
    loading: 'Adding to cart...',
    success: 'Product successfully added to cart',
    error: 'Error adding product to cart',
  },
  /** The failure text is the server's detail (see wishlistAddError in the data layer). */
  wishlistAdd: {
    loading: 'Adding to wishlist...',
    success: 'Wishlist updated',
    error: 'Unable to update wishlist',
  },
  wishlistRemove: {
    loading: 'Removing wishlisted item...',
    success: 'Wishlisted item removed!',
    error: 'Failed to remove wishlisted item',
  },
  accountUpdate: {
    loading: 'Updating account...',
    success: 'Account successfully updated!',
    error: 'Unable to update account',
  },
  login: {
    loading: 'Logging in...',
    success: 'Login successful!',
    error: 'Unable to log in',
  },
  resetOtp: {
    loading: 'Confirming email...',
    success: 'OTP sent to {email}!',
    error: 'OTP failed to send',
  },
  resetPassword: {
    loading: 'Resetting Password...',
    success: 'Password reset successful!',
    error: 'Failed to reset password',
  },
  affiliateRegistration: {
    loading: 'Registering account...',
    success: 'Account successfully Registered!',
    error: 'Unable to register account',
  },
  paymentRequest: {
    loading: 'Requesting payment...',
    success: 'Payment successfully Requested!',
    error: 'Unable to request payment',
  },
  signUp: {
    loading: 'Signing up...',
    success: 'Sign up successful!',
    error: 'Unable to Sign up',
  },
  signUpOtp: {
    loading: 'Sending OTP...',
    success: 'OTP Sent successful!',
    error: 'Unable to send OTP',
  },
  activation: {
    loading: 'Acticating Account...',
    success: 'Account activated!',
    error: 'Failed to process',
  },
  deliveryCreate: {
    loading: 'Creating delivery...',
    success: 'Delivery details created!',
    error: 'Unable to create delivery',
  },
  deliveryUpdate: {
    loading: 'Updating delivery...',
    success: 'Delivery details updated!',
    error: 'Unable to update delivery details',
  },
  cartUpdate: {
    loading: 'Updating cart...',
    success: 'Cart updated!',
    error: 'Unable to update cart',
  },
  cartDelete: {
    loading: 'Deleting cart...',
    success: 'Cart deleted!',
    error: 'Unable to delete cart',
  },
  order: {
    loading: 'Placing your order...',
    success: 'Congratulations!',
    error: 'Unable to place order',
  },
} as const satisfies Record<string, PromiseMessages>;

/** The contact form shows no pending toast (docs/product.md#messages). */
export const contactMessages = {
  success: 'Message successfully sent!',
  error: 'Message failed to send',
} as const;

export const plainMessages = {
  pleaseLogIn: 'Please, log in',
  pleaseLogInEllipsis: 'Please, log in...',
  logoutSuccess: 'Log out successful',
  anErrorOccured: 'An error occured',
  anErrorOccurred: 'An error occurred',
  addDeliveryLocation: 'Add your delivery location',
  addProductsToCart: 'Add products to your carts',
  pleaseWaitPayment: 'Please wait... Do NOT refresh page',
  productsLoading: 'Products are loading...',
  cartLoading: 'Your cart is loading',
  cartEmpty: 'You are yet to add product to Cart',
  noTransactionHistory: 'No Transaction History.',
  noWishlist: 'No product in your Wishlist.',
  noNotification: 'You have no notification.',
  loading: 'Loading...',
  outOfStock: 'Out of Stock',
  affiliateServerError: 'Something went wrong on the server. Please try again later.',
  affiliateNoResponse: 'No response from server. Check your connection.',
  productNoResponse: 'No response from server. Please try again later.',
  productFetchFallback: 'Unable to fetch product.',
  productUnknownError: 'An error occurred.',
  /** Words of getErrorMessage for failures the spec does not name. */
  /** No answer, and the browser knows it has no connection. */
  offline: 'You are offline. Check your connection and try again.',
  /** No answer although the browser is online, or the proxy says the server is down. */
  serverDown: 'Our server is not answering. Please try again in a moment.',
  timedOut: 'The server took too long to answer. Check your connection and try again.',
  unreadableAnswer: 'The server sent an answer that could not be read. Please try again later.',
} as const;

/** Fills `{name}` placeholders, e.g. fill(messages.resetOtp.success, { email }). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => values[key] ?? match);
}
