import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { GENDER_OPTIONS } from '../../lib/genders';
import { AFFILIATE_REF_PARAM, paths } from '../../lib/paths';
import { isEmail } from '../../lib/validation';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { toastMutation } from '../../lib/toasts';
import { useRegisterMutation } from '../../services/usersApi';
import AuthCard from './AuthCard';
import EmailVerificationModal from './EmailVerificationModal';
import PasswordField from './PasswordField';
import {
  REGISTER_FIELDS,
  buildRegistration,
  emptyRegisterForm,
  normalizeAffiliateCode,
  normalizeGender,
  normalizeMobileNumber,
  validateRegisterForm,
  type RegisterField,
  type RegisterFormValues,
} from './registration';
import { serverProblems } from '../../components/form/serverProblems';
import type { LoginLocationState } from './loginState';

type FieldErrors = Partial<Record<RegisterField, string>>;

/** The server names the record's fields as the form does (docs/product.md#data). */
const SERVER_FIELDS: Readonly<Record<string, RegisterField>> = Object.fromEntries(
  REGISTER_FIELDS.map((field) => [field, field]),
);

/** How each typed value is kept: lowercased code and gender, digits for the mobile number. */
const NORMALIZE: Partial<Record<RegisterField, (value: string) => string>> = {
  affiliate_code: normalizeAffiliateCode,
  gender: normalizeGender,
  mobile_number: normalizeMobileNumber,
};

/** Sign-up (docs/product.md#log-in-and-sign-up): the registration record, then the Email verification modal. */
export default function RegisterPage() {
  useDocumentTitle('Sign up');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<RegisterFormValues>(() =>
    emptyRegisterForm(searchParams.get(AFFILIATE_REF_PARAM) ?? ''),
  );
  /** Fields whose own checks show already: left after typing something, or all after a submit. */
  const [checked, setChecked] = useState<ReadonlySet<RegisterField>>(new Set());
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [verification, setVerification] = useState<{ open: boolean; email: string }>({
    open: false,
    email: '',
  });
  const [register, { isLoading }] = useRegisterMutation();
  const formRef = useRef<HTMLFormElement>(null);

  const clientErrors = validateRegisterForm(values);
  const errorOf = (field: RegisterField): string | undefined =>
    serverErrors[field] ?? (checked.has(field) ? clientErrors[field] : undefined);

  function focusFirstError(errors: FieldErrors) {
    const first = REGISTER_FIELDS.find((field) => errors[field] !== undefined);
    const input = first ? formRef.current?.elements.namedItem(first) : null;
    if (input instanceof HTMLElement) input.focus();
  }

  function check(...fields: RegisterField[]) {
    setChecked((previous) => new Set([...previous, ...fields]));
  }

  /** The props every text field shares: value, change, blur-to-check and error. */
  function fieldProps(field: RegisterField) {
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
        if (values[field] !== '') check(field);
        // A mismatch shows as soon as the first password changes after the second was typed.
        if (field === 'password' && values.cpassword !== '') check('cpassword');
      },
      error: errorOf(field) !== undefined,
      helperText: errorOf(field),
    };
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setFormError(undefined);
    setServerErrors({});
    check(...REGISTER_FIELDS);
    if (Object.keys(clientErrors).length > 0) {
      focusFirstError(clientErrors);
      return;
    }
    const record = buildRegistration(values);
    const result = await toastMutation(register(record).unwrap(), 'signUp');
    if (result.ok) {
      setVerification({ open: true, email: record.email });
      return;
    }
    const { fields, message } = serverProblems(result.error, SERVER_FIELDS);
    setServerErrors(fields);
    setFormError(message);
    focusFirstError(fields);
  }

  function openActivation() {
    setVerification({ open: true, email: isEmail(values.email) ? values.email.trim() : '' });
  }

  function handleActivated(email: string) {
    setVerification({ open: false, email });
    const state: LoginLocationState = { email };
    void navigate(paths.login, { state });
  }

  return (
    <AuthCard
      title="Create your account"
      intro="Sign up to shop groceries and everyday goods across Ibadan."
    >
      <Box
        component="form"
        ref={formRef}
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        aria-label="Sign up"
      >
        <Stack spacing={2.5}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
            <TextField
              {...fieldProps('first_name')}
              label="First name"
              autoComplete="given-name"
              required
            />
            <TextField
              {...fieldProps('last_name')}
              label="Surname"
              autoComplete="family-name"
              required
            />
          </Stack>
          <TextField
            {...fieldProps('email')}
            label="Email address"
            type="email"
            autoComplete="email"
            required
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
          <TextField
            {...fieldProps('mobile_number')}
            label="Mobile number"
            type="tel"
            autoComplete="tel"
            placeholder="08031234567"
            required
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            {...fieldProps('gender')}
            select
            label="Gender"
            slotProps={{ select: { native: true } }}
          >
            {GENDER_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </TextField>
          <TextField
            {...fieldProps('affiliate_code')}
            label="Affiliate code (optional)"
            placeholder="You can proceed without an affiliate code"
            autoComplete="off"
            slotProps={{
              htmlInput: { autoCapitalize: 'none', spellCheck: false },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title="This field is optional" enterTouchDelay={0}>
                      <IconButton edge="end" size="small">
                        <InfoOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
          <PasswordField
            {...fieldProps('password')}
            label="Password"
            autoComplete="new-password"
            required
          />
          <PasswordField
            {...fieldProps('cpassword')}
            label="Confirm password"
            autoComplete="new-password"
            required
          />
          <Typography variant="body2" color="text.secondary">
            By signing up you agree to our{' '}
            <Link component={RouterLink} to={paths.policies}>
              terms of service and privacy policy
            </Link>
            .
          </Typography>
          <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading}>
            Sign up
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            Already have an account?{' '}
            <Link component={RouterLink} to={paths.login} sx={{ fontWeight: 600 }}>
              Login
            </Link>{' '}
            or{' '}
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={openActivation}
              sx={{ fontWeight: 600, verticalAlign: 'baseline' }}
            >
              Activate account
            </Link>
          </Typography>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            <Link component={RouterLink} to={paths.root}>
              Back to home
            </Link>
          </Typography>
        </Stack>
      </Box>
      <EmailVerificationModal
        open={verification.open}
        initialEmail={verification.email}
        onClose={() => setVerification((v) => ({ ...v, open: false }))}
        onActivated={handleActivated}
      />
    </AuthCard>
  );
}
