import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import type { ResetPasswordRequest, SendOtpRequest } from 'contract';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { apiUrl, fixtureCredentials, fixtureOtp } from '../../testing/fixtures';
import { recordRequests, server } from '../../testing/server';
import { CODE_NOT_SENT, sendOtpFails } from '../../testing/otpFailure';
import LoginPage from './LoginPage';

const email = fixtureCredentials.username;
const newPassword = 'Gbegiri-soup-42';

function renderLogin() {
  return renderWithProviders(
    <Routes>
      <Route path="/auth/login" element={<LoginPage />} />
      <Route path="/" element={<p>Shop</p>} />
    </Routes>,
    { route: '/auth/login' },
  );
}

const toasts = () => within(screen.getByRole('region', { name: /notifications/i, hidden: true }));

type User = ReturnType<typeof renderLogin>['user'];

async function paste(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** From the login form, with the email typed there, to step 2 of the modal. */
async function openAndSendCode(user: User) {
  await paste(user, screen.getByLabelText(/email or phone number/i), email);
  await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
  const dialog = await screen.findByRole('dialog', { name: 'Forgot password' });
  await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
  await within(dialog).findByLabelText(/6-digit code/i);
  return dialog;
}

describe('ForgotPasswordModal', () => {
  it('starts with the email only, taken from the login form', async () => {
    const { user } = renderLogin();
    await paste(user, screen.getByLabelText(/email or phone number/i), email);
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot password' });
    const emailField = within(dialog).getByLabelText(/email address/i);
    expect(emailField).toHaveValue(email);
    expect(emailField).toHaveFocus();
    expect(within(dialog).queryByLabelText(/6-digit code/i)).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/new password/i)).not.toBeInTheDocument();
  });

  it('sends the code by email, then resets, and the shopper logs in with the new password', async () => {
    const requests = recordRequests();
    const bodiesTo = (path: string) =>
      Promise.all(
        requests
          .filter((r) => r.url.pathname.endsWith(path))
          .map(async (r): Promise<unknown> => JSON.parse(await r.body)),
      );
    const { user, store } = renderLogin();
    const dialog = await openAndSendCode(user);

    expect(await toasts().findByText(`OTP sent to ${email}!`)).toBeInTheDocument();
    const sent: SendOtpRequest[] = [{ user_email: email, email_channel: 'email' }];
    expect(await bodiesTo('/send-otp')).toEqual(sent);
    const code = within(dialog).getByLabelText(/6-digit code/i);
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    const password = within(dialog).getByLabelText(/new password/i);
    expect(password).toHaveAttribute('autocomplete', 'new-password');
    // The account the new password belongs to, for password managers.
    expect(within(dialog).getByLabelText(/email address/i)).toHaveAttribute(
      'autocomplete',
      'username',
    );

    await paste(user, code, fixtureOtp);
    await paste(user, password, newPassword);
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));

    expect(await toasts().findByText('Password reset successful!')).toBeInTheDocument();
    const reset: ResetPasswordRequest = { email, otp: fixtureOtp, password: newPassword };
    expect(await bodiesTo('/reset-password')).toEqual([reset]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/email or phone number/i)).toHaveValue(email);
    await waitFor(() => expect(screen.getByLabelText(/^password/i)).toHaveFocus());

    await paste(user, screen.getByLabelText(/^password/i), newPassword);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Shop')).toBeInTheDocument();
    expect(store.getState().session.authToken).not.toBeNull();
  });

  it('keeps step 1 when the code cannot be sent, and shows why', async () => {
    server.use(sendOtpFails);
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot password' });
    await paste(user, within(dialog).getByLabelText(/email address/i), fixtureCredentials.username);
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));

    expect(await toasts().findByText('OTP failed to send')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(CODE_NOT_SENT);
    expect(within(dialog).queryByLabelText(/6-digit code/i)).not.toBeInTheDocument();
  });

  it("says 'Confirming email...' while the code is being sent", async () => {
    let answer: () => void = () => {};
    server.use(
      http.post(apiUrl('/send-otp', 'users'), async () => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json({ message: 'sent' });
      }),
    );
    const { user } = renderLogin();
    await paste(user, screen.getByLabelText(/email or phone number/i), email);
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Forgot password' });
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await toasts().findByText('Confirming email...')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send code' })).toBeDisabled();
    answer();
    expect(await within(dialog).findByLabelText(/6-digit code/i)).toBeInTheDocument();
  });

  it("says 'Resetting Password...' and disables Reset password while the call runs", async () => {
    let answer: () => void = () => {};
    server.use(
      http.post(apiUrl('/reset-password', 'users'), async () => {
        await new Promise<void>((resolve) => {
          answer = resolve;
        });
        return HttpResponse.json({ detail: 'Invalid or expired OTP code' }, { status: 400 });
      }),
    );
    const { user } = renderLogin();
    const dialog = await openAndSendCode(user);
    await paste(user, within(dialog).getByLabelText(/6-digit code/i), fixtureOtp);
    await paste(user, within(dialog).getByLabelText(/new password/i), newPassword);
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(await toasts().findByText('Resetting Password...')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reset password' })).toBeDisabled();
    answer();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Reset password' })).toBeEnabled(),
    );
  });

  it("shows a wrong code's words, and keeps the modal open", async () => {
    const { user } = renderLogin();
    const dialog = await openAndSendCode(user);
    await paste(user, within(dialog).getByLabelText(/6-digit code/i), '999999');
    await paste(user, within(dialog).getByLabelText(/new password/i), newPassword);
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));

    expect(await toasts().findByText('Failed to reset password')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/invalid or expired otp/i);
    expect(screen.getByRole('dialog', { name: 'Forgot password' })).toBeInTheDocument();
  });

  it('shows a 422 about the new password beside the password field', async () => {
    const { user } = renderLogin();
    const dialog = await openAndSendCode(user);
    await paste(user, within(dialog).getByLabelText(/6-digit code/i), fixtureOtp);
    await paste(user, within(dialog).getByLabelText(/new password/i), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));

    const password = within(dialog).getByLabelText(/new password/i);
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription('Password must be at least 8 characters'),
    );
    expect(password).toHaveFocus();
  });

  it('keeps the code to six digits and can go back to change the email', async () => {
    const { user } = renderLogin();
    const dialog = await openAndSendCode(user);
    const code = within(dialog).getByLabelText(/6-digit code/i);
    await user.type(code, '12a34567');
    expect(code).toHaveValue('123456');

    await user.click(within(dialog).getByRole('button', { name: 'Use a different email' }));
    expect(within(dialog).queryByLabelText(/6-digit code/i)).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/email address/i)).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Send code' })).toBeVisible();
  });
});
