import { Suspense, useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import type { Cart, DeliveryModel } from 'contract';
import { useAppDispatch, useAppSelector } from '../../../state/hooks';
import { savedCopyNote, unreachableWords, useSavedCopy } from '../../../state/useSavedCopy';
import { addAppListener } from '../../../state/listenerMiddleware';
import { paths } from '../../../lib/paths';
import EmptyState from '../../../components/EmptyState';
import RequireShopper from '../../../components/RequireShopper';
import PageHeader from '../../../components/PageHeader';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { cartLoadError, deliveryLoadError } from '../../../lib/getErrorMessage';
import { plainMessages } from '../../../lib/messages';
import { cartApi, useGetCartQuery } from '../../../services/cartApi';
import { deliveryApi, useGetDeliveryQuery } from '../../../services/deliveryApi';
import CartLineItem, { CartLineSkeleton } from './CartLineItem';
import CartSummary from './CartSummary';
import GuestCart from './GuestCart';
import PhonePaymentBar from './PhonePaymentBar';
import RemovedCartLine from './RemovedCartLine';
import WhatsAppHelpLink from './WhatsAppHelpLink';
import { useUndoableRemoval, withRemovedLines } from './useUndoableRemoval';
import { deliveryFeeOf, totalToPay } from './cartFigures';
import { useGetShopInfoQuery } from '../../../services/ordersApi';
import {
  errorDismissed,
  initialCheckoutState,
  selectCanStartPayment,
  type CheckoutState,
} from '../checkout/checkoutSlice';
import { checkoutMessages, stepMessages } from '../checkout/checkoutMessages';
import { lazyWithRetry } from '../../../components/lazyWithRetry';
import type * as CheckoutThunks from '../checkout/checkoutThunks';
import { toastError } from '../../../lib/toasts';
import DeliveryLocationCard from '../delivery/DeliveryLocationCard';
import { useCheckout, useResumePendingPayment, useShowPlacedOrder } from '../checkout/useCheckout';
import { pleaseLogInIfRefused } from './pleaseLogIn';
import { TAP_TARGET_PX } from '../../../theme/theme';

// The dialogs and the payment flow load on first use: a shopper who only looks at the cart
// never pays for their code (its download and its start-up time). The dialogs' forms, text
// fields, selects and radios weigh more than the cart page itself. The service worker
// caches them after the first visit, like every chunk. A dialog whose code does not arrive
// is the page's failure to load, with its Try again (components/ErrorBoundary.tsx).
const DeliveryInfoModal = lazyWithRetry(
  () => import(/* webpackChunkName: "cart-dialogs" */ '../delivery/DeliveryInfoModal'),
);
const DeliveryModeModal = lazyWithRetry(
  () => import(/* webpackChunkName: "cart-dialogs" */ '../delivery/DeliveryModeModal'),
);
const TestPaymentDialog = lazyWithRetry(
  () => import(/* webpackChunkName: "checkout" */ '../checkout/TestPaymentDialog'),
);

/** Runs `step` with the payment code, loaded on first use; without a connection, says so. */
function withCheckout(step: (thunks: typeof CheckoutThunks) => unknown): void {
  import(/* webpackChunkName: "checkout" */ '../checkout/checkoutThunks').then(step, () =>
    toastError(checkoutMessages.offline),
  );
}

/**
 * docs/product.md#who-may-do-what: a cart or delivery call refused for credentials tells the shopper 'Please,
 * log in'. The refusal also signs the session out (app/listeners.ts), which unmounts the
 * cart before it could show anything, so the toast comes from a listener. The cart asked for
 * before the page was there says so itself (app/shopperData.ts).
 */
function useCredentialFailureToast() {
  const dispatch = useAppDispatch();
  useEffect(
    () =>
      dispatch(
        addAppListener({
          predicate: (action) =>
            cartApi.endpoints.getCart.matchRejected(action) ||
            deliveryApi.endpoints.getDelivery.matchRejected(action),
          effect: (action) => {
            if ('payload' in action) pleaseLogInIfRefused(action.payload);
          },
        }),
      ),
    [dispatch],
  );
}

/** The cart page (docs/product.md#cart), in the detail layout, whose bar already says 'Cart'. */
export default function CartPage() {
  useDocumentTitle('Cart');
  useCredentialFailureToast();
  return (
    <Stack spacing={3}>
      <PageHeader title="Your cart" />
      <RequireShopper signedOut={<GuestCart />} placeholder={<CartPlaceholder />}>
        <SignedInCart />
      </RequireShopper>
    </Stack>
  );
}

function ignore() {}

/**
 * The signed-in cart as it first shows, before any answer: the delivery card, the cart and
 * the phone's payment bar at their loading size. The server renders it where the shopper's
 * cart goes (RequireShopper), and the browser's first render of the cart looks the same, so
 * nothing moves.
 */
function CartPlaceholder() {
  return (
    <Stack spacing={3}>
      <DeliveryLocationCard
        delivery={null}
        loading
        loadError={null}
        onRetry={ignore}
        onEdit={ignore}
      />
      <LoadingCart>
        <PaymentPanel
          checkout={initialCheckoutState}
          canStartPayment={false}
          cartLoaded={false}
          onMakePayment={ignore}
          onRetryUnfinished={ignore}
          onDismissError={ignore}
        />
      </LoadingCart>
      <PhonePaymentBar
        total={undefined}
        canStartPayment={false}
        running={false}
        onMakePayment={ignore}
      />
    </Stack>
  );
}

function SignedInCart() {
  const dispatch = useAppDispatch();
  const cartQuery = useGetCartQuery();
  const deliveryQuery = useGetDeliveryQuery();
  const checkout = useCheckout();
  const canStartPayment = useAppSelector(selectCanStartPayment);
  const [deliveryOpen, setDeliveryOpen] = useState(false);
  const [modeOpen, setModeOpen] = useState(false);
  // Each dialog mounts from its first opening on, so closing it can animate it away.
  const [deliveryWanted, setDeliveryWanted] = useState(false);
  const [modeWanted, setModeWanted] = useState(false);
  const [paymentStarted, setPaymentStarted] = useState(false);
  const removal = useUndoableRemoval();
  useResumePendingPayment();
  useShowPlacedOrder();

  // Offline or with the server down, and nothing fresh: the shopper's saved copies, read-only.
  const savedCart = useSavedCopy('cart', cartQuery);
  const savedDelivery = useSavedCopy('delivery', deliveryQuery);
  const { error: cartError, isFetching: cartFetching, refetch: refetchCart } = cartQuery;
  const cart = cartQuery.data ?? savedCart?.data;
  // null: the shopper has no delivery location yet (services/deliveryApi.ts).
  const delivery =
    deliveryQuery.data !== undefined ? deliveryQuery.data : (savedDelivery?.data ?? null);
  const deliveryLoading = deliveryQuery.isLoading && !savedDelivery;
  // The fee of the shopper's area as the owner set it; pickup's is chosen later (the dialog).
  const { data: shop } = useGetShopInfoQuery();
  const deliveryFee = deliveryFeeOf(shop, delivery?.city);
  const deliveryError = savedDelivery
    ? unreachableWords(savedDelivery.reason)
    : deliveryQuery.error && !deliveryQuery.isFetching
      ? deliveryLoadError(deliveryQuery.error)
      : null;
  const paymentRunning = checkout.phase !== 'idle';
  // A payment under way (started here, or resumed after a reload) brings the Test payment
  // dialog's code, which then stays.
  if (paymentRunning && !paymentStarted) setPaymentStarted(true);
  const canPay = canStartPayment && !savedCart;

  function openModeChoice() {
    setModeWanted(true);
    setModeOpen(true);
  }

  function handleContinue(model: DeliveryModel) {
    setModeOpen(false);
    if (!cart) return;
    const expectedTotal = totalToPay(cart, deliveryFeeOf(shop, delivery?.city, model));
    withCheckout(({ startPayment }) =>
      dispatch(startPayment({ deliveryModel: model, expectedTotal })),
    );
  }

  return (
    <>
      <DeliveryLocationCard
        delivery={delivery}
        loading={deliveryLoading}
        loadError={deliveryError}
        onRetry={() => void deliveryQuery.refetch()}
        onEdit={() => {
          setDeliveryWanted(true);
          setDeliveryOpen(true);
        }}
        disabled={paymentRunning}
        savedAt={savedDelivery?.savedAt ?? deliveryQuery.fulfilledTimeStamp}
        areas={shop?.areas}
      />

      <CartContents
        cart={cart}
        loadError={
          savedCart
            ? unreachableWords(savedCart.reason)
            : cartError && !cartFetching
              ? cartLoadError(cartError)
              : null
        }
        savedAt={savedCart?.savedAt}
        refetching={cartFetching && cart !== undefined}
        onRetry={() => void refetchCart()}
        locked={paymentRunning || savedCart !== undefined}
        removal={removal}
        deliveryFee={deliveryFee}
      >
        {/* Shown while the cart loads too (Make Payment's room kept), so nothing moves. */}
        <PaymentPanel
          checkout={checkout}
          canStartPayment={canPay}
          cartLoaded={cart !== undefined}
          onMakePayment={openModeChoice}
          onRetryUnfinished={() =>
            withCheckout(({ resumePendingPayment }) => dispatch(resumePendingPayment()))
          }
          onDismissError={() => dispatch(errorDismissed())}
        />
      </CartContents>
      {(cart ? cart.all_cart_data.length > 0 : !cartError) ? (
        <PhonePaymentBar
          total={cart ? totalToPay(cart, deliveryFee) : undefined}
          canStartPayment={canPay}
          running={checkout.phase !== 'idle'}
          onMakePayment={openModeChoice}
        />
      ) : null}

      <Suspense fallback={null}>
        {deliveryWanted ? (
          <DeliveryInfoModal
            open={deliveryOpen}
            delivery={delivery}
            onClose={() => setDeliveryOpen(false)}
          />
        ) : null}
        {modeWanted ? (
          <DeliveryModeModal
            open={modeOpen}
            onClose={() => setModeOpen(false)}
            delivery={delivery}
            deliveryLoading={deliveryLoading}
            cartIsEmpty={!cart || cart.all_cart_data.length === 0}
            onContinue={handleContinue}
          />
        ) : null}
        {paymentStarted ? <TestPaymentDialog /> : null}
      </Suspense>
    </>
  );
}

const contentsGridSx = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(300px, 2fr)' },
  gap: 3,
  alignItems: 'start',
} as const;

