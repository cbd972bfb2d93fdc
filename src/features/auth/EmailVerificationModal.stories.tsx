import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { http, HttpResponse } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { SendOtpRequest } from 'contract';
import { apiUrl, fixtureCredentials, fixtureOtp } from '../../testing/fixtures';
import EmailVerificationModal from './EmailVerificationModal';
import { shownDialog } from '../../testing/storyHelpers';
import { CODE_NOT_SENT, sendOtpFails } from '../../testing/otpFailure';

/** The account the mock backend knows: codes can be sent to it and it can be activated. */
const email = fixtureCredentials.username;
/** A busy machine can take longer than Testing Library's 1 s default to answer and re-render. */
const slow = { timeout: 5000 };
const SEND_LINK = 'Send OTP via sms or email';

/** The dialog, once it has faded in. */
function findDialog(canvasElement: HTMLElement) {
  return shownDialog(canvasElement, 'Email verification');
}

/**
 * sonner's toasts. While the modal is open MUI hides the page behind it (the toaster included)
 * from the accessibility tree, hence `hidden: true`.
 */
function toasts(canvasElement: HTMLElement) {
  const page = within(canvasElement.ownerDocument.body);
  return within(page.getByRole('region', { name: /notifications/i, hidden: true }));
}

/** The channel of every code the ChannelToggle story asks for, in order. */
const sentChannels: string[] = [];

/** Notes the channel and answers as a server that lets one code follow another at once. */
const recordSendOtp = http.post(apiUrl('/send-otp', 'users'), async ({ request }) => {
  const body = (await request.clone().json()) as SendOtpRequest;
  sentChannels.push(body.email_channel);
  return HttpResponse.json({ message: 'Code sent', resend_after_seconds: 0 });
});

/** Where a code went, as the modal says it: never the whole address. */
const maskedEmail = 'a•••o@example.ng';
const bySms = `A code is on its way by SMS to the account’s mobile number (by email to ${maskedEmail} until that number is confirmed).`;

const meta = {
  title: 'Modals/EmailVerificationModal',
  component: EmailVerificationModal,
  // A new initialEmail from the controls starts the form again, as reopening the modal does.
  render: (args) => <EmailVerificationModal key={args.initialEmail} {...args} />,
  args: {
    open: true,
    initialEmail: email,
    onClose: fn(),
    onActivated: fn(),
  },
  argTypes: {
    open: { control: 'boolean', description: 'Whether the modal is shown.' },
    initialEmail: {
      control: 'text',
      description: 'The email just signed up with, or typed on the login or sign-up form.',
    },
    onClose: { control: false, description: 'Cancel, Escape or a click outside.' },
    onActivated: {
      control: false,
      description: 'The account is active; called with the email.',
    },
  },
  parameters: {
    route: '/auth/register',
    // On the docs page each story gets its own frame, so an open dialog covers only its story.
    docs: { story: { inline: false, height: '640px' } },
  },
} satisfies Meta<typeof EmailVerificationModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** As it opens after sign-up: email filled in, the code field focused, the first code goes by SMS. */
export const SmsChannel: Story = {
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const modal = await page.findByRole('dialog', { name: 'Email verification' }, slow);
    await expect(modal).toHaveAccessibleDescription(
      'Input the OTP code sent to you to verify and activate your account.',
    );
    const dialog = within(modal);
    await expect(dialog.getByLabelText(/email address/i)).toHaveValue(email);
    const otp = dialog.getByLabelText(/confirm otp/i);
    await expect(otp).toHaveAttribute('placeholder', '000000');
    await waitFor(() => expect(otp).toHaveFocus(), slow);
    await expect(dialog.getByRole('button', { name: SEND_LINK })).toHaveAccessibleDescription(
      'The next code goes by SMS.',
    );
    await expect(dialog.getByRole('button', { name: 'Continue' })).toBeEnabled();
  },
};

/**
 * Straight after sign-up: where the code went (masked), and the seconds to wait before
 * another may be asked for.
 */
export const AfterSignUp: Story = {
  args: { codeSentTo: { email, mobile: '08031234567' } },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement);
    await expect(dialog.getByRole('status')).toHaveTextContent(
      `We emailed a 6-digit code to ${maskedEmail}.`,
    );
    const send = dialog.getByRole('button', { name: SEND_LINK });
    await expect(send).toBeDisabled();
    await expect(send).toHaveAccessibleDescription(
      /^You can ask for another code in \d+ s\. The next code goes by SMS\.$/,
    );
  },
};

