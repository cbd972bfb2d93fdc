import { useId } from 'react';
import { toast } from '../../lib/toast';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import ContentCopy from '@mui/icons-material/ContentCopy';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import type { Affiliate } from 'contract';
import { paths } from '../../lib/paths';
import { formatNaira } from '../../lib/format';
import { TOAST_DURATION_MS } from '../../lib/messages';
import { toastError, toastMutation } from '../../lib/toasts';
import { affiliatesApi, useRequestPaymentMutation } from '../../services/affiliatesApi';
import { parseAccountDetails, shareLinkFor } from './affiliateForm';
import { loadApi } from '../../state/lazyApis';
import { DetailList, DetailRow } from '../../components/DetailList';

loadApi(affiliatesApi);

/** Copies to the clipboard and says so ('Copied'), or says how to copy by hand. */
async function copyText(text: string): Promise<void> {
  try {
    // Absent outside secure contexts (a page on plain http), whatever the DOM types say.
    const clipboard = navigator.clipboard as Clipboard | undefined;
    if (!clipboard) throw new Error('No clipboard');
    await clipboard.writeText(text);
    toast.success('Copied', { duration: TOAST_DURATION_MS });
  } catch {
    toastError('Could not copy. Select the text and copy it yourself.');
  }
}

function Stat({ label, amount, hint }: { label: string; amount: number; hint: string }) {
  const labelId = useId();
  return (
    <Card component="li" aria-labelledby={labelId} sx={{ p: 2, minWidth: 0 }}>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography variant="figure" sx={{ color: 'primary.dark', mt: 0.5 }}>
        {formatNaira(amount)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {hint}
      </Typography>
    </Card>
  );
}

interface AffiliateDetailsProps {
  affiliate: Affiliate;
  refreshing: boolean;
}

/**
 * The affiliate's page (docs/product.md#profile-pages): their code and sign-up link to share, what they
 * have generated and been paid, where they are paid, and Request payment when this month's
 * earnings are above 0.
 */
export default function AffiliateDetails({ affiliate, refreshing }: AffiliateDetailsProps) {
  const [requestPayment, { isLoading: isRequesting }] = useRequestPaymentMutation();
  const bank = parseAccountDetails(affiliate.acount_details);
  const shareLink = shareLinkFor(window.location.origin, paths.register, affiliate.code);
  const canRequest = affiliate.month_generated > 0;

  function handleRequestPayment() {
    if (isRequesting) return;
    void toastMutation(requestPayment().unwrap(), 'paymentRequest');
  }

  return (
    <Stack spacing={3} sx={{ opacity: refreshing ? 0.8 : 1, transition: 'opacity 150ms' }}>
      <Card
        component="section"
        aria-labelledby="affiliate-code-heading"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography id="affiliate-code-heading" component="h2" variant="h5">
          Your affiliate code
        </Typography>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mt: 1.5, mb: 3 }}
        >
          <Typography
            data-testid="affiliate-code"
            variant="figure"
            sx={{
              fontFamily: 'monospace',
              fontWeight: 700,
              letterSpacing: '0.04em',
              px: 2,
              py: 0.5,
              borderRadius: 2,
              border: 1,
              borderStyle: 'dashed',
              borderColor: 'primary.main',
              bgcolor: 'background.default',
              overflowWrap: 'anywhere',
            }}
          >
            {affiliate.code}
          </Typography>
          <Button
            variant="outlined"
            startIcon={<ContentCopy />}
            onClick={() => void copyText(affiliate.code)}
          >
            Copy code
          </Button>
        </Stack>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            label="Your sign-up link"
            value={shareLink}
            helperText="Friends who sign up through this link have your code filled in."
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
            onFocus={(event) => event.target.select()}
          />
          <Button
            variant="contained"
            startIcon={<ContentCopy />}
            onClick={() => void copyText(shareLink)}
            sx={{
              flexShrink: 0,
              whiteSpace: 'nowrap',
              minHeight: 56,
              alignSelf: { xs: 'stretch', sm: 'flex-start' },
            }}
          >
            Copy link
          </Button>
        </Stack>
      </Card>

      <Box component="section" aria-labelledby="affiliate-earnings-heading">
        <Typography id="affiliate-earnings-heading" component="h2" variant="h5" sx={{ mb: 1.5 }}>
          Earnings
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
            gap: 2,
          }}
        >
          <Stat
            label="Month generated"
            amount={affiliate.month_generated}
            hint={canRequest ? 'Ready to request' : 'This month so far'}
          />
          <Stat
            label="Total generated"
            amount={affiliate.total_generated}
            hint="Since you joined"
          />
          <Stat label="Total paid" amount={affiliate.total_paid} hint="Paid into your account" />
        </Box>
        <Box sx={{ mt: 2 }}>
          {canRequest ? (
            <Button
              variant="contained"
              color="secondary"
              size="large"
              startIcon={<PaymentsOutlined />}
              onClick={handleRequestPayment}
              disabled={isRequesting}
            >
              Request payment
            </Button>
          ) : (
            <Typography color="text.secondary">
              Nothing to request yet. When shoppers who signed up with your code buy, this
              month&rsquo;s earnings show here and you can request them.
            </Typography>
          )}
        </Box>
      </Box>

      <Card
        component="section"
        aria-labelledby="affiliate-bank-heading"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <AccountBalanceOutlined color="primary" aria-hidden="true" />
          <Typography id="affiliate-bank-heading" component="h2" variant="h5">
            Bank details
          </Typography>
        </Stack>
        {bank ? (
          <DetailList columns={{ xs: 1, sm: 3 }}>
            <DetailRow label="Bank name">{bank.bank_name}</DetailRow>
            <DetailRow label="Account name">{bank.account_name}</DetailRow>
            <DetailRow label="Account number">{bank.account_number}</DetailRow>
          </DetailList>
        ) : (
          <Alert severity="warning">
            We couldn&rsquo;t read your bank details. Contact us to check where your earnings are
            paid.
          </Alert>
        )}
      </Card>
    </Stack>
  );
}
