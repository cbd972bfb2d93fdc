import { useEffect } from 'react';
import Button from '@mui/material/Button';
import type { PickupStation, PickupStationInput } from 'contract';
import {
  DialogForm,
  FormDialog,
  FormTextField,
  PhoneField,
  serverProblems,
  useAppForm,
} from '../../../components/form';
import { toast } from '../../../lib/toast';
import {
  shopSettingsApi,
  useAddPickupStationMutation,
  useUpdatePickupStationMutation,
} from '../../../services/backOffice/shopSettingsApi';
import { loadApi } from '../../../state/lazyApis';
import { MAX_DELIVERY_FEE_NAIRA, nairaOrNull } from 'contract/naira';
import { blank, NIGERIAN_MOBILE, PHONE_PROBLEM } from './shopWords';

loadApi(shopSettingsApi);

export const STATION_NAME_MISSING = "Enter the station's name";
export const STATION_ADDRESS_MISSING = "Enter the station's address";
export const HOURS_MISSING = 'Enter the opening hours, e.g. "Monday to Saturday, 8 am to 6 pm"';
export const PICKUP_FEE_PROBLEM = 'Enter the pickup fee in naira, e.g. 300 (0 for free pickup)';

/** The form's values: the fee as typed ("300", "₦1,000"), read as naira when sent. */
type StationValues = Omit<PickupStationInput, 'fee'> & { fee: string };

function stationRules(v: StationValues) {
  return {
    name: blank(v.name) ? STATION_NAME_MISSING : undefined,
    address: blank(v.address) ? STATION_ADDRESS_MISSING : undefined,
    opening_hours: blank(v.opening_hours) ? HOURS_MISSING : undefined,
    phone: NIGERIAN_MOBILE.test(v.phone.trim()) ? undefined : PHONE_PROBLEM,
    fee: nairaOrNull(v.fee, MAX_DELIVERY_FEE_NAIRA) === null ? PICKUP_FEE_PROBLEM : undefined,
  };
}

export interface StationDialogProps {
  open: boolean;
  /** The station to edit; none to add one. */
  station?: PickupStation;
  onClose: () => void;
}

const FIELDS = {
  name: 'name',
  address: 'address',
  opening_hours: 'opening_hours',
  phone: 'phone',
  fee: 'fee',
} as const;

/** Adds a pickup station, or edits one: name, address, opening hours, phone and its fee. */
export default function StationDialog({ open, station, onClose }: StationDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <StationForm station={station} onClose={onClose} />
    </FormDialog>
  );
}

function StationForm({ station, onClose }: Omit<StationDialogProps, 'open'>) {
  const form = useAppForm<StationValues>({
    defaultValues: {
      name: station?.name ?? '',
      address: station?.address ?? '',
      opening_hours: station?.opening_hours ?? '',
      phone: station?.phone ?? '',
      fee: String(station?.fee ?? 0),
    },
    rules: stationRules,
    mode: 'onSubmit',
  });
  const [add, adding] = useAddPickupStationMutation();
  const [update, updating] = useUpdatePickupStationMutation();
  const busy = adding.isLoading || updating.isLoading;
  const { focusFirst } = form;
  useEffect(() => {
    focusFirst(['name']);
  }, [focusFirst]);

  async function handleSubmit(v: StationValues) {
    if (busy) return;
    const input = {
      name: v.name.trim(),
      address: v.address.trim(),
      opening_hours: v.opening_hours.trim(),
      phone: v.phone.trim(),
      fee: nairaOrNull(v.fee, MAX_DELIVERY_FEE_NAIRA) ?? 0,
    };
    try {
      if (station) await update({ id: station.id, ...input }).unwrap();
      else await add(input).unwrap();
      toast.success(`${input.name} saved`);
      onClose();
    } catch (error) {
      form.showProblems(serverProblems(error, FIELDS));
    }
  }

  return (
    <DialogForm
      form={form}
      onSubmit={handleSubmit}
      title={station ? `Edit ${station.name}` : 'Add a pickup station'}
      description="Shoppers who pick up their order see this address, the hours, the phone and the fee."
      onCancel={onClose}
      submit={
        <Button type="submit" variant="contained" disabled={busy}>
          {station ? 'Save station' : 'Add station'}
        </Button>
      }
    >
      <FormTextField<StationValues> name="name" label="Station name" required />
      <FormTextField<StationValues> name="address" label="Address" required multiline minRows={2} />
      <FormTextField<StationValues> name="opening_hours" label="Opening hours" required />
      <PhoneField<StationValues> name="phone" label="Phone" required />
      <FormTextField<StationValues>
        name="fee"
        label="Pickup fee (₦)"
        required
        hint="In naira. 0 makes pickup free; shoppers collecting here pay it instead of delivery."
        htmlInput={{ inputMode: 'decimal' }}
      />
    </DialogForm>
  );
}
