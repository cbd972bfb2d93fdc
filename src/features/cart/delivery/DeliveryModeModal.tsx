import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import type { Delivery, DeliveryModel } from 'contract';
import { env } from '../../../config/env';
import { getErrorMessage, isCredentialError } from '../../../lib/getErrorMessage';
import { TOAST_DURATION_MS, messages, plainMessages } from '../../../lib/messages';
import { orderConfirmationPath } from '../../../lib/paths';
import { toastError, toastMutation } from '../../../lib/toasts';
import { useGetCartQuery } from '../../../services/cartApi';
import { deliveryApi } from '../../../services/deliveryApi';
import {
  useGetOrdersQuery,
  useGetShopInfoQuery,
  usePlaceOrderMutation,
} from '../../../services/ordersApi';
import { useAppDispatch, useAppSelector } from '../../../state/hooks';
import { selectSignedInUserId } from '../../../state/sessionSlice';
import { deliveryFeeOf, totalToPay } from '../cart/cartFigures';
import { addAppListener } from '../../../state/listenerMiddleware';
import DeliveryInfoModal from './DeliveryInfoModal';
import PickupContactForm from './PickupContactForm';
import { deliveryAddressText } from './deliveryForm';
import { payLaterCap, payLaterMethodOf, PAY_CHOICES, type PayChoice } from './payChoices';
import { formatNaira } from '../../../lib/format';

export interface DeliveryModeModalProps {
  open: boolean;
  onClose: () => void;
  /** The saved delivery location; null when there is none. */
  delivery: Delivery | null;
  /** The location is still loading: Continue waits for it. */
  deliveryLoading: boolean;
  cartIsEmpty: boolean;
  onContinue: (model: DeliveryModel) => void;
}

/** docs/product.md#delivery-mode: delivery by default. */
export const DEFAULT_DELIVERY_MODEL: DeliveryModel = 'delivery';

const MODES: readonly {
  model: DeliveryModel;
  title: string;
  detail: string;
  icon: typeof StorefrontOutlined;
}[] = [
  {
    model: 'pickup',
    title: 'Pickup Station',
    detail: 'Usually ready within 24 hours',
    icon: StorefrontOutlined,
  },
  {
    model: 'delivery',
    title: 'Delivered',
    detail: 'Delivery time: 1-3 business days',
    icon: LocalShippingOutlined,
  },
];

export function continueLabel(model: DeliveryModel): string {
  return model === 'pickup' ? 'Continue with Pickup' : 'Continue with Delivery';
}

/** The fee line of the chosen method, so the shopper sees which charge applies. */
export function feeLine(model: DeliveryModel, fee: number): string {
  if (model === 'pickup') return fee === 0 ? 'Pickup: free' : `Pickup fee: ${formatNaira(fee)}`;
  return `Delivery + packaging: ${formatNaira(fee)}`;
}

/**
 * Select mode of delivery (docs/product.md#delivery-mode): Pickup Station or Delivered, then Continue.
 * Delivery needs the delivery location, which can be added or changed from here; when
 * Continue found none, saving one carries straight on to payment, so the shopper never has to
 * leave the dialog and start again. Pickup needs no address: only who collects it and a
 * number to call (PickupContactForm), which Continue saves before going on.
 */
export default function DeliveryModeModal(props: DeliveryModeModalProps) {
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      scroll="body"
    >
      {/* Mounted only while open: every opening starts at the default, Delivered. */}
      <DeliveryModeForm titleId={titleId} {...props} />
    </Dialog>
  );
}

/** One card of a radio group: an icon, a title and a line under it. */
function ChoiceCard({
  value,
  selected,
  disabled = false,
  icon: Icon,
  title,
  detail,
  extra,
}: {
  value: string;
  selected: boolean;
  disabled?: boolean;
  icon: typeof StorefrontOutlined;
  title: string;
  detail: string;
  extra?: ReactNode;
}) {
  return (
    <FormControlLabel
      value={value}
      disabled={disabled}
      control={<Radio />}
      label={
        <Box sx={{ py: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Icon color={disabled ? 'disabled' : 'primary'} fontSize="small" aria-hidden="true" />
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
          </Box>
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ display: 'block' }}
          >
            {detail}
          </Typography>
          {extra}
        </Box>
      }
      sx={{
        m: 0,
        pr: 2,
        alignItems: 'flex-start',
        border: 2,
        borderRadius: 3,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? 'action.selected' : 'background.paper',
        transition: 'border-color 120ms, background-color 120ms',
        '& .MuiRadio-root': { mt: 0.5 },
      }}
    />
  );
}

const groupSx = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
  gap: 1.5,
} as const;

