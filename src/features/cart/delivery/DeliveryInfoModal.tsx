import { useEffect } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { Delivery } from 'contract';
import { ordersApi } from '../../../services/ordersApi';
import { isCredentialError } from '../../../lib/getErrorMessage';
import { toastMutation } from '../../../lib/toasts';
import {
  useCreateDeliveryMutation,
  useUpdateDeliveryMutation,
} from '../../../services/deliveryApi';
import { MAX_ADDRESS_LENGTH, MAX_LANDMARK_LENGTH, OYO_STATE } from 'contract/rules';
import { useGetMeQuery } from '../../../services/usersApi';
import { useAppSelector } from '../../../state/hooks';
import { selectSignedInUserId } from '../../../state/sessionSlice';
import AreaPicker from './AreaPicker';
import { areaOptions } from './areaNames';
import {
  DialogForm,
  FormDialog,
  FormTextField,
  PhoneField,
  serverProblems,
  useAppForm,
} from '../../../components/form';
import {
  DELIVERY_SERVER_FIELDS,
  deliveryFormValues,
  deliveryInput,
  phoneCharacters,
  validateDelivery,
  type DeliveryFormValues,
} from './deliveryForm';

export interface DeliveryInfoModalProps {
  open: boolean;
  /** The saved location (the form updates it), or null (the form creates one). */
  delivery: Delivery | null;
  onClose: () => void;
}

/**
 * Delivery Information (docs/product.md#delivery-location): Full Address, State, City, Mobile
 * Number, Alt. Mobile Number, Enter; ours besides: a landmark or nearest bus stop.
 */
export default function DeliveryInfoModal({ open, delivery, onClose }: DeliveryInfoModalProps) {
  return (
    <FormDialog open={open} onClose={onClose} maxWidth="sm" scroll="body">
      <DeliveryForm delivery={delivery} onClose={onClose} />
    </FormDialog>
  );
}

function DeliveryForm({ delivery, onClose }: { delivery: Delivery | null; onClose: () => void }) {
  const form = useAppForm<DeliveryFormValues>({
    defaultValues: deliveryFormValues(delivery),
    rules: validateDelivery,
    mode: 'onSubmit',
  });
  // A first location starts with the account's number: most shoppers are called on it.
  const signedIn = useAppSelector(selectSignedInUserId) !== null;
  const { data: me } = useGetMeQuery(undefined, { skip: delivery !== null || !signedIn });
  const { getFieldState, setValue, getValues } = form;
  useEffect(() => {
    if (!me?.mobile_number || getFieldState('mobile_number').isDirty) return;
    if (getValues('mobile_number') !== '') return;
    setValue('mobile_number', me.mobile_number);
  }, [me, getFieldState, getValues, setValue]);
  const [createDelivery, { isLoading: creating }] = useCreateDeliveryMutation();
  const [updateDelivery, { isLoading: updating }] = useUpdateDeliveryMutation();
  const saving = creating || updating;
  // Read from the cache only: the cart page fetched it; the form asks nothing before a save.
  const { data: shop } = ordersApi.endpoints.getShopInfo.useQueryState();

  async function save(values: DeliveryFormValues) {
    const body = deliveryInput(values);
    if (saving || body === null) return;
    const outcome = delivery
      ? await toastMutation(updateDelivery({ id: delivery.id, ...body }).unwrap(), 'deliveryUpdate')
      : await toastMutation(createDelivery(body).unwrap(), 'deliveryCreate');
    if (outcome.ok) {
      onClose();
      return;
    }
    const problems = serverProblems(outcome.error, DELIVERY_SERVER_FIELDS, {
      nameOtherFields: false,
    });
    // A refused token is the toast's to explain ('Please, log in'); the form adds nothing.
    if (isCredentialError(outcome.error)) problems.message = undefined;
    form.showProblems(problems);
  }

  return (
    <DialogForm
      form={form}
      onSubmit={save}
      title="Delivery Information"
      description="Where should we bring your order? We deliver within Ibadan, Oyo State."
      onCancel={onClose}
      spacing={2.5}
      submit={
        <Button type="submit" variant="contained" loading={saving}>
          Enter
        </Button>
      }
    >
      <FormTextField<DeliveryFormValues>
        label="Full Address"
        name="address"
        autoComplete="street-address"
        placeholder="e.g. 12 Awolowo Avenue, Old Bodija"
        required
        multiline
        minRows={2}
        htmlInput={{ maxLength: MAX_ADDRESS_LENGTH }}
      />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 2.5,
        }}
      >
        <FormTextField<DeliveryFormValues>
          select
          label="State"
          name="state"
          normalize={() => OYO_STATE}
          hint="We deliver in Oyo State only"
          required
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value={OYO_STATE}>{OYO_STATE}</option>
        </FormTextField>
        <AreaPicker<DeliveryFormValues>
          name="city"
          label="City"
          options={areaOptions(shop?.areas, delivery?.city)}
          required
        />
        {/* No maxLength: a pasted '+234 803 123 4567' must arrive whole to be cleaned up. */}
        <PhoneField<DeliveryFormValues>
          label="Mobile Number"
          normalize={phoneCharacters}
          required
        />
        <PhoneField<DeliveryFormValues>
          name="alt_mobile_number"
          label="Alt. Mobile Number"
          placeholder="Optional"
          autoComplete="off"
          normalize={phoneCharacters}
          hint="Optional: another number we can try"
        />
      </Box>
      <FormTextField<DeliveryFormValues>
        label="Landmark or nearest bus stop"
        name="landmark"
        placeholder="Optional, e.g. opposite Total filling station"
        hint="Optional: helps the rider find you"
        htmlInput={{ maxLength: MAX_LANDMARK_LENGTH }}
      />
    </DialogForm>
  );
}
