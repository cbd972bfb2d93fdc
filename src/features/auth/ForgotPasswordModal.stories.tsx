import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { fixtureCredentials, fixtureOtp } from '../../testing/fixtures';
import ForgotPasswordModal from './ForgotPasswordModal';
import { shownDialog } from '../../testing/storyHelpers';
import { CODE_NOT_SENT, sendOtpFails } from '../../testing/otpFailure';

/** The account the mock backend knows, so sending the code succeeds. */
const email = fixtureCredentials.username;
const newPassword = 'Gbegiri-soup-42';
/** A busy machine can take longer than Testing Library's 1 s default to answer and re-render. */
const slow = { timeout: 5000 };

/** The dialog, once it has faded in. */
function findDialog(canvasElement: HTMLElement) {
  return shownDialog(canvasElement, 'Forgot password');
}

/**
 * sonner's toasts. While the modal is open MUI hides the page behind it (the toaster included)
 * from the accessibility tree, hence `hidden: true`.
 */
function toasts(canvasElement: HTMLElement) {
  const page = within(canvasElement.ownerDocument.body);
  return within(page.getByRole('region', { name: /notifications/i, hidden: true }));
}

/** Step 1 to step 2: sends the code to the email already in the field. */
async function sendCode(canvasElement: HTMLElement) {
  const dialog = await findDialog(canvasElement);
  await userEvent.click(dialog.getByRole('button', { name: 'Send code' }));
  await dialog.findByLabelText(/6-digit code/i, undefined, slow);
  return dialog;
}

const meta = {
  title: 'Modals/ForgotPasswordModal',
  component: ForgotPasswordModal,
  // A new initialEmail from the controls starts the form again, as reopening the modal does.
  render: (args) => <ForgotPasswordModal key={args.initialEmail} {...args} />,
  args: {
    open: true,
    initialEmail: '',
    onClose: fn(),
    onReset: fn(),
  },
  argTypes: {
    open: { control: 'boolean', description: 'Whether the modal is shown.' },
    initialEmail: {
      control: 'text',
      description: 'What the shopper already typed into the login form.',
    },
    onClose: { control: false, description: 'Cancel, Escape or a click outside.' },
    onReset: { control: false, description: 'The password is changed; called with the email.' },
  },
  parameters: {
    route: '/auth/login',
    // On the docs page each story gets its own frame, so an open dialog covers only its story.
    docs: { story: { inline: false, height: '640px' } },
  },
} satisfies Meta<typeof ForgotPasswordModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Step 1, opened from an empty login form: the email only, ready to type. */
export const EnterEmail: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement);
    await expect(
      dialog.getByText(
        'Enter the email address of your account and we will email you a 6-digit code.',
      ),
    ).toBeVisible();
    const emailField = dialog.getByLabelText(/email address/i);
    await expect(emailField).toHaveValue('');
    await waitFor(() => expect(emailField).toHaveFocus(), slow);
    await expect(dialog.queryByLabelText(/6-digit code/i)).toBeNull();
    await expect(dialog.queryByLabelText(/new password/i)).toBeNull();
    await expect(dialog.getByRole('button', { name: 'Send code' })).toBeEnabled();
  },
};

/** Step 1, opened after the shopper typed an email on the login form: it is carried over. */
export const EnterEmailPrefilled: Story = {
  args: { initialEmail: email },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement);
    await expect(dialog.getByLabelText(/email address/i)).toHaveValue(email);
    await expect(dialog.queryByLabelText(/6-digit code/i)).toBeNull();
  },
};

/** Step 1 when the code cannot be sent: it stays on step 1 and the modal says why. */
export const SendFailed: Story = {
  args: { initialEmail: email },
  parameters: { msw: [sendOtpFails] },
  play: async ({ canvasElement }) => {
    const dialog = await findDialog(canvasElement);
    await userEvent.click(dialog.getByRole('button', { name: 'Send code' }));
    await expect(await dialog.findByRole('alert', undefined, slow)).toHaveTextContent(
      CODE_NOT_SENT,
    );
    await expect(
      await toasts(canvasElement).findByText('OTP failed to send', undefined, slow),
    ).toBeInTheDocument();
    await expect(dialog.queryByLabelText(/6-digit code/i)).toBeNull();
  },
};

/** Step 2: the code has been emailed; the form adds the code and a new password. */
export const EnterCodeAndNewPassword: Story = {
  args: { initialEmail: email },
  play: async ({ canvasElement }) => {
    const dialog = await sendCode(canvasElement);
    await expect(
      await toasts(canvasElement).findByText(`OTP sent to ${email}!`, undefined, slow),
    ).toBeInTheDocument();
    await expect(
      dialog.getByText(`Enter the 6-digit code we emailed to ${email} and choose a new password.`),
    ).toBeVisible();
    await waitFor(() => expect(dialog.getByLabelText(/6-digit code/i)).toHaveFocus(), slow);
    await expect(dialog.getByLabelText(/new password/i)).toHaveValue('');
    await expect(dialog.getByLabelText(/email address/i)).toHaveAttribute('readonly');
    await expect(dialog.getByRole('button', { name: 'Reset password' })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: 'Send the code again' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Use a different email' })).toBeVisible();
  },
};

/** Step 2 with a wrong code: the server's words show in the modal, which stays open. */
export const WrongCode: Story = {
  args: { initialEmail: email },
  play: async ({ canvasElement, args }) => {
    const dialog = await sendCode(canvasElement);
    await userEvent.type(dialog.getByLabelText(/6-digit code/i), '999999');
    await userEvent.type(dialog.getByLabelText(/new password/i), newPassword);
    await userEvent.click(dialog.getByRole('button', { name: 'Reset password' }));

    await expect(await dialog.findByRole('alert', undefined, slow)).toHaveTextContent(
      'Invalid or expired OTP code',
    );
    await expect(
      await toasts(canvasElement).findByText('Failed to reset password', undefined, slow),
    ).toBeInTheDocument();
    await expect(args.onReset).not.toHaveBeenCalled();
  },
};

/** Step 2 with a new password the server finds too short: its words sit under the field. */
export const PasswordTooShort: Story = {
  args: { initialEmail: email },
  play: async ({ canvasElement, args }) => {
    const dialog = await sendCode(canvasElement);
    await userEvent.type(dialog.getByLabelText(/6-digit code/i), fixtureOtp);
    await userEvent.type(dialog.getByLabelText(/new password/i), 'short');
    await userEvent.click(dialog.getByRole('button', { name: 'Reset password' }));

    const password = dialog.getByLabelText(/new password/i);
    await waitFor(
      () => expect(password).toHaveAccessibleDescription('Password must be at least 8 characters'),
      slow,
    );
    await expect(args.onReset).not.toHaveBeenCalled();
  },
};

/** The whole reset: code sent, right code and a new password; the caller gets the email. */
export const ResetSuccessful: Story = {
  args: { initialEmail: email },
  play: async ({ canvasElement, args }) => {
    const dialog = await sendCode(canvasElement);
    await userEvent.type(dialog.getByLabelText(/6-digit code/i), fixtureOtp);
    await userEvent.type(dialog.getByLabelText(/new password/i), newPassword);
    await userEvent.click(dialog.getByRole('button', { name: 'Reset password' }));

    await expect(
      await toasts(canvasElement).findByText('Password reset successful!', undefined, slow),
    ).toBeInTheDocument();
    await waitFor(() => expect(args.onReset).toHaveBeenCalledWith(email), slow);
    await expect(args.onReset).toHaveBeenCalledTimes(1);
  },
};
