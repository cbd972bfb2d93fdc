import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Delivery } from 'contract';
import { fieldErrors, isCredentialError, getErrorMessage } from '../../../lib/getErrorMessage';
import { toastMutation } from '../../../lib/toasts';
import {
  useCreateDeliveryMutation,
  useUpdateDeliveryMutation,
} from '../../../services/deliveryApi';
import { DELIVERY_CITIES, MAX_ADDRESS_LENGTH, OYO_STATE } from 'contract/rules';
import {
  DELIVERY_FIELDS,
  deliveryFormValues,
  deliveryInput,
  isDeliveryCity,
  phoneCharacters,
  validateDelivery,
  type DeliveryField,
  type DeliveryFormErrors,
  type DeliveryFormValues,
} from './deliveryForm';

export interface DeliveryInfoModalProps {
  open: boolean;
  /** The saved location (the form updates it), or null (the form creates one). */
  delivery: Delivery | null;
  onClose: () => void;
}

/** Delivery Information (docs/product.md#delivery-location): Full Address, State, City, Mobile Number, Alt. Mobile Number, Enter. */
export default function DeliveryInfoModal({ open, delivery, onClose }: DeliveryInfoModalProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="sm"
      scroll="body"
    >
      {/* Mounted only while open: every opening starts from the saved location. */}
      <DeliveryForm titleId={titleId} textId={textId} delivery={delivery} onClose={onClose} />
    </Dialog>
  );
}

/** The server's 422 fields (loc's last name) that this form shows beside a field. */
function isDeliveryField(name: string): name is DeliveryField {
  return (DELIVERY_FIELDS as readonly string[]).includes(name);
}

function DeliveryForm({
  titleId,
  textId,
  delivery,
  onClose,
}: {
  titleId: string;
  textId: string;
  delivery: Delivery | null;
  onClose: () => void;
}) {
  const [values, setValues] = useState<DeliveryFormValues>(() => deliveryFormValues(delivery));
  const [errors, setErrors] = useState<DeliveryFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [createDelivery, { isLoading: creating }] = useCreateDeliveryMutation();
  const [updateDelivery, { isLoading: updating }] = useUpdateDeliveryMutation();
  const saving = creating || updating;
  const addressRef = useRef<HTMLInputElement>(null);
  const stateRef = useRef<HTMLSelectElement>(null);
  const cityRef = useRef<HTMLSelectElement>(null);
  const mobileRef = useRef<HTMLInputElement>(null);
  const altMobileRef = useRef<HTMLInputElement>(null);

  /** Puts the cursor in the first field with a problem. */
  function focusField(field: DeliveryField) {
    const refs: Record<DeliveryField, RefObject<HTMLElement | null>> = {
      address: addressRef,
      state: stateRef,
      city: cityRef,
      mobile_number: mobileRef,
      alt_mobile_number: altMobileRef,
    };
    refs[field].current?.focus();
  }

  function set<K extends keyof DeliveryFormValues>(field: K, value: DeliveryFormValues[K]) {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  }

  function showProblems(problems: DeliveryFormErrors) {
    setErrors(problems);
    const first = DELIVERY_FIELDS.find((field) => problems[field]);
    if (first) focusField(first);
  }

  async function save() {
    const problems = validateDelivery(values);
    const body = deliveryInput(values);
    if (Object.keys(problems).length > 0 || body === null) {
      showProblems(problems);
      return;
    }
    setFormError(null);
    const outcome = delivery
      ? await toastMutation(updateDelivery({ id: delivery.id, ...body }).unwrap(), 'deliveryUpdate')
      : await toastMutation(createDelivery(body).unwrap(), 'deliveryCreate');
    if (outcome.ok) {
      onClose();
      return;
    }
    // A 422 names its fields: show each message beside its field; anything else above them.
    const byField: DeliveryFormErrors = {};
    const rest: string[] = [];
    for (const [field, message] of Object.entries(fieldErrors(outcome.error))) {
      if (isDeliveryField(field)) byField[field] = message;
      else rest.push(message);
    }
    showProblems(byField);
    if (rest.length > 0) setFormError(rest.join('; '));
    else if (Object.keys(byField).length === 0 && !isCredentialError(outcome.error)) {
      setFormError(getErrorMessage(outcome.error));
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!saving) void save();
  }

  // No maxLength: a pasted '+234 803 123 4567' must arrive whole to be cleaned up.
  const phoneInput = { inputMode: 'numeric', autoComplete: 'tel' } as const;

  return (
    <Box component="form" noValidate onSubmit={handleSubmit}>
      <DialogTitle id={titleId}>Delivery Information</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          Where should we bring your order? We deliver within Ibadan, Oyo State.
        </DialogContentText>
        <Stack spacing={2.5} sx={{ mt: 2 }}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <TextField
            inputRef={addressRef}
            label="Full Address"
            name="address"
            autoComplete="street-address"
            placeholder="e.g. 12 Awolowo Avenue, Old Bodija"
            value={values.address}
            onChange={(event) => set('address', event.target.value)}
            error={Boolean(errors.address)}
            helperText={errors.address}
            required
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: MAX_ADDRESS_LENGTH } }}
          />
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
              gap: 2.5,
            }}
          >
            <TextField
              select
              inputRef={stateRef}
              label="State"
              name="state"
              value={values.state}
              onChange={() => set('state', OYO_STATE)}
              error={Boolean(errors.state)}
              helperText={errors.state ?? 'We deliver in Oyo State only'}
              required
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value={OYO_STATE}>{OYO_STATE}</option>
            </TextField>
            <TextField
              select
              inputRef={cityRef}
              label="City"
              name="city"
              value={values.city}
              onChange={(event) => {
                const city = event.target.value;
                set('city', isDeliveryCity(city) ? city : '');
              }}
              error={Boolean(errors.city)}
              helperText={errors.city}
              required
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="" disabled>
                Choose your city
              </option>
              {DELIVERY_CITIES.map((city) => (
                <option key={city} value={city}>
                  {city}
                </option>
              ))}
            </TextField>
            <TextField
              inputRef={mobileRef}
              label="Mobile Number"
              name="mobile_number"
              type="tel"
              placeholder="08031234567"
              value={values.mobile_number}
              onChange={(event) => set('mobile_number', phoneCharacters(event.target.value))}
              error={Boolean(errors.mobile_number)}
              helperText={errors.mobile_number}
              required
              slotProps={{ htmlInput: phoneInput }}
            />
            <TextField
              inputRef={altMobileRef}
              label="Alt. Mobile Number"
              name="alt_mobile_number"
              type="tel"
              placeholder="Optional"
              value={values.alt_mobile_number}
              onChange={(event) => set('alt_mobile_number', phoneCharacters(event.target.value))}
              error={Boolean(errors.alt_mobile_number)}
              helperText={errors.alt_mobile_number ?? 'Optional: another number we can try'}
              slotProps={{ htmlInput: { ...phoneInput, autoComplete: 'off' } }}
            />
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={saving}>
          Enter
        </Button>
      </DialogActions>
    </Box>
  );
}
