import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import type { EmailVerificationRequest, SendOtpRequest } from 'contract';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { apiUrl, fixtureCredentials, fixtureOtp } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import { recordRequests, server } from '../../testing/server';
import EmailVerificationModal, { type CodeSentTo } from './EmailVerificationModal';
import LoginPage from './LoginPage';
import RegisterPage from './RegisterPage';

const SEND_OTP_URL = apiUrl('/send-otp', 'users');
const VERIFY_URL = apiUrl('/email-verification', 'users');
const email = fixtureCredentials.username;

function renderModal(props: { initialEmail?: string; codeSentTo?: CodeSentTo } = {}) {
  const onActivated = jest.fn();
  const onClose = jest.fn();
  const view = renderWithProviders(
    <EmailVerificationModal
      open
      initialEmail={props.initialEmail ?? email}
      codeSentTo={props.codeSentTo}
      onClose={onClose}
      onActivated={onActivated}
    />,
  );
  return { ...view, onActivated, onClose };
}

/**
 * Keeps the channel of every OTP send the modal makes; answers with `status`, as a server
 * that lets a code follow another at once (`wait` seconds otherwise).
 */
function captureSends(statuses: number[] = [], wait = 0): string[] {
  const channels: string[] = [];
  server.use(
    http.post(SEND_OTP_URL, async ({ request }) => {
      const body = (await request.json()) as SendOtpRequest;
      channels.push(body.email_channel);
      const status = statuses.shift() ?? 200;
      return status === 200
        ? HttpResponse.json({
            message: `OTP sent by ${body.email_channel}`,
            resend_after_seconds: wait,
          })
        : HttpResponse.json({ detail: 'Too many codes requested. Wait a minute.' }, { status });
    }),
  );
  return channels;
}

/**
 * sonner's toasts. While a modal is open MUI hides the page behind it, the toaster included,
 * from the accessibility tree, so the modal says what matters itself (status and alert).
 */
const toasts = () => within(screen.getByRole('region', { name: /notifications/i, hidden: true }));

