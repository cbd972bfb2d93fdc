import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import type { Registration } from 'contract';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { apiUrl } from '../../testing/fixtures';
import { recordRequests, server } from '../../testing/server';
import RegisterPage from './RegisterPage';

const REGISTER_URL = apiUrl('/register', 'users');

function renderRegister(route = '/auth/register') {
  return renderWithProviders(
    <Routes>
      <Route path="/auth/register" element={<RegisterPage />} />
      <Route path="/auth/login" element={<h1>Login page</h1>} />
    </Routes>,
    { route },
  );
}

/** Answers the sign-up call successfully and keeps the body the page sent. */
function captureRegistration(): { body?: Registration } {
  const captured: { body?: Registration } = {};
  server.use(
    http.post(REGISTER_URL, async ({ request }) => {
      captured.body = (await request.json()) as Registration;
      return HttpResponse.json({ message: 'Account created' });
    }),
  );
  return captured;
}

type User = ReturnType<typeof renderRegister>['user'];

async function fillValidForm(user: User, overrides: Partial<Record<string, string>> = {}) {
  const value = {
    first: 'Funmilayo',
    surname: 'Adeyemi',
    email: 'funmi@example.ng',
    mobile: '08031234567',
    password: 'Ewa-agoyin-9',
    confirm: 'Ewa-agoyin-9',
    ...overrides,
  };
  // Pasting, like a password manager filling the form, keeps the tests quick.
  const fill = async (label: RegExp, text: string) => {
    await user.click(screen.getByLabelText(label));
    await user.paste(text);
  };
  await fill(/first name/i, value.first);
  await fill(/surname/i, value.surname);
  await fill(/email address/i, value.email);
  await fill(/mobile number/i, value.mobile);
  await fill(/^password/i, value.password);
  await fill(/confirm password/i, value.confirm);
}