function DeliveryModeForm({
  titleId,
  onClose,
  delivery,
  deliveryLoading,
  cartIsEmpty,
  onContinue,
}: DeliveryModeModalProps & { titleId: string }) {
  const legendId = useId();
  const payLegendId = useId();
  const capId = useId();
  const pickupFormId = useId();
  const [savingContact, setSavingContact] = useState(false);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const userId = useAppSelector(selectSignedInUserId);
  const [model, setModel] = useState<DeliveryModel>(DEFAULT_DELIVERY_MODEL);
  const [pay, setPay] = useState<PayChoice>('now');
  const [locationFormOpen, setLocationFormOpen] = useState(false);
  const [placeOrder, { isLoading: placing }] = usePlaceOrderMutation();
  // The server's refusal of a pay-later order, in its words: the dialog stays open with it.
  const [refusal, setRefusal] = useState<string | null>(null);
  const { data: shop } = useGetShopInfoQuery();
  const { data: orders } = useGetOrdersQuery();
  const { data: cart } = useGetCartQuery();
  const payLaterMethod = payLaterMethodOf(model);
  const fee = deliveryFeeOf(shop, delivery?.city, model);
  const cap = payLaterCap(shop, orders, cart ? totalToPay(cart, fee) : null, payLaterMethod);
  const payLater = pay === 'later' && !cap?.overCap;
  // While the location form opened by Continue is up: carries on to payment once it saves.
  const stopWaitingForSave = useRef<(() => void) | null>(null);
  useEffect(() => () => stopWaitingForSave.current?.(), []);
  // What stopped the last Continue. The toast is the spec's; the same words also show in the
  // dialog, because an open dialog hides the rest of the page (the toaster included) from
  // screen readers, which would never announce the toast.
  const [blockedBy, setBlockedBy] = useState<'location' | 'cart' | null>(null);
  const notice =
    blockedBy === 'location' && !delivery
      ? plainMessages.addDeliveryLocation
      : blockedBy === 'cart' && cartIsEmpty
        ? plainMessages.addProductsToCart
        : null;

  async function placePayLaterOrder() {
    setRefusal(null);
    if (userId === null) {
      toastError(plainMessages.pleaseLogIn);
      return;
    }
    const outcome = await toastMutation(
      placeOrder({
        userid: userId,
        delivery_method: model,
        payment_method: payLaterMethod,
      }).unwrap(),
      'order',
      { failureDetail: 'description' },
    );
    if (outcome.ok) {
      onClose();
      void navigate(orderConfirmationPath(outcome.data.id));
      return;
    }
    setRefusal(
      isCredentialError(outcome.error) ? plainMessages.pleaseLogIn : getErrorMessage(outcome.error),
    );
  }

  /** On to payment (pay now) or the order itself (pay later). */
  function proceed() {
    setBlockedBy(null);
    if (payLater) {
      void placePayLaterOrder();
      return;
    }
    onContinue(model);
  }
  // The saved-location listener calls the latest proceed, with the choices made since.
  const proceedRef = useRef(proceed);
  useEffect(() => {
    proceedRef.current = proceed;
  });

  function openLocationForm(continueOnSave: boolean) {
    stopWaitingForSave.current?.();
    stopWaitingForSave.current = null;
    if (continueOnSave) {
      // The form reports only that it closed; a saved location is told by the save itself.
      // The server holds the location once the save succeeds, so payment need not wait for
      // the location to be fetched again.
      stopWaitingForSave.current = dispatch(
        addAppListener({
          predicate: (action) =>
            deliveryApi.endpoints.createDelivery.matchFulfilled(action) ||
            deliveryApi.endpoints.updateDelivery.matchFulfilled(action),
          effect: (_action, api) => {
            api.unsubscribe();
            stopWaitingForSave.current = null;
            if (cartIsEmpty) {
              setBlockedBy('cart');
              return;
            }
            proceedRef.current();
          },
        }),
      );
    }
    setLocationFormOpen(true);
  }

  function closeLocationForm() {
    stopWaitingForSave.current?.();
    stopWaitingForSave.current = null;
    setLocationFormOpen(false);
  }

  /** Pickup: the contact is saved (PickupContactForm); delivery's location is not needed. */
  function continueWithPickup() {
    if (cartIsEmpty) {
      toast.info(plainMessages.addProductsToCart, { duration: TOAST_DURATION_MS });
      setBlockedBy('cart');
      return;
    }
    proceed();
  }

  function handleContinue() {
    if (!delivery) {
      toast.info(plainMessages.addDeliveryLocation, { duration: TOAST_DURATION_MS });
      setBlockedBy('location');
      openLocationForm(true);
      return;
    }
    if (cartIsEmpty) {
      toast.info(plainMessages.addProductsToCart, { duration: TOAST_DURATION_MS });
      setBlockedBy('cart');
      return;
    }
    proceed();
  }

  const laterChoice = PAY_CHOICES[payLaterMethod];
  return (
    <>
      <DialogTitle id={titleId}>Select mode of delivery</DialogTitle>
      <DialogContent>
        <Typography id={legendId} color="text.secondary" sx={{ mb: 1.5 }}>
          How would you like to get your order?
        </Typography>
        <RadioGroup
          aria-labelledby={legendId}
          name="delivery-mode"
          value={model}
          onChange={(event) => {
            setModel(event.target.value === 'pickup' ? 'pickup' : 'delivery');
            setRefusal(null);
          }}
          sx={groupSx}
        >
          {MODES.map(({ model: value, title, detail, icon }) => (
            <ChoiceCard
              key={value}
              value={value}
              selected={value === model}
              icon={icon}
              title={title}
              detail={detail}
            />
          ))}
        </RadioGroup>

        <Typography id={payLegendId} color="text.secondary" sx={{ mt: 2.5, mb: 1.5 }}>
          How would you like to pay?
        </Typography>
        <RadioGroup
          aria-labelledby={payLegendId}
          name="payment"
          value={payLater ? 'later' : 'now'}
          onChange={(event) => {
            setPay(event.target.value === 'later' ? 'later' : 'now');
            setRefusal(null);
          }}
          sx={groupSx}
        >
          <ChoiceCard
            value="now"
            selected={!payLater}
            icon={CreditCardOutlined}
            title={PAY_CHOICES.now.title}
            detail={PAY_CHOICES.now.detail}
          />
          <ChoiceCard
            value="later"
            selected={payLater}
            disabled={Boolean(cap?.overCap)}
            icon={PaymentsOutlined}
            title={laterChoice.title}
            detail={laterChoice.detail}
          />
        </RadioGroup>
        {cap?.overCap ? (
          <Typography id={capId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {cap.overCap}
          </Typography>
        ) : cap ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {laterChoice.title} is available for orders up to {formatNaira(cap.capNaira)}
            {cap.first ? ' on a first order' : ''}.
          </Typography>
        ) : null}

        <Box
          component="section"
          aria-label="Selected method"
          sx={{
            mt: 2.5,
            p: 2,
            borderRadius: 2,
            bgcolor: 'background.default',
            border: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="body2" color="text.secondary">
            {model === 'pickup' ? 'Pick up your order at' : 'We will deliver to'}
          </Typography>
          {model === 'pickup' ? (
            <>
              <Typography sx={{ fontWeight: 600 }}>
                {shop?.pickup.address ?? env.pickupAddress}
              </Typography>
              {shop ? (
                <Typography variant="body2" color="text.secondary">
                  Opening hours: {shop.pickup.opening_hours}
                </Typography>
              ) : null}
              <PickupContactForm
                id={pickupFormId}
                onSaved={continueWithPickup}
                onSavingChange={setSavingContact}
              />
            </>
          ) : deliveryLoading ? (
            <Typography color="text.secondary">Loading your delivery location...</Typography>
          ) : (
            <Box
              sx={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                flexWrap: 'wrap',
                columnGap: 2,
              }}
            >
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}>
                {delivery ? deliveryAddressText(delivery, shop?.areas) : 'No delivery location yet'}
              </Typography>
              <Button
                onClick={() => openLocationForm(false)}
                aria-label={delivery ? 'Change delivery location' : undefined}
                sx={{ ml: -1.5 }}
              >
                {delivery ? 'Change' : 'Add Delivery Location'}
              </Button>
            </Box>
          )}
        </Box>

        <Typography sx={{ mt: 2, fontWeight: 600 }}>{feeLine(model, fee)}</Typography>
        <Box sx={{ display: 'flex', gap: 1, mt: 1, color: 'text.secondary' }}>
          <InfoOutlined fontSize="small" aria-hidden="true" sx={{ mt: 0.25 }} />
          <Typography variant="body2">
            {payLater
              ? 'Your order is placed as soon as you tap Place order; you pay when you get it.'
              : 'After you pay, please stay on this page until your order is complete.'}
          </Typography>
        </Box>
        {notice ? (
          <Alert severity="info" role="alert" sx={{ mt: 2 }}>
            {notice}
          </Alert>
        ) : null}
        {refusal ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            <Typography component="p" sx={{ fontWeight: 700 }}>
              {messages.order.error}
            </Typography>
            {refusal}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} color="inherit" disabled={placing}>
          Close
        </Button>
        {/* Pickup's Continue sends the contact form, which checks and saves it first. */}
        <Button
          variant="contained"
          {...(model === 'pickup'
            ? { type: 'submit', form: pickupFormId }
            : { onClick: handleContinue, disabled: deliveryLoading })}
          loading={placing || savingContact}
        >
          {payLater ? 'Place order' : continueLabel(model)}
        </Button>
      </DialogActions>
      <DeliveryInfoModal open={locationFormOpen} delivery={delivery} onClose={closeLocationForm} />
    </>
  );
}
