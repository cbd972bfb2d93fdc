import { useNavigate, useSearchParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PASSWORD_RULES_HINT } from 'contract/messages';
import { EMAIL_PATTERN, MIN_PASSWORD_LENGTH, NIGERIAN_MOBILE_PATTERN } from 'contract/rules';
import EmptyState from '../../../components/EmptyState';
import {
  AppForm,
  EmailField,
  FormAlert,
  FormTextField,
  PasswordField,
  PhoneField,
  serverProblems,
  useAppForm,
} from '../../../components/form';
import PageHeader from '../../../components/PageHeader';
import PageLoader from '../../../components/PageLoader';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { getErrorMessage } from '../../../lib/getErrorMessage';
import { loginPathReturningTo, paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import {
  staffAccountsApi,
  useClaimOwnerSetupMutation,
  useGetOwnerSetupQuery,
  useSetUpOwnerMutation,
} from '../../../services/backOffice/staffAccountsApi';
import { useAppSelector } from '../../../state/hooks';
import { loadApi } from '../../../state/lazyApis';
import { selectIsLoggedIn } from '../../../state/sessionSlice';
import { formatWhen } from './staffWords';

loadApi(staffAccountsApi);

const TITLE = 'Set up the shop’s owner';

interface OwnerValues {
  first_name: string;
  last_name: string;
  email: string;
  mobile_number: string;
  password: string;
  cpassword: string;
}

function ownerRules(v: OwnerValues) {
  return {
    first_name: v.first_name.trim() === '' ? 'Enter your first name' : undefined,
    last_name: v.last_name.trim() === '' ? 'Enter your last name' : undefined,
    email: new RegExp(EMAIL_PATTERN).test(v.email.trim())
      ? undefined
      : 'Enter a valid email address',
    mobile_number: new RegExp(NIGERIAN_MOBILE_PATTERN).test(v.mobile_number.trim())
      ? undefined
      : 'Enter a valid Nigerian mobile number, e.g. 08031234567',
    password:
      v.password.length < MIN_PASSWORD_LENGTH
        ? `Password must be at least ${MIN_PASSWORD_LENGTH} characters`
        : undefined,
    cpassword: v.cpassword !== v.password ? 'Passwords do not match' : undefined,
  };
}

/**
 * The page of the one-time link a production start prints while the shop has no owner: it
 * creates the owner's account, or makes the signed-in account the owner.
 */
export default function OwnerSetupPage() {
  useDocumentTitle(TITLE);
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const isLoggedIn = useAppSelector(selectIsLoggedIn);
  const { data, error, isLoading } = useGetOwnerSetupQuery(code, { skip: code === '' });

  if (code === '' || error) {
    return (
      <>
        <PageHeader title={TITLE} />
        <EmptyState
          message={code === '' ? 'This link is incomplete.' : getErrorMessage(error)}
          description="Open the setup link exactly as the shop printed it when it started."
          action={{ label: 'Back office', to: paths.backOffice }}
        />
      </>
    );
  }
  if (isLoading || !data) return <PageLoader label="Checking the link" />;
  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle={`This link works once, until ${formatWhen(data.valid_until)}.`}
      />
      {isLoggedIn ? <ClaimShop code={code} /> : <OwnerForm code={code} />}
    </>
  );
}

function ClaimShop({ code }: { code: string }) {
  const [claim, { isLoading }] = useClaimOwnerSetupMutation();
  const navigate = useNavigate();
  async function make() {
    try {
      await claim(code).unwrap();
      toast.success('You are the shop’s owner');
      void navigate(paths.backOffice);
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  }
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>You are signed in. Make this account the owner of the shop?</Typography>
      <Button variant="contained" disabled={isLoading} onClick={() => void make()}>
        Make my account the owner
      </Button>
    </Stack>
  );
}

function OwnerForm({ code }: { code: string }) {
  const form = useAppForm<OwnerValues>({
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      mobile_number: '',
      password: '',
      cpassword: '',
    },
    rules: ownerRules,
  });
  const [setUp, { isLoading }] = useSetUpOwnerMutation();
  const navigate = useNavigate();

  async function handleSubmit(values: OwnerValues) {
    if (isLoading) return;
    try {
      await setUp({ code, ...values, email: values.email.trim() }).unwrap();
      toast.success('The owner’s account is ready: log in with it');
      void navigate(loginPathReturningTo(paths.backOffice));
    } catch (error) {
      form.showProblems(
        serverProblems(error, {
          first_name: 'first_name',
          last_name: 'last_name',
          email: 'email',
          mobile_number: 'mobile_number',
          password: 'password',
          cpassword: 'cpassword',
        }),
      );
    }
  }

  return (
    <AppForm form={form} onSubmit={handleSubmit}>
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        <Typography>
          Create the owner’s account. Already have an account here? Log in first, then open this
          link again.
        </Typography>
        <FormAlert message={form.formError} />
        <FormTextField<OwnerValues>
          name="first_name"
          label="First name"
          autoComplete="given-name"
          required
        />
        <FormTextField<OwnerValues>
          name="last_name"
          label="Last name"
          autoComplete="family-name"
          required
        />
        <EmailField<OwnerValues> required />
        <PhoneField<OwnerValues> required />
        <PasswordField<OwnerValues>
          autoComplete="new-password"
          hint={PASSWORD_RULES_HINT}
          required
        />
        <PasswordField<OwnerValues>
          name="cpassword"
          label="Confirm password"
          autoComplete="new-password"
          required
        />
        <Button type="submit" variant="contained" disabled={isLoading}>
          Create the owner’s account
        </Button>
      </Stack>
    </AppForm>
  );
}
