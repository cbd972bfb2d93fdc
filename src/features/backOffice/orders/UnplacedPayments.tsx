import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  staffAccountsApi,
  useGetStaffMeQuery,
} from '../../../services/backOffice/staffAccountsApi';
import { useGetUnplacedPaymentsQuery } from '../../../services/backOffice/moneyApi';
import UnplacedPaymentCard, { PAID_NOT_PLACED } from './UnplacedPaymentCard';
import { loadApi } from '../../../state/lazyApis';

loadApi(staffAccountsApi);

/**
 * Payments Paystack took that found no order, above the queue: each is a shopper waiting for
 * the shop to place their order or give the money back. Nothing shows while there are none,
 * or when the list cannot be had (the queue below says why).
 */
export default function UnplacedPayments() {
  const { data } = useGetUnplacedPaymentsQuery();
  const { data: me } = useGetStaffMeQuery();
  if (!data || data.payments.length === 0) return null;
  return (
    <Stack component="section" aria-label={PAID_NOT_PLACED} spacing={1.5}>
      <Typography component="h2" variant="h6">
        {PAID_NOT_PLACED} ({data.payments.length})
      </Typography>
      <Typography variant="body2" color="text.secondary">
        These shoppers paid but no order could be made. They were told the shop would place the
        order or refund them within one business day.
      </Typography>
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {data.payments.map((payment) => (
          <li key={payment.id}>
            <UnplacedPaymentCard payment={payment} canDecide={me?.role === 'owner'} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
