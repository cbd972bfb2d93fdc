import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorDetail, fieldErrors, getErrorMessage, httpStatus } from '../../lib/getErrorMessage';
import { toastMutation } from '../../lib/toasts';
import { useRegisterAffiliateMutation } from '../../services/affiliatesApi';
import {
  AFFILIATE_FIELDS,
  buildAffiliateRegistration,
  emptyAffiliateForm,
  normalizeAccountNumber,
  normalizeAffiliateCode,
  validateAffiliateForm,
  type AffiliateErrors,
  type AffiliateField,
  type AffiliateFormValues,
} from './affiliateForm';
import { NIGERIAN_BANKS } from 'contract/rules';

const NORMALIZE: Partial<Record<AffiliateField, (value: string) => string>> = {
  affiliate_code: normalizeAffiliateCode,
  account_number: normalizeAccountNumber,
};

function isAffiliateField(name: string): name is AffiliateField {
  return (AFFILIATE_FIELDS as readonly string[]).includes(name);
}

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
  const [values, setValues] = useState<AffiliateFormValues>(emptyAffiliateForm);
  const [checked, setChecked] = useState<ReadonlySet<AffiliateField>>(new Set());
  const [serverErrors, setServerErrors] = useState<AffiliateErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [registerAffiliate, { isLoading }] = useRegisterAffiliateMutation();
  const formRef = useRef<HTMLFormElement>(null);

  const clientErrors = validateAffiliateForm(values);
  const errorOf = (field: AffiliateField) =>
    serverErrors[field] ?? (checked.has(field) ? clientErrors[field] : undefined);

  function focusFirstError(errors: AffiliateErrors) {
    const first = AFFILIATE_FIELDS.find((field) => errors[field] !== undefined);
    const input = first ? formRef.current?.elements.namedItem(first) : null;
    if (input instanceof HTMLElement) input.focus();
  }

  function fieldProps(field: AffiliateField, hint?: string) {
    const error = errorOf(field);
    return {
      name: field,
      value: values[field],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const normalize = NORMALIZE[field];
        const value = normalize ? normalize(event.target.value) : event.target.value;
        setValues((previous) => ({ ...previous, [field]: value }));
        setServerErrors((previous) => ({ ...previous, [field]: undefined }));
      },
      onBlur: () => {
        if (values[field] !== '') setChecked((previous) => new Set([...previous, field]));
      },
      error: error !== undefined,
      helperText: error ?? hint,
      required: true,
    };
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setFormError(undefined);
    setServerErrors({});
    setChecked(new Set(AFFILIATE_FIELDS));
    if (Object.keys(clientErrors).length > 0) {
      focusFirstError(clientErrors);
      return;
    }
    const result = await toastMutation(
      registerAffiliate(buildAffiliateRegistration(values)).unwrap(),
      'affiliateRegistration',
    );
    // Success: the details query is invalidated and the page shows the details view.
    if (result.ok) return;

    const byField: AffiliateErrors = {};
    const elsewhere: string[] = [];
    for (const [name, text] of Object.entries(fieldErrors(result.error))) {
      if (isAffiliateField(name)) byField[name] = text;
      else elsewhere.push(text);
    }
    const detail = errorDetail(result.error);
    if (httpStatus(result.error) === 409 && detail !== undefined) {
      // A taken code belongs beside the code; "already registered" means there are details to show.
      if (/code/i.test(detail)) byField.affiliate_code = detail;
      else {
        onAlreadyRegistered();
        return;
      }
    }
    setServerErrors(byField);
    if (elsewhere.length > 0) setFormError(elsewhere.join('; '));
    else if (Object.keys(byField).length === 0) setFormError(getErrorMessage(result.error));
    focusFirstError(byField);
  }

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
        <Box
          component="form"
          ref={formRef}
          noValidate
          onSubmit={(event) => void handleSubmit(event)}
          aria-label="Affiliate registration"
        >
          <Stack spacing={2.5}>
            {formError ? <Alert severity="error">{formError}</Alert> : null}
            <TextField
              {...fieldProps(
                'affiliate_code',
                '3 to 30 letters, digits, - or _. Friends enter it when they sign up.',
              )}
              label="Affiliate code"
              autoComplete="off"
              slotProps={{
                htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: 30 },
              }}
            />
            <TextField
              {...fieldProps('bank_name')}
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
            </TextField>
            <TextField
              {...fieldProps('account_number', '10 digits (NUBAN)')}
              label="Account number"
              autoComplete="off"
              placeholder="0123456789"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 14 } }}
            />
            <TextField
              {...fieldProps('account_name', 'As it appears on your bank account')}
              label="Account name"
              autoComplete="name"
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <Button type="submit" variant="contained" size="large" disabled={isLoading}>
              {isLoading ? 'Registering...' : 'Register'}
            </Button>
          </Stack>
        </Box>
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
