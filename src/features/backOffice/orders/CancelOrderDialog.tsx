import { useEffect } from 'react';
import Button from '@mui/material/Button';
import type { StaffOrder } from 'contract';
import { MAX_CANCEL_REASON_LENGTH } from 'contract/rules';
import {
  DialogForm,
  FormDialog,
  FormTextField,
  serverProblems,
  useAppForm,
} from '../../../components/form';
import { staffApi, useCancelStaffOrderMutation } from '../../../services/staffApi';
import { httpStatus } from '../../../lib/getErrorMessage';
import { toast } from '../../../lib/toast';
import { loadApi } from '../../../state/lazyApis';

loadApi(staffApi);

interface CancelValues {
  reason: string;
}

export const REASON_MISSING = 'Say why the order is cancelled';
export const REASON_TOO_LONG = `Keep the reason to ${MAX_CANCEL_REASON_LENGTH} characters`;

function cancelRules({ reason }: CancelValues) {
  if (reason.trim() === '') return { reason: REASON_MISSING };
  if (reason.length > MAX_CANCEL_REASON_LENGTH) return { reason: REASON_TOO_LONG };
  return {};
}

export interface CancelOrderDialogProps {
  open: boolean;
  order: Pick<StaffOrder, 'id' | 'number' | 'state' | 'payment_status'>;
  onClose: () => void;
  /** The server refused the cancel because the order moved on meanwhile (409). */
  onStale?: (error: unknown) => void;
}

/**
 * Cancelling is the one step that cannot be undone, so it asks for the reason the shopper
 * will be told, and says what happens to the stock and the money.
 */
export default function CancelOrderDialog({
  open,
  order,
  onClose,
  onStale,
}: CancelOrderDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <CancelForm order={order} onClose={onClose} onStale={onStale} />
    </FormDialog>
  );
}

function CancelForm({ order, onClose, onStale }: Omit<CancelOrderDialogProps, 'open'>) {
  const form = useAppForm<CancelValues>({
    defaultValues: { reason: '' },
    rules: cancelRules,
    mode: 'onSubmit',
  });
  const [cancelOrder, { isLoading }] = useCancelStaffOrderMutation();
  const { focusFirst } = form;
  useEffect(() => {
    focusFirst(['reason']);
  }, [focusFirst]);

  async function handleSubmit({ reason }: CancelValues) {
    if (isLoading) return;
    try {
      await cancelOrder({ orderId: order.id, reason: reason.trim() }).unwrap();
      toast.success(`Order ${order.number} cancelled`);
      onClose();
    } catch (error) {
      if (onStale && httpStatus(error) === 409) {
        onClose();
        onStale(error);
        return;
      }
      form.showProblems(serverProblems(error, { reason: 'reason' }));
    }
  }

  return (
    <DialogForm
      form={form}
      onSubmit={handleSubmit}
      title={`Cancel order ${order.number}?`}
      description={
        order.payment_status === 'paid'
          ? 'The items go back on the shelf and the shopper is told why. The shopper has paid: the order will be flagged for a refund.'
          : 'The items go back on the shelf and the shopper is told why.'
      }
      onCancel={onClose}
      cancelLabel="Keep order"
      submit={
        <Button type="submit" variant="contained" color="error" disabled={isLoading}>
          Cancel order
        </Button>
      }
    >
      <FormTextField<CancelValues>
        name="reason"
        label="Reason (the shopper sees it)"
        multiline
        minRows={2}
        required
        hint={`Up to ${MAX_CANCEL_REASON_LENGTH} characters.`}
        htmlInput={{ maxLength: MAX_CANCEL_REASON_LENGTH }}
      />
    </DialogForm>
  );
}
