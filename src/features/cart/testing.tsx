/** Test helpers for the cart feature (imported by its tests only, never by the app). */
import { screen, waitFor, within, type waitForOptions } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router-dom';
import { Typography } from '@mui/material';
import { http } from 'msw';
import type { SessionState } from '../../state/sessionSlice';
import type { SavedCopiesState } from '../../state/savedCopiesSlice';
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

/** Where an order lands: the confirmation page of the orders feature, standing in here. */
function ConfirmationStandIn() {
  return <Typography variant="h1">Order confirmation {useParams().orderId}</Typography>;
}

/** Answers GET /shop for one test with other values or a failure (the mock answers the fixture). */
export function answerShopInfo(answer: () => Response) {
  server.use(http.get(apiUrl('/shop', 'orders'), answer));
}

/** The cart page at /cart, with stand-in pages to land on after an order. */
export function renderCartPage(
  options: {
    session?: SessionState | null;
    withResumer?: boolean;
    /** The shopper's saved copies, as a reload finds them in storage. */
    savedCopies?: SavedCopiesState;
  } = {},
) {
  const { session = signedInSession, withResumer = false, savedCopies } = options;
  return renderWithProviders(
    <>
      {withResumer ? <PendingPaymentResumer /> : null}
      <Routes>
        <Route path={paths.cart} element={<CartPage />} />
        <Route path={paths.orders} element={<Typography variant="h1">My orders</Typography>} />
        <Route path={paths.orderConfirmation} element={<ConfirmationStandIn />} />
        <Route path={paths.shop} element={<Typography variant="h1">Shop</Typography>} />
      </Routes>
    </>,
    {
      route: paths.cart,
      preloadedState: session ? { session, ...(savedCopies ? { savedCopies } : {}) } : undefined,
    },
  );
}

/** Where a phone's Make Payment rides (PhonePaymentBar). */
const PHONE_BAR = '[role="region"][aria-label="Pay for your order"]';

/**
 * The cart's Make Payment as a wide screen shows it: the panel's, under the cart. The page
 * also holds the phone's bar with its own, which CSS shows instead below the `md` width; jsdom
 * applies no media query, so both are in its accessibility tree.
 */
export function getMakePayment(): HTMLElement {
  const buttons = screen
    .getAllByRole('button', { name: 'Make Payment' })
    .filter((button) => !button.closest(PHONE_BAR));
  if (buttons.length !== 1) {
    throw new Error(`Expected one Make Payment outside the phone's bar, found ${buttons.length}`);
  }
  return buttons[0]!;
}

/** getMakePayment, once it is there. */
export function findMakePayment(options?: waitForOptions): Promise<HTMLElement> {
  return waitFor(getMakePayment, options);
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

/**
 * Picks a delivery area in the Delivery Information form as a shopper on a phone does: types
 * part of its name into the area search, then taps the match (`name`, the whole name shown).
 */
export async function chooseArea(
  user: UserEvent,
  form: HTMLElement,
  typed: string,
  name: string = typed,
): Promise<void> {
  const input = within(form).getByRole('combobox', { name: /^City/ });
  await user.click(input);
  await user.clear(input);
  await user.paste(typed);
  await user.click(await screen.findByRole('option', { name }));
}
