import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RETURN_TO_PARAM, paths, safeReturnPath } from '../../lib/paths';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { brand } from '../../lib/brand';
import { errorDetail, httpStatus } from '../../lib/getErrorMessage';
import { toastMutation } from '../../lib/toasts';
import { useLoginMutation } from '../../services/usersApi';
import AuthCard from './AuthCard';
import EmailVerificationModal from './EmailVerificationModal';
import ForgotPasswordModal from './ForgotPasswordModal';
import { initialLoginEmail } from './loginState';
import PasswordField from './PasswordField';
import { serverProblems } from '../../components/form/serverProblems';

type Field = 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

/** The login form posts `username` (the email) and `password`. */
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

/**
 * Log in (docs/product.md#log-in-and-sign-up): email and password, then back to the page that sent
 * the shopper here, or the shop. Forgot password and account activation open as modals.
 */
export default function LoginPage() {
  useDocumentTitle('Log in');
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [email, setEmail] = useState(() => initialLoginEmail(location.state, searchParams));
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [notActivated, setNotActivated] = useState(false);
  const [codeNeeded, setCodeNeeded] = useState(false);
  const [code, setCode] = useState('');
  /** Bumped when the code field should take focus (it may have only just appeared). */
  const [codeFocusRequest, setCodeFocusRequest] = useState(0);
  const [modal, setModal] = useState<Modal>('none');
  const [login, { isLoading }] = useLoginMutation();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  /** Bumped when the password field should take focus once a modal has closed. */
  const [passwordFocusRequest, setPasswordFocusRequest] = useState(0);

  // Runs after the closing modal has handed focus back to its opener, so this focus wins.
  useEffect(() => {
    if (passwordFocusRequest > 0) passwordRef.current?.focus();
  }, [passwordFocusRequest]);

  useEffect(() => {
    if (codeFocusRequest > 0) codeRef.current?.focus();
  }, [codeFocusRequest]);

  function showProblems(fields: FieldErrors, message?: string) {
    setErrors(fields);
    setFormError(message);
    if (fields.email) emailRef.current?.focus();
    else if (fields.password) passwordRef.current?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setNotActivated(false);
    const problems: FieldErrors = {};
    if (email.trim() === '') problems.email = 'Enter your email address';
    if (password === '') problems.password = 'Enter your password';
    showProblems(problems);
    if (Object.keys(problems).length > 0) return;

    const otp = codeNeeded ? code.trim() : '';
    const result = await toastMutation(
      login({ username: email.trim(), password, ...(otp ? { otp } : {}) }).unwrap(),
      'login',
    );
    if (result.ok) {
      // The session is filled by the login listener (app/listeners.ts); only navigation is left.
      void navigate(safeReturnPath(searchParams.get(RETURN_TO_PARAM)), { replace: true });
      return;
    }
    const { fields, message } = serverProblems(result.error, SERVER_FIELDS);
    setNotActivated(isNotActivatedError(result.error));
    showProblems(fields, message);
    if (isLoginCodeRequest(result.error)) {
      setCodeNeeded(true);
      setCode('');
      setCodeFocusRequest((n) => n + 1);
    }
  }

  /** After a reset or an activation: the email is filled in and the password is typed next. */
  function readyToLogIn(address: string) {
    setModal('none');
    setEmail(address);
    setPassword('');
    setErrors({});
    setFormError(undefined);
    setNotActivated(false);
    setPasswordFocusRequest((n) => n + 1);
  }

  return (
    <AuthCard title="Log in" intro="Welcome back. Log in to see your cart, orders and wishlist.">
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void handleSubmit(event)}
        aria-label="Log in"
      >
        <Stack spacing={2.5}>
          {formError ? (
            <Alert severity={notActivated || codeNeeded ? 'warning' : 'error'}>
              {formError}
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
            </Alert>
          ) : null}
          <TextField
            inputRef={emailRef}
            label="Email address"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setErrors((e) => ({ ...e, email: undefined }));
            }}
            error={Boolean(errors.email)}
            helperText={errors.email}
            required
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
          <PasswordField
            inputRef={passwordRef}
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setErrors((e) => ({ ...e, password: undefined }));
            }}
            error={Boolean(errors.password)}
            helperText={errors.password}
            required
          />
          {codeNeeded ? (
            <TextField
              inputRef={codeRef}
              label="Code from your email"
              name="otp"
              autoComplete="one-time-code"
              placeholder="123456"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              helperText="No code, or an old one? Leave this empty and log in: we email a new one."
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
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
      </Box>
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
