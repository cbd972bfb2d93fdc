import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorDetail, httpStatus } from '../../lib/getErrorMessage';
import { toastMutation } from '../../lib/toasts';
import { affiliatesApi, useRegisterAffiliateMutation } from '../../services/affiliatesApi';
import {
  AppForm,
  FormAlert,
  FormTextField,
  serverProblems,
  useAppForm,
} from '../../components/form';
import {
  AFFILIATE_SERVER_FIELDS,
  buildAffiliateRegistration,
  emptyAffiliateForm,
  normalizeAccountNumber,
  normalizeAffiliateCode,
  validateAffiliateForm,
  type AffiliateFormValues,
} from './affiliateForm';
import { NIGERIAN_BANKS } from 'contract/rules';
import { loadApi } from '../../state/lazyApis';

loadApi(affiliatesApi);

const HOW_IT_WORKS = [
  'Choose a code and tell us where to pay you.',
  'Share your sign-up link with friends and family in Ibadan.',
  'Earn on what they buy, and request your earnings each month.',
];

interface AffiliateRegistrationFormProps {
  /** The server says this shopper is registered already: show their details instead. */
  onAlreadyRegistered: () => void;
}

/** Joining the affiliate programme (docs/product.md#profile-pages): a code and the bank account to be paid into. */
export default function AffiliateRegistrationForm({
  onAlreadyRegistered,
}: AffiliateRegistrationFormProps) {
  const form = useAppForm<AffiliateFormValues>({
    defaultValues: emptyAffiliateForm,
    rules: validateAffiliateForm,
  });
  const [registerAffiliate, { isLoading }] = useRegisterAffiliateMutation();

  async function register(values: AffiliateFormValues) {
    if (isLoading) return;
    const result = await toastMutation(
      registerAffiliate(buildAffiliateRegistration(values)).unwrap(),
      'affiliateRegistration',
    );
    // Success: the details query is invalidated and the page shows the details view.
    if (result.ok) return;

    const problems = serverProblems(result.error, AFFILIATE_SERVER_FIELDS, {
      nameOtherFields: false,
    });
    const detail = errorDetail(result.error);
    if (httpStatus(result.error) === 409 && detail !== undefined) {
      // A taken code belongs beside the code; "already registered" means there are details to show.
      if (!/code/i.test(detail)) {
        onAlreadyRegistered();
        return;
      }
      problems.fields.affiliate_code = detail;
      problems.message = undefined;
    }
    form.showProblems(problems);
  }

  const shared = { required: true } as const;

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
        gap: 3,
        alignItems: 'start',
      }}
    >
      <Card component="section" aria-labelledby="affiliate-join" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="affiliate-join" component="h2" variant="h4" sx={{ mb: 0.5 }}>
          Become an affiliate
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          You are not an affiliate yet. Register below to get your own code.
        </Typography>
        <AppForm form={form} onSubmit={register} aria-label="Affiliate registration">
          <Stack spacing={2.5}>
            <FormAlert message={form.formError} />
            <FormTextField<AffiliateFormValues>
              {...shared}
              name="affiliate_code"
              hint="3 to 30 letters, digits, - or _. Friends enter it when they sign up."
              normalize={normalizeAffiliateCode}
              label="Affiliate code"
              autoComplete="off"
              htmlInput={{ autoCapitalize: 'none', spellCheck: false, maxLength: 30 }}
            />
            <FormTextField<AffiliateFormValues>
              {...shared}
              name="bank_name"
              select
              label="Bank name"
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="" disabled>
                Choose your bank
              </option>
              {NIGERIAN_BANKS.map((bank) => (
                <option key={bank} value={bank}>
                  {bank}
                </option>
              ))}
            </FormTextField>
            <FormTextField<AffiliateFormValues>
              {...shared}
              name="account_number"
              hint="10 digits (NUBAN)"
              normalize={normalizeAccountNumber}
              label="Account number"
              autoComplete="off"
              placeholder="0123456789"
              htmlInput={{ inputMode: 'numeric', maxLength: 14 }}
            />
            <FormTextField<AffiliateFormValues>
              {...shared}
              name="account_name"
              hint="As it appears on your bank account"
              label="Account name"
              autoComplete="name"
              htmlInput={{ maxLength: 100 }}
            />
            <Button type="submit" variant="contained" size="large" disabled={isLoading}>
              {isLoading ? 'Registering...' : 'Register'}
            </Button>
          </Stack>
        </AppForm>
      </Card>
      <Card
        component="aside"
        aria-labelledby="affiliate-how"
        sx={{ p: { xs: 2, sm: 3 }, bgcolor: 'background.default' }}
      >
        <Typography id="affiliate-how" component="h2" variant="h5" sx={{ mb: 1.5 }}>
          How it works
        </Typography>
        <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
          {HOW_IT_WORKS.map((step) => (
            <Typography component="li" key={step}>
              {step}
            </Typography>
          ))}
        </Box>
      </Card>
    </Box>
  );
}