const linesPaperSx = {
  px: { xs: 2, sm: 3 },
  pt: { xs: 2, sm: 3 },
  pb: 1,
  borderRadius: 3,
} as const;

/**
 * Lines shown while the cart loads. The cart's size is not known yet: two lines, what most
 * carts on a first visit hold, keep the page close to its final height.
 */
export const LOADING_CART_LINES = 2;

/**
 * The cart while it loads: the loaded page's boxes at their final size (the lines, the order
 * summary and its payment panel), with placeholders for what the server has yet to say, so
 * nothing jumps when the cart arrives.
 */
function LoadingCart({ children }: { children: ReactNode }) {
  return (
    <Box sx={contentsGridSx}>
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="cart-summary-heading"
        aria-busy
        sx={linesPaperSx}
      >
        <Typography id="cart-summary-heading" variant="sectionTitle">
          Cart Summary
        </Typography>
        <Box sx={{ position: 'relative' }}>
          {Array.from({ length: LOADING_CART_LINES }, (_, index) => (
            <CartLineSkeleton key={index} />
          ))}
          {/* Over the placeholders, out of the flow: the words take no room of their own. A
              span, so the last placeholder stays the last of its type and drops its divider. */}
          <Box
            component="span"
            role="status"
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 1.5,
            }}
          >
            <CircularProgress size={24} aria-hidden="true" />
            <Typography color="text.secondary" sx={{ bgcolor: 'background.paper', px: 1 }}>
              {plainMessages.cartLoading}
            </Typography>
          </Box>
        </Box>
      </Paper>
      <Box sx={{ position: { md: 'sticky' }, top: { md: 96 } }}>
        <CartSummary cart={undefined}>{children}</CartSummary>
      </Box>
    </Box>
  );
}

