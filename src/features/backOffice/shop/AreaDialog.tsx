import { useEffect } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { Controller } from 'react-hook-form';
import type { DeliveryArea } from 'contract';
import {
  DialogForm,
  FormDialog,
  FormTextField,
  serverProblems,
  useAppForm,
} from '../../../components/form';
import { toast } from '../../../lib/toast';
import {
  shopSettingsApi,
  useGetDeliveryAreasQuery,
  useSaveDeliveryAreasMutation,
} from '../../../services/backOffice/shopSettingsApi';
import { loadApi } from '../../../state/lazyApis';
import { MAX_DELIVERY_FEE_NAIRA, nairaOrNull } from 'contract/naira';
import { blank, FEE_PROBLEM } from './shopWords';

loadApi(shopSettingsApi);

interface AreaValues {
  name: string;
  fee: string;
  delivery_time: string;
  enabled: boolean;
}

export const NAME_MISSING = 'Enter the name shoppers see for this area';
export const TIME_MISSING = 'Say how long delivery takes, e.g. "1-3 business days"';

function areaRules(v: AreaValues) {
  return {
    name: blank(v.name) ? NAME_MISSING : undefined,
    fee: nairaOrNull(v.fee, MAX_DELIVERY_FEE_NAIRA) === null ? FEE_PROBLEM : undefined,
    delivery_time: blank(v.delivery_time) ? TIME_MISSING : undefined,
  };
}

export interface AreaDialogProps {
  open: boolean;
  area: DeliveryArea;
  onClose: () => void;
}

/**
 * One delivery area: the name shoppers see, the fee, the time in words and the switch. The
 * server takes the whole list at once, so the dialog sends the list with this area changed.
 */
export default function AreaDialog({ open, area, onClose }: AreaDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <AreaForm area={area} onClose={onClose} />
    </FormDialog>
  );
}

function AreaForm({ area, onClose }: Omit<AreaDialogProps, 'open'>) {
  const form = useAppForm<AreaValues>({
    defaultValues: {
      name: area.name,
      fee: String(area.fee),
      delivery_time: area.delivery_time,
      enabled: area.enabled,
    },
    rules: areaRules,
    mode: 'onSubmit',
  });
  const { data: areas } = useGetDeliveryAreasQuery();
  const [save, { isLoading }] = useSaveDeliveryAreasMutation();
  const { focusFirst } = form;
  useEffect(() => {
    focusFirst(['name']);
  }, [focusFirst]);

  async function handleSubmit(v: AreaValues) {
    if (isLoading || !areas) return;
    const changed: DeliveryArea = {
      city: area.city,
      name: v.name.trim(),
      fee: nairaOrNull(v.fee, MAX_DELIVERY_FEE_NAIRA) ?? 0,
      delivery_time: v.delivery_time.trim(),
      enabled: v.enabled,
    };
    try {
      await save(areas.map((a) => (a.city === area.city ? changed : a))).unwrap();
      toast.success(`${changed.name} saved`);
      onClose();
    } catch (error) {
      form.showProblems(
        serverProblems(error, { name: 'name', fee: 'fee', delivery_time: 'delivery_time' }),
      );
    }
  }

  return (
    <DialogForm
      form={form}
      onSubmit={handleSubmit}
      title={`Delivery to ${area.name}`}
      description={`Orders to this area are stored as "${area.city}".`}
      onCancel={onClose}
      submit={
        <Button type="submit" variant="contained" disabled={isLoading || !areas}>
          Save area
        </Button>
      }
    >
      <FormTextField<AreaValues> name="name" label="Name shoppers see" required />
      <FormTextField<AreaValues>
        name="fee"
        label="Delivery fee (₦)"
        required
        hint="In naira. 0 makes delivery free."
        htmlInput={{ inputMode: 'decimal' }}
      />
      <FormTextField<AreaValues>
        name="delivery_time"
        label="Delivery time"
        required
        hint='In words, e.g. "1-3 business days".'
      />
      <Controller
        name="enabled"
        control={form.control}
        render={({ field }) => (
          <FormControlLabel
            control={
              <Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
            }
            label={field.value ? 'We deliver here' : 'Switched off: shoppers cannot choose it'}
          />
        )}
      />
    </DialogForm>
  );
}
