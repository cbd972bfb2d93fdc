/** Test helpers for the cart feature (imported by its tests only, never by the app). */
import { Route, Routes } from 'react-router-dom';
import { Typography } from '@mui/material';
import { http, HttpResponse } from 'msw';
import type { ShopInfo } from 'contract';
import type { SessionState } from '../../state/sessionSlice';
import { paths } from '../../lib/paths';
import { apiUrl, signedInSession } from '../../testing/fixtures';
import { server } from '../../testing/server';
import { renderWithProviders } from '../../testing/renderWithProviders';
import CartPage from './cart/CartPage';
import { checkoutTiming } from './checkout/checkoutThunks';
import { PendingPaymentResumer } from './checkout/PendingPaymentResumer';
import { PAYSTACK_IFRAMES } from './checkout/paystackPopup';

// The spec's 5-second pause is real in the app; tests do not wait for it.
checkoutTiming.delayMs = 0;

/** What GET /shop answers in the cart's tests. */
export const fixtureShopInfo: ShopInfo = {
  whatsapp_number: '2348030001234',
  pickup: { address: '14 Ring Road, Challenge, Ibadan', opening_hours: 'Mon-Sat 8:00-18:00' },
  pay_later: { max_total: 200000, first_order_max_total: 50000 },
};

/**
 * Answers GET /shop for this test: the cart page asks for the shop's WhatsApp number. Kept
 * here until the shared mock backend answers it; a test may pass other values or a failure.
 */
export function answerShopInfo(answer: () => Response = () => HttpResponse.json(fixtureShopInfo)) {
  server.use(http.get(apiUrl('/shop', 'orders'), answer));
}

/** The cart page at /cart, with a stand-in orders page to land on after checkout. */
export function renderCartPage(
  options: { session?: SessionState | null; withResumer?: boolean } = {},
) {
  const { session = signedInSession, withResumer = false } = options;
  answerShopInfo();
  return renderWithProviders(
    <>
      {withResumer ? <PendingPaymentResumer /> : null}
      <Routes>
        <Route path={paths.cart} element={<CartPage />} />
        <Route path={paths.orders} element={<Typography variant="h1">My orders</Typography>} />
        <Route path={paths.shop} element={<Typography variant="h1">Shop</Typography>} />
      </Routes>
    </>,
    { route: paths.cart, preloadedState: session ? { session } : undefined },
  );
}

/** The fixture cart (₦15,000 before VAT, ₦1,125 VAT) plus ₦1,150: what the shopper pays. */
export const FIXTURE_TOTAL = 17275;

/** What Paystack's library does on `new PaystackPop()`: two iframes appended to <body>. */
export function addPaystackIframes(popupId: string): void {
  for (const part of ['background', 'checkout']) {
    const frame = document.createElement('iframe');
    frame.id = `inline-${part}-${popupId}`;
    document.body.appendChild(frame);
  }
}

/** The Paystack iframes on the page now. */
export function paystackIframeCount(): number {
  return document.querySelectorAll(PAYSTACK_IFRAMES).length;
}

/** Removes every iframe (a test's popups outlive it: they are removed a second after closing). */
export function removeAllIframes(): void {
  document.querySelectorAll('iframe').forEach((frame) => frame.remove());
}