function CartContents({
  cart,
  loadError,
  savedAt,
  refetching,
  onRetry,
  locked,
  removal,
  deliveryFee,
  children,
}: {
  cart: Cart | undefined;
  loadError: string | null;
  /** Set when `cart` is the saved copy, shown read-only: when it was saved. */
  savedAt?: number;
  refetching: boolean;
  onRetry: () => void;
  locked: boolean;
  removal: ReturnType<typeof useUndoableRemoval>;
  deliveryFee: number;
  children: ReactNode;
}) {
  if (!cart) {
    if (loadError) {
      return (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Try again
            </Button>
          }
        >
          {loadError}
        </Alert>
      );
    }
    return <LoadingCart>{children}</LoadingCart>;
  }
  const savedCopyAlert =
    loadError && savedAt !== undefined ? (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        {loadError}
        <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
          {savedCopyNote(savedAt)}
        </Typography>
      </Alert>
    ) : null;
  if (cart.all_cart_data.length === 0 && removal.removed.length === 0) {
    return (
      <>
        {savedCopyAlert}
        <EmptyState
          icon={<ShoppingCartOutlined />}
          message={plainMessages.cartEmpty}
          description="Browse the shop and add what you need; it will wait for you here."
          action={{ label: 'Go to the shop', to: paths.shop }}
        />
      </>
    );
  }
  return (
    <Box sx={contentsGridSx}>
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="cart-summary-heading"
        aria-busy={refetching}
        sx={{ ...linesPaperSx, opacity: refetching ? 0.85 : 1, transition: 'opacity 150ms' }}
      >
        <Typography id="cart-summary-heading" variant="sectionTitle">
          Cart Summary
        </Typography>
        {savedCopyAlert ? (
          <Box sx={{ mt: 1.5 }}>{savedCopyAlert}</Box>
        ) : loadError ? (
          <Alert severity="warning" sx={{ mt: 1.5 }}>
            {loadError}
          </Alert>
        ) : null}
        <Box component="ul" aria-label="Cart items" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {withRemovedLines(cart.all_cart_data, removal.removed).map((item) =>
            item.kind === 'line' ? (
              <CartLineItem
                key={item.line.id}
                line={item.line}
                locked={locked}
                removing={removal.removing.has(item.line.id)}
                onRemove={(line) => void removal.remove(line, cart.all_cart_data.indexOf(line))}
              />
            ) : (
              <RemovedCartLine
                key={`removed-${item.entry.line.id}`}
                name={item.entry.line.product.name}
                disabled={locked || removal.removing.has(item.entry.line.id)}
                onUndo={() => removal.undo(item.entry)}
              />
            ),
          )}
        </Box>
      </Paper>
      <Box sx={{ position: { md: 'sticky' }, top: { md: 96 } }}>
        <CartSummary cart={cart} deliveryFee={deliveryFee}>
          {children}
        </CartSummary>
      </Box>
    </Box>
  );
}