describe('RegisterPage', () => {
  it('is a page of its own: one h1, a tab title, and every field labelled', () => {
    renderRegister();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    expect(document.title).toMatch(/^Sign up/);
    expect(screen.getByLabelText(/first name/i)).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText(/surname/i)).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByLabelText(/email address/i)).toHaveAttribute('autocomplete', 'email');
    const mobile = screen.getByLabelText(/mobile number/i);
    // The phone keypad, which has the '+' of an international number the field keeps.
    expect(mobile).toHaveAttribute('inputmode', 'tel');
    expect(mobile).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText(/^password/i)).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText(/confirm password/i)).toHaveAttribute(
      'autocomplete',
      'new-password',
    );
    expect(screen.getByLabelText(/gender/i)).toHaveValue('female');
    expect(screen.getByRole('button', { name: 'Sign up' })).toHaveAttribute('type', 'submit');
  });

  it('links to login, home and the terms, and says the affiliate code is optional', async () => {
    const { user } = renderRegister();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: /home/i })).toHaveAttribute('href', '/');
    expect(
      screen.getByRole('link', { name: 'terms of service and privacy policy' }),
    ).toHaveAttribute('href', '/policies');
    expect(screen.getByRole('button', { name: 'Activate account' })).toBeVisible();

    const code = screen.getByLabelText(/affiliate code/i);
    expect(code).toHaveAttribute('placeholder', expect.stringMatching(/proceed without/i));
    await user.hover(screen.getByRole('button', { name: 'This field is optional' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('This field is optional');
  });

  it('sends the registration record with the spec defaults and the time of sign-up', async () => {
    const captured = captureRegistration();
    const { user } = renderRegister();
    await fillValidForm(user);
    await user.click(screen.getByLabelText(/affiliate code/i));
    await user.paste('MamaT-Ibadan');
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    await waitFor(() => expect(captured.body).toBeDefined());
    const body = captured.body as Registration;
    expect(body).toEqual({
      first_name: 'Funmilayo',
      last_name: 'Adeyemi',
      email: 'funmi@example.ng',
      mobile_number: '08031234567',
      affiliate_code: 'mamat-ibadan',
      gender: 'female',
      age: 18,
      role: 'customer',
      emailverified: false,
      verificationtoken: '',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      last_logged_in: expect.any(String),
      password: 'Ewa-agoyin-9',
      cpassword: 'Ewa-agoyin-9',
    });
    for (const stamp of [body.created_at, body.updated_at, body.last_logged_in]) {
      expect(new Date(stamp ?? '').toISOString()).toBe(stamp);
      expect(Date.parse(stamp ?? '')).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(stamp ?? '')).toBeLessThanOrEqual(Date.now());
    }
  });

  it('lowercases the affiliate code as it is typed', async () => {
    const { user } = renderRegister();
    const code = screen.getByLabelText(/affiliate code/i);
    await user.type(code, 'BoDiJa');
    expect(code).toHaveValue('bodija');
  });

  it('prefills the affiliate code from the link an affiliate shares (?ref=), lowercased', async () => {
    const captured = captureRegistration();
    const { user } = renderRegister('/auth/register?ref=TundeDeals');
    expect(screen.getByLabelText(/affiliate code/i)).toHaveValue('tundedeals');
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(captured.body?.affiliate_code).toBe('tundedeals'));
  });

  it('sends the chosen gender, lowercased', async () => {
    const captured = captureRegistration();
    const { user } = renderRegister();
    await fillValidForm(user);
    await user.selectOptions(screen.getByLabelText(/gender/i), 'Male');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(captured.body?.gender).toBe('male'));
  });

  it('keeps only digits in the mobile number', async () => {
    const { user } = renderRegister();
    const mobile = screen.getByLabelText(/mobile number/i);
    await user.type(mobile, '0803 123-4567');
    expect(mobile).toHaveValue('08031234567');
  });

  it('shows a password mismatch and a bad email before anything is sent', async () => {
    const requests = recordRequests();
    const { user } = renderRegister();
    await fillValidForm(user, { email: 'funmi@example', confirm: 'Ewa-agoyin-8' });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const email = screen.getByLabelText(/email address/i);
    expect(email).toHaveAccessibleDescription(/valid|like name@example.com/i);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText(/confirm password/i)).toHaveAccessibleDescription(
      'The passwords do not match',
    );
    expect(requests).toHaveLength(0);
  });

  it('shows a mismatch as soon as the confirmation is left', async () => {
    const { user } = renderRegister();
    await user.type(screen.getByLabelText(/^password/i), 'Ewa-agoyin-9');
    await user.type(screen.getByLabelText(/confirm password/i), 'Ewa');
    await user.tab();
    expect(screen.getByLabelText(/confirm password/i)).toHaveAccessibleDescription(
      'The passwords do not match',
    );
  });

  it('shows a mismatch as soon as the first password is changed and left', async () => {
    const { user } = renderRegister();
    await fillValidForm(user);
    const confirm = screen.getByLabelText(/confirm password/i);
    expect(confirm).not.toHaveAccessibleDescription('The passwords do not match');
    await user.type(screen.getByLabelText(/^password/i), 'x');
    await user.click(screen.getByLabelText(/first name/i));
    expect(confirm).toHaveAccessibleDescription('The passwords do not match');
  });

  it("shows a 422's messages beside the fields the server names", async () => {
    server.use(
      http.post(REGISTER_URL, () =>
        HttpResponse.json(
          {
            detail: [
              { loc: ['body', 'email'], msg: 'Enter a valid email address', type: 'pattern' },
              {
                loc: ['body', 'mobile_number'],
                msg: 'Enter a valid Nigerian mobile number, e.g. 08031234567',
                type: 'pattern',
              },
            ],
          },
          { status: 422 },
        ),
      ),
    );
    const { user } = renderRegister();
    await fillValidForm(user, { mobile: '123' });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const email = screen.getByLabelText(/email address/i);
    await waitFor(() => expect(email).toHaveAccessibleDescription('Enter a valid email address'));
    expect(email).toHaveFocus();
    expect(screen.getByLabelText(/mobile number/i)).toHaveAccessibleDescription(
      'Enter a valid Nigerian mobile number, e.g. 08031234567',
    );
    expect(await screen.findByText('Unable to Sign up')).toBeInTheDocument();

    // Typing again clears the server's message for that field.
    await user.type(email, 'x');
    expect(email).not.toHaveAccessibleDescription('Enter a valid email address');
  });

  it('shows a detail sentence in the form and in the 3-second detail toast', async () => {
    const taken =
      'An account with this email already exists. Log in, or activate it with a new code.';
    server.use(
      http.post(REGISTER_URL, () => HttpResponse.json({ detail: taken }, { status: 400 })),
    );
    const { user } = renderRegister();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(taken);
    expect(await screen.findByText('Unable to Sign up')).toBeInTheDocument();
    const toasts = screen.getByRole('region', { name: /notifications/i });
    expect(await within(toasts).findByText(taken)).toBeInTheDocument();
  });

  it("says 'Signing up...' and disables Sign up while the call runs", async () => {
    let answer: () => void = () => {};
    server.use(
      http.post(REGISTER_URL, async () => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json({ message: 'Account created' });
      }),
    );
    const { user } = renderRegister();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Signing up...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeDisabled();
    answer();
    expect(await screen.findByText('Sign up successful!')).toBeInTheDocument();
    // The Email verification modal now covers the page, hiding it from the accessibility tree.
    expect(screen.getByRole('button', { name: 'Sign up', hidden: true })).toBeEnabled();
  });

  it('opens Email verification with the email after a successful sign-up', async () => {
    captureRegistration();
    const { user } = renderRegister();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const dialog = await screen.findByRole('dialog', { name: 'Email verification' });
    expect(within(dialog).getByLabelText(/email address/i)).toHaveValue('funmi@example.ng');
    expect(within(dialog).getByLabelText(/confirm otp/i)).toHaveFocus();
  });

  it('shows the password rules before anything is typed, and an error in their place', async () => {
    const { user } = renderRegister();
    const password = screen.getByLabelText(/^password/i);
    expect(password).toHaveAccessibleDescription(
      'At least 8 characters, and not a common password such as "password" or "12345678".',
    );
    await user.type(password, 'short');
    await user.tab();
    expect(password).toHaveAccessibleDescription('Password must be at least 8 characters');
  });

  it('says where the sign-up code went, masked, and makes a new one wait', async () => {
    captureRegistration();
    const { user } = renderRegister();
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const dialog = await screen.findByRole('dialog', { name: 'Email verification' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'We emailed a 6-digit code to f•••i@example.ng.',
    );
    expect(
      within(dialog).getByRole('button', { name: 'Send OTP via sms or email' }),
    ).toBeDisabled();
  });

  it('opens Email verification from Activate account with the email typed so far', async () => {
    const { user } = renderRegister();
    await user.click(screen.getByLabelText(/email address/i));
    await user.paste('funmi@example.ng');
    await user.click(screen.getByRole('button', { name: 'Activate account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email verification' });
    expect(within(dialog).getByLabelText(/email address/i)).toHaveValue('funmi@example.ng');
  });
});