describe('EmailVerificationModal', () => {
  it('asks for the code sent to the shopper, with the email prefilled', () => {
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Email verification' });
    expect(dialog).toHaveAccessibleDescription(
      'Input the OTP code sent to you to verify and activate your account.',
    );
    expect(within(dialog).getByLabelText(/email address/i)).toHaveValue(email);
    const otp = within(dialog).getByLabelText(/confirm otp/i);
    expect(otp).toHaveAttribute('placeholder', '000000');
    expect(otp).toHaveAttribute('inputmode', 'numeric');
    expect(otp).toHaveAttribute('autocomplete', 'one-time-code');
    expect(otp).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeVisible();
  });

  it('sends by SMS first, then email after a successful send, then SMS again', async () => {
    const channels = captureSends();
    const { user } = renderModal();
    const send = screen.getByRole('button', { name: 'Send OTP via sms or email' });
    expect(send).toHaveAccessibleDescription('The next code goes by SMS.');

    await user.click(send);
    expect(await toasts().findByText('OTP Sent successful!')).toBeInTheDocument();
    // Where it went, without the whole address on screen.
    expect(screen.getByRole('status')).toHaveTextContent(
      'A code is on its way by SMS to the account’s mobile number (by email to a•••o@example.ng until that number is confirmed).',
    );
    await waitFor(() => expect(send).toHaveAccessibleDescription('The next code goes by email.'));

    await user.click(send);
    await waitFor(() => expect(send).toHaveAccessibleDescription('The next code goes by SMS.'));

    await user.click(send);
    await waitFor(() => expect(channels).toEqual(['sms', 'email', 'sms']));
    expect(channels.length).toBe(3);
  });

  it('keeps the channel when a send fails, and shows why', async () => {
    const channels = captureSends([429]);
    const { user } = renderModal();
    const send = screen.getByRole('button', { name: 'Send OTP via sms or email' });

    await user.click(send);
    expect(await toasts().findByText('Unable to send OTP')).toBeInTheDocument();
    expect(
      await toasts().findByText('Too many codes requested. Wait a minute.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Too many codes requested. Wait a minute.');
    expect(send).toHaveAccessibleDescription('The next code goes by SMS.');

    await user.click(send);
    await waitFor(() => expect(send).toHaveAccessibleDescription('The next code goes by email.'));
    expect(channels).toEqual(['sms', 'sms']);
  });

  describe('waiting before another code', () => {
    // The wait is counted in seconds: the tests move the clock themselves.
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());
    const clockedUser = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

    it('after sign-up, says where the code went and counts down before offering another', async () => {
      captureSends();
      renderModal({ codeSentTo: { email, mobile: '08031234567' } });
      const user = clockedUser();
      expect(screen.getByRole('status')).toHaveTextContent(
        'We emailed a 6-digit code to a•••o@example.ng.',
      );
      const send = screen.getByRole('button', { name: 'Send OTP via sms or email' });
      expect(send).toBeDisabled();
      expect(send).toHaveAccessibleDescription(
        'You can ask for another code in 30 s. The next code goes by SMS.',
      );

      act(() => jest.advanceTimersByTime(29_000));
      expect(send).toHaveAccessibleDescription(
        'You can ask for another code in 1 s. The next code goes by SMS.',
      );
      act(() => jest.advanceTimersByTime(1_000));
      expect(send).toBeEnabled();
      expect(send).toHaveAccessibleDescription('The next code goes by SMS.');

      await user.click(send);
      expect(await screen.findByText(/0803•••567/)).toHaveTextContent(
        'A code is on its way by SMS to the mobile number 0803•••567',
      );
    });

    it('counts down the wait the server gives after each code', async () => {
      const channels = captureSends([], 5);
      renderModal();
      const user = clockedUser();
      const send = screen.getByRole('button', { name: 'Send OTP via sms or email' });
      expect(send).toBeEnabled();

      await user.click(send);
      await waitFor(() =>
        expect(send).toHaveAccessibleDescription(
          'You can ask for another code in 5 s. The next code goes by email.',
        ),
      );
      expect(send).toBeDisabled();
      await user.click(send);
      expect(channels).toEqual(['sms']);

      act(() => jest.advanceTimersByTime(5_000));
      expect(send).toBeEnabled();
      await user.click(send);
      await waitFor(() => expect(channels).toEqual(['sms', 'email']));
    });
  });

  it('asks for an email before sending a code, without calling the server', async () => {
    const requests = recordRequests();
    const { user } = renderModal({ initialEmail: '' });
    const emailField = screen.getByLabelText(/email address/i);
    expect(emailField).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Send OTP via sms or email' }));
    expect(emailField).toHaveAccessibleDescription(/enter the email/i);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText(/confirm otp/i)).toHaveAccessibleDescription(/enter the code/i);
    expect(requests).toHaveLength(0);
  });

  it('activates with the email and the code, with the spec toasts', async () => {
    let sent: EmailVerificationRequest | undefined;
    server.use(
      http.post(VERIFY_URL, async ({ request }) => {
        sent = (await request.json()) as EmailVerificationRequest;
        return HttpResponse.json({ message: 'Email verified' });
      }),
    );
    const { user, onActivated } = renderModal();
    await user.type(screen.getByLabelText(/confirm otp/i), '12 34 56');
    expect(screen.getByLabelText(/confirm otp/i)).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await toasts().findByText('Account activated!')).toBeInTheDocument();
    expect(sent).toEqual({ user_email: email, user_otp: '123456' });
    expect(onActivated).toHaveBeenCalledWith(email);
  });

  it("shows the server's words for a wrong code, in the modal and in toasts", async () => {
    const { user, onActivated } = renderModal();
    await user.type(screen.getByLabelText(/confirm otp/i), '000000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/invalid or expired otp/i);
    expect(await toasts().findByText('Failed to process')).toBeInTheDocument();
    expect(await toasts().findByText(/invalid or expired otp/i)).toBeInTheDocument();
    expect(onActivated).not.toHaveBeenCalled();
  });

  it('shows a 422 on the code beside the code field', async () => {
    server.use(
      http.post(VERIFY_URL, () =>
        HttpResponse.json(
          {
            detail: [
              {
                loc: ['body', 'user_otp'],
                msg: 'String should have at most 20 characters',
                type: 'x',
              },
            ],
          },
          { status: 422 },
        ),
      ),
    );
    const { user } = renderModal();
    await user.type(screen.getByLabelText(/confirm otp/i), '1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/confirm otp/i)).toHaveAccessibleDescription(
        'String should have at most 20 characters',
      ),
    );
  });

  it('after sign-up and activation, lands on the login page with the email filled in', async () => {
    const newEmail = 'kemi.alade@example.ng';
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/auth/register" element={<RegisterPage />} />
        <Route path="/auth/login" element={<LoginPage />} />
      </Routes>,
      { route: '/auth/register' },
    );
    const fill = async (label: RegExp, text: string) => {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    };
    await fill(/first name/i, 'Kemi');
    await fill(/surname/i, 'Alade');
    await fill(/email address/i, newEmail);
    await fill(/mobile number/i, '08029876543');
    await fill(/^password/i, 'Ofada-rice-22');
    await fill(/confirm password/i, 'Ofada-rice-22');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));

    const dialog = await screen.findByRole('dialog', { name: 'Email verification' });
    await user.click(within(dialog).getByLabelText(/confirm otp/i));
    await user.paste(fixtureOtp);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    expect(screen.getByLabelText(/email or phone number/i)).toHaveValue(newEmail);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mockDb.accounts.find((a) => a.email === newEmail)?.verified).toBe(true);
  });
});
