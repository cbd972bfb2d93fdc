import { useEffect, useId, useRef, useState } from 'react';
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
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import type { Delivery, DeliveryModel } from 'contract';
import { env } from '../../../config/env';
import { TOAST_DURATION_MS, plainMessages } from '../../../lib/messages';
import { deliveryApi } from '../../../services/deliveryApi';
import { useAppDispatch } from '../../../state/hooks';
import { addAppListener } from '../../../state/listenerMiddleware';
import DeliveryInfoModal from './DeliveryInfoModal';
import { deliveryAddressText } from './deliveryForm';

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

/**
 * Select mode of delivery (docs/product.md#delivery-mode): Pickup Station or Delivered, then Continue.
 * The delivery location can be added or changed from here; when Continue found none, saving one
 * carries straight on to payment, so the shopper never has to leave the dialog and start again.
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

function DeliveryModeForm({
  titleId,
  onClose,
  delivery,
  deliveryLoading,
  cartIsEmpty,
  onContinue,
}: DeliveryModeModalProps & { titleId: string }) {
  const legendId = useId();
  const dispatch = useAppDispatch();
  const [model, setModel] = useState<DeliveryModel>(DEFAULT_DELIVERY_MODEL);
  const [locationFormOpen, setLocationFormOpen] = useState(false);
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
            setBlockedBy(null);
            onContinue(model);
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
    setBlockedBy(null);
    onContinue(model);
  }

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
          onChange={(event) => setModel(event.target.value === 'pickup' ? 'pickup' : 'delivery')}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}
        >
          {MODES.map(({ model: value, title, detail, icon: Icon }) => {
            const selected = value === model;
            return (
              <FormControlLabel
                key={value}
                value={value}
                control={<Radio />}
                label={
                  <Box sx={{ py: 1 }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <Icon color="primary" fontSize="small" aria-hidden="true" />
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
          })}
        </RadioGroup>

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
            <Typography sx={{ fontWeight: 600 }}>{env.pickupAddress}</Typography>
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
                {delivery ? deliveryAddressText(delivery) : 'No delivery location yet'}
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

        <Box sx={{ display: 'flex', gap: 1, mt: 2, color: 'text.secondary' }}>
          <InfoOutlined fontSize="small" aria-hidden="true" sx={{ mt: 0.25 }} />
          <Typography variant="body2">
            After you pay, please stay on this page until your order is complete.
          </Typography>
        </Box>
        {notice ? (
          <Alert severity="info" role="alert" sx={{ mt: 2 }}>
            {notice}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} color="inherit">
          Close
        </Button>
        <Button variant="contained" onClick={handleContinue} disabled={deliveryLoading}>
          {continueLabel(model)}
        </Button>
      </DialogActions>
      <DeliveryInfoModal open={locationFormOpen} delivery={delivery} onClose={closeLocationForm} />
    </>
  );
}