/** After one code went by SMS, the next goes by email. */
export const EmailChannel: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement);
    const send = dialog.getByRole('button', { name: SEND_LINK });
    await expect(send).toHaveAccessibleDescription('The next code goes by SMS.');
    await userEvent.click(send);
    // The status is a live region: it is on the page, empty, before it says anything.
    await waitFor(() => expect(dialog.getByRole('status')).toHaveTextContent(bySms), slow);
    // A new code waits its turn; where it will go is said meanwhile.
    await waitFor(
      () =>
        expect(send).toHaveAccessibleDescription(
          /^You can ask for another code in \d+ s\. The next code goes by email\.$/,
        ),
      slow,
    );
  },
};

/**
 * The channel flips after each successful send (docs/product.md#sign-up-and-activation): SMS, then email, then SMS,
 * both on screen and in what is sent to the server.
 */
export const ChannelToggle: Story = {
  loaders: [
    async () => {
      sentChannels.length = 0;
      return {};
    },
  ],
  parameters: { msw: [recordSendOtp] },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement);
    const send = dialog.getByRole('button', { name: SEND_LINK });
    await expect(send).toHaveAccessibleDescription('The next code goes by SMS.');

    await userEvent.click(send);
    await waitFor(
      () => expect(send).toHaveAccessibleDescription('The next code goes by email.'),
      slow,
    );
    await expect(dialog.getByRole('status')).toHaveTextContent(bySms);

    await userEvent.click(send);
    await waitFor(
      () => expect(send).toHaveAccessibleDescription('The next code goes by SMS.'),
      slow,
    );
    await expect(dialog.getByRole('status')).toHaveTextContent(
      `A code is on its way by email to ${maskedEmail}.`,
    );
    await expect(sentChannels).toEqual(['sms', 'email']);
  },
};

/** A code that cannot be sent: the modal says why, and the channel stays. */
export const SendFailed: Story = {
  args: { initialEmail: email },
  parameters: { msw: [sendOtpFails] },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement);
    const send = dialog.getByRole('button', { name: SEND_LINK });
    await userEvent.click(send);
    await expect(await dialog.findByRole('alert', undefined, slow)).toHaveTextContent(
      CODE_NOT_SENT,
    );
    await expect(
      await toasts(canvasElement).findByText('Unable to send OTP', undefined, slow),
    ).toBeInTheDocument();
    await expect(send).toHaveAccessibleDescription('The next code goes by SMS.');
  },
};

/** Opened from the sign-up footer with no email typed: the email field is asked for first. */
export const NoEmail: Story = {
  args: { initialEmail: '' },
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement);
    const emailField = dialog.getByLabelText(/email address/i);
    await waitFor(() => expect(emailField).toHaveFocus(), slow);
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));
    await expect(emailField).toHaveAccessibleDescription(
      'Enter the email address you signed up with',
    );
    await expect(dialog.getByLabelText(/confirm otp/i)).toHaveAccessibleDescription(
      'Enter the code we sent you',
    );
    await expect(args.onActivated).not.toHaveBeenCalled();
  },
};

/** The server rejects the code: its words show in the modal and the account stays inactive. */
export const WrongCode: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement);
    await userEvent.type(dialog.getByLabelText(/confirm otp/i), '000000');
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));

    await expect(await dialog.findByRole('alert', undefined, slow)).toHaveTextContent(
      'Invalid or expired OTP code',
    );
    await expect(
      await toasts(canvasElement).findByText('Failed to process', undefined, slow),
    ).toBeInTheDocument();
    await expect(args.onActivated).not.toHaveBeenCalled();
  },
};

/** The right code: the account is activated and the caller gets the email. */
export const Activated: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await findDialog(canvasElement);
    await userEvent.type(dialog.getByLabelText(/confirm otp/i), fixtureOtp);
    await userEvent.click(dialog.getByRole('button', { name: 'Continue' }));

    await expect(
      await toasts(canvasElement).findByText('Account activated!', undefined, slow),
    ).toBeInTheDocument();
    await waitFor(() => expect(args.onActivated).toHaveBeenCalledWith(email), slow);
    await expect(args.onActivated).toHaveBeenCalledTimes(1);
  },
};
