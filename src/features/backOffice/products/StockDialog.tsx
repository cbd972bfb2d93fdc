import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useController } from 'react-hook-form';
import type { StaffProduct, StockChangeRequest } from 'contract';
import type { StockReason } from 'contract/catalogueRules';
import {
  MAX_STOCK,
  MAX_STOCK_NOTE_LENGTH,
  STOCK_REASONS,
  STOCK_REASON_LABELS,
} from 'contract/catalogueRules';
import {
  DialogForm,
  FormDialog,
  FormTextField,
  serverProblems,
  useAppForm,
} from '../../../components/form';
import type { AppForm } from '../../../components/form/useAppForm';
import { toast } from '../../../lib/toast';
import {
  catalogueAdminApi,
  useChangeStockMutation,
} from '../../../services/backOffice/catalogueAdminApi';
import { loadApi } from '../../../state/lazyApis';
import SelectField from './SelectField';
import { TAP_TARGET_PX } from '../../../theme/theme';

loadApi(catalogueAdminApi);

type StockMode = 'in' | 'out' | 'count';

export interface StockValues {
  mode: StockMode;
  reason: StockReason;
  units: string;
  note: string;
}

export const STOCK_WORDS = {
  units: 'Enter a whole number of units',
  unitsAboveZero: 'Enter at least 1 unit',
  tooMany: `At most ${MAX_STOCK.toLocaleString('en-NG')} units`,
} as const;

/** The reason each way of changing stock suggests first. */
const REASON_FOR: Record<StockMode, StockReason> = {
  in: 'received',
  out: 'damaged',
  count: 'counted',
};

export function stockRules({ mode, units }: StockValues) {
  const text = units.trim().replace(/,/g, '');
  if (!/^\d+$/.test(text)) return { units: STOCK_WORDS.units };
  const n = Number(text);
  if (n > MAX_STOCK) return { units: STOCK_WORDS.tooMany };
  if (mode !== 'count' && n === 0) return { units: STOCK_WORDS.unitsAboveZero };
  return {};
}

export function stockRequest(values: StockValues): StockChangeRequest {
  const n = Number(values.units.trim().replace(/,/g, ''));
  const note = values.note.trim();
  const base = { reason: values.reason, ...(note === '' ? {} : { note }) };
  if (values.mode === 'count') return { ...base, counted: n };
  return { ...base, delta: values.mode === 'in' ? n : -n };
}

export interface StockDialogProps {
  open: boolean;
  product: Pick<StaffProduct, 'id' | 'name' | 'stock' | 'held'>;
  /** Opens on a count (the low-stock list's tap) rather than units in. */
  startWith?: StockMode;
  onClose: () => void;
}

/**
 * Stock changes with their reason: units in (received, returned), units out (damaged), or a
 * count of everything on the shelf. A count includes units set aside for open orders, which
 * stay held; what is on sale becomes the count less those.
 */
export default function StockDialog({
  open,
  product,
  startWith = 'in',
  onClose,
}: StockDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <StockForm product={product} startWith={startWith} onClose={onClose} />
    </FormDialog>
  );
}

function ModeSwitch({ form }: { form: AppForm<StockValues> }) {
  const { field } = useController({ name: 'mode', control: form.control });
  return (
    <ToggleButtonGroup
      exclusive
      fullWidth
      value={field.value}
      aria-label="Change"
      onChange={(_event, mode: StockMode | null) => {
        if (mode === null) return;
        field.onChange(mode);
        form.setValue('reason', REASON_FOR[mode]);
      }}
    >
      <ToggleButton value="in" sx={{ minHeight: TAP_TARGET_PX }}>
        Add
      </ToggleButton>
      <ToggleButton value="out" sx={{ minHeight: TAP_TARGET_PX }}>
        Take out
      </ToggleButton>
      <ToggleButton value="count" sx={{ minHeight: TAP_TARGET_PX }}>
        Count
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

function StockForm({ product, startWith = 'in', onClose }: Omit<StockDialogProps, 'open'>) {
  const form = useAppForm<StockValues>({
    defaultValues: { mode: startWith, reason: REASON_FOR[startWith], units: '', note: '' },
    rules: stockRules,
    mode: 'onSubmit',
  });
  const [changeStock, { isLoading }] = useChangeStockMutation();
  const mode = form.watch('mode');

  async function handleSubmit(values: StockValues) {
    if (isLoading) return;
    try {
      const answer = await changeStock({ id: product.id, change: stockRequest(values) }).unwrap();
      toast.success(`${product.name}: ${answer.product.stock} on sale now`);
      onClose();
    } catch (error) {
      form.showProblems(
        serverProblems(error, { delta: 'units', counted: 'units', note: 'note', reason: 'reason' }),
      );
    }
  }

  const held =
    product.held > 0
      ? ` ${product.held} more ${product.held === 1 ? 'is' : 'are'} held for open orders.`
      : '';
  return (
    <DialogForm
      form={form}
      onSubmit={handleSubmit}
      title={`Stock of ${product.name}`}
      description={`${product.stock} on sale now.${held}`}
      onCancel={onClose}
      submit={
        <Button type="submit" variant="contained" disabled={isLoading}>
          Save stock
        </Button>
      }
    >
      <ModeSwitch form={form} />
      <FormTextField<StockValues>
        name="units"
        label={mode === 'count' ? 'Units you counted on the shelf' : 'Units'}
        required
        hint={
          mode === 'count' && product.held > 0
            ? `Count the ${product.held} set aside for orders too.`
            : undefined
        }
        htmlInput={{ inputMode: 'numeric', autoComplete: 'off' }}
      />
      <SelectField<StockValues>
        name="reason"
        label="Reason"
        options={STOCK_REASONS.map((r) => ({ value: r, label: STOCK_REASON_LABELS[r] }))}
      />
      <FormTextField<StockValues>
        name="note"
        label="Note (optional)"
        hint="e.g. From Bodija market, bags torn in the rain"
        htmlInput={{ maxLength: MAX_STOCK_NOTE_LENGTH }}
      />
      <Typography variant="body2" color="text.secondary">
        The change is kept in the product&rsquo;s stock history with your name.
      </Typography>
    </DialogForm>
  );
}
