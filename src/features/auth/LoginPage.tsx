import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { RETURN_TO_PARAM, paths, safeReturnPath } from '../../lib/paths';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { brand } from '../../lib/brand';
import { errorDetail, httpStatus } from '../../lib/getErrorMessage';
import { loginPromise, peekGuestReturn, readGuestBasket } from '../../lib/keptGuestIntent';
import { toastMutation } from '../../lib/toasts';
import { useLoginMutation } from '../../services/usersApi';
import AuthCard from './AuthCard';
import EmailVerificationModal from './EmailVerificationModal';
import ForgotPasswordModal from './ForgotPasswordModal';
import { initialLoginEmail } from './loginState';
import {
  AppForm,
  EmailField,
  FormAlert,
  OtpField,
  PasswordField,
  serverProblems,
  useAppForm,
} from '../../components/form';
import RouterLink from '../../components/RouterLink';

interface LoginValues {
  email: string;
  password: string;
  /** The emailed code, asked for only after too many wrong passwords. */
  otp: string;
}
type Field = keyof LoginValues;

/** The login form posts `username` (the email or a proven mobile number) and `password`. */
const SERVER_FIELDS: Readonly<Record<string, Field>> = { username: 'email', password: 'password' };

/**
 * The server refuses a correct password for an account whose email is not verified yet:
 * 403, with a detail saying so. The words are matched too, for servers that answer 400/401.
 */
export function isNotActivatedError(error: unknown): boolean {
  if (httpStatus(error) === 403) return true;
  return /not (yet )?(activated|verified)|verify your email|activate (it|your account)/i.test(
    errorDetail(error) ?? '',
  );
}

/**
 * After too many wrong passwords on an account, the server wants the 6-digit code it emailed
 * the owner along with the password (beyond the spec). It says so in these words.
 */
export function isLoginCodeRequest(error: unknown): boolean {
  return /emailed its owner a 6-digit code/i.test(errorDetail(error) ?? '');
}

type Modal = 'none' | 'forgot' | 'activate';

/** docs/product.md#numbers-and-limits: the emailed login code has 6 digits. */
const LOGIN_CODE_LENGTH = 6;

function loginRules(values: LoginValues) {
  return {
    email: values.email.trim() === '' ? 'Enter your email or phone number' : undefined,
    password: values.password === '' ? 'Enter your password' : undefined,
  };
}

/**
 * Log in (docs/product.md#log-in-and-sign-up): email (or proven phone number) and password, then back to the page that sent
 * the shopper here (or where a signed-out tap was made, after sign-up), or the shop. Forgot password and account activation open as modals.
 */
export default function LoginPage() {
  useDocumentTitle('Log in');
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const form = useAppForm<LoginValues>({
    defaultValues: {
      email: initialLoginEmail(location.state, searchParams),
      password: '',
      otp: '',
    },
    rules: loginRules,
    mode: 'onSubmit',
  });
  const { focusFirst, setValue, clearErrors } = form;
  const email = form.watch('email');
  const [notActivated, setNotActivated] = useState(false);
  const [codeNeeded, setCodeNeeded] = useState(false);
  /**
   * Bumped when a field should take focus after the next render: the code field may have only
   * just appeared, and a closing modal hands focus back to its opener first.
   */
  const [focusRequest, setFocusRequest] = useState<{ field: Field; count: number }>({
    field: 'password',
    count: 0,
  });
  const [modal, setModal] = useState<Modal>('none');
  const [login, { isLoading }] = useLoginMutation();
  // Read once: what a guest kept is said before they log in, and merged by the log in.
  const [promise] = useState(() => loginPromise(readGuestBasket()));

  useEffect(() => {
    if (focusRequest.count > 0) focusFirst([focusRequest.field]);
  }, [focusRequest, focusFirst]);

  function requestFocus(field: Field) {
    setFocusRequest(({ count }) => ({ field, count: count + 1 }));
  }

  async function handleSubmit(values: LoginValues) {
    if (isLoading) return;
    setNotActivated(false);
    const otp = codeNeeded ? values.otp.trim() : '';
    // Read before logging in: the log in carries out a kept tap and forgets it. A shopper who
    // came by way of sign-up lost the return address on the way; the tap still has it.
    const returnTo = searchParams.get(RETURN_TO_PARAM) ?? peekGuestReturn() ?? undefined;
    const result = await toastMutation(
      login({
        username: values.email.trim(),
        password: values.password,
        ...(otp ? { otp } : {}),
      }).unwrap(),
      'login',
    );
    if (result.ok) {
      // The session is filled by the login listener (app/listeners.ts); only navigation is left.
      void navigate(safeReturnPath(returnTo), { replace: true });
      return;
    }
    setNotActivated(isNotActivatedError(result.error));
    form.showProblems(serverProblems(result.error, SERVER_FIELDS));
    if (isLoginCodeRequest(result.error)) {
      setCodeNeeded(true);
      setValue('otp', '');
      requestFocus('otp');
    }
  }

  /** After a reset or an activation: the email is filled in and the password is typed next. */
  function readyToLogIn(address: string) {
    setModal('none');
    setValue('email', address);
    setValue('password', '');
    clearErrors();
    setNotActivated(false);
    requestFocus('password');
  }

  return (
    <AuthCard title="Log in" intro="Welcome back. Log in to see your cart, orders and wishlist.">
      <AppForm form={form} onSubmit={handleSubmit} aria-label="Log in">
        <Stack spacing={2.5}>
          <FormAlert
            message={form.formError}
            severity={notActivated || codeNeeded ? 'warning' : 'error'}
          >
            {notActivated ? (
              <Box sx={{ mt: 1 }}>
                <Button
                  variant="outlined"
                  color="inherit"
                  size="small"
                  onClick={() => setModal('activate')}
                >
                  Activate account
                </Button>
              </Box>
            ) : null}
          </FormAlert>
          {promise ? (
            <Alert severity="info" icon={<ShoppingCartOutlined fontSize="inherit" />}>
              {promise}
            </Alert>
          ) : null}
          <EmailField<LoginValues>
            label="Email or phone number"
            type="text"
            autoComplete="username"
            required
          />
          <PasswordField<LoginValues> autoComplete="current-password" required />
          {codeNeeded ? (
            <OtpField<LoginValues>
              label="Code from your email"
              length={LOGIN_CODE_LENGTH}
              placeholder="123456"
              hint="No code, or an old one? Leave this empty and log in: we email a new one."
            />
          ) : null}
          <Box sx={{ textAlign: 'right' }}>
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={() => setModal('forgot')}
              sx={{ fontWeight: 600 }}
            >
              Forgot password?
            </Link>
          </Box>
          <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading}>
            Log in
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            New to {brand.name}?{' '}
            <Link component={RouterLink} to={paths.register} sx={{ fontWeight: 600 }}>
              Sign up
            </Link>
          </Typography>
        </Stack>
      </AppForm>
      <ForgotPasswordModal
        open={modal === 'forgot'}
        initialEmail={email.trim()}
        onClose={() => setModal('none')}
        onReset={readyToLogIn}
      />
      <EmailVerificationModal
        open={modal === 'activate'}
        initialEmail={email.trim()}
        onClose={() => setModal('none')}
        onActivated={readyToLogIn}
      />
    </AuthCard>
  );
}