function stepText(checkout: CheckoutState): string | null {
  switch (checkout.phase) {
    case 'idle':
      return null;
    case 'initializing':
      return stepMessages.initializing;
    case 'awaitingPayment':
      return checkout.provider === 'paystack' ? stepMessages.paystack : stepMessages.sandbox;
    case 'payingTest':
      return stepMessages.payingTest;
    case 'verifying':
      return stepMessages.verifying;
    case 'waiting':
      return stepMessages.waiting;
    case 'placingOrder':
      return stepMessages.placingOrder;
  }
}

/**
 * Below the cart's lines: what the payment is doing, its errors, and on wide screens Make
 * Payment. Which screen is a phone's is left to CSS, not read in a render: the server renders
 * without a width, and a width read after hydration redrew the cart in one long task.
 */
function PaymentPanel({
  checkout,
  canStartPayment,
  cartLoaded,
  onMakePayment,
  onRetryUnfinished,
  onDismissError,
}: {
  checkout: CheckoutState;
  canStartPayment: boolean;
  /** False while the cart loads: Make Payment's place is held by a placeholder. */
  cartLoaded: boolean;
  onMakePayment: () => void;
  onRetryUnfinished: () => void;
  onDismissError: () => void;
}) {
  const step = stepText(checkout);
  return (
    // Flex gaps, so that a part hidden by CSS takes no room.
    <Stack spacing={2} useFlexGap sx={{ mt: 2.5 }}>
      {checkout.unfinished && checkout.phase === 'idle' ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={onRetryUnfinished}>
              Try again
            </Button>
          }
        >
          <AlertTitle>Your payment is in, your order is not placed yet</AlertTitle>
          {checkout.error}
        </Alert>
      ) : checkout.error && checkout.phase === 'idle' ? (
        <Alert severity="error" onClose={onDismissError}>
          {checkout.error}
        </Alert>
      ) : null}

      {/* From the `md` width up; on phones Make Payment rides in PhonePaymentBar. */}
      {cartLoaded ? (
        <Button
          variant="contained"
          size="large"
          onClick={onMakePayment}
          disabled={!canStartPayment}
          loading={checkout.phase !== 'idle'}
          loadingPosition="start"
          startIcon={<LockOutlined />}
          fullWidth
          sx={{ display: { xs: 'none', md: 'inline-flex' } }}
        >
          Make Payment
        </Button>
      ) : (
        <Skeleton
          variant="rounded"
          aria-hidden="true"
          sx={{
            width: '100%',
            height: TAP_TARGET_PX,
            borderRadius: 999,
            display: { xs: 'none', md: 'block' },
          }}
        />
      )}

      <Box role="status" aria-live="polite">
        {step ? (
          <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'center' }}>
            {step}
          </Typography>
        ) : null}
      </Box>

      <Box sx={{ display: 'flex', gap: 1, color: 'text.secondary' }}>
        <InfoOutlined fontSize="small" aria-hidden="true" sx={{ mt: 0.25 }} />
        <Typography variant="body2">
          Please note: some deliveries are made at the nearest bus stop to your address. We will
          call you when your order arrives.
        </Typography>
      </Box>

      <WhatsAppHelpLink />
    </Stack>
  );
}
