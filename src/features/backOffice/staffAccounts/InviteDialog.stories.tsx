import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import {
  ownerSession,
  staffAccountsMockDb,
} from '../../../testing/backOffice/staffAccountsHandlers';
import { shownDialog } from '../../../testing/storyHelpers';
import InviteDialog, { CONTACT_INVALID, CONTACT_MISSING } from './InviteDialog';

const meta = {
  title: 'Back office/Staff/InviteDialog',
  component: InviteDialog,
  args: { open: true, onClose: fn() },
  parameters: {
    route: '/staff/team',
    store: { preloadedState: { session: ownerSession } },
    docs: { story: { inline: false, height: '560px' } },
  },
} satisfies Meta<typeof InviteDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const TITLE = 'Invite to the team';

/** Nothing typed: the dialog says what is missing and sends nothing. */
export const ContactRequired: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await shownDialog(canvasElement, TITLE);
    await userEvent.click(dialog.getByRole('button', { name: 'Send invite' }));
    await expect(await dialog.findByText(CONTACT_MISSING)).toBeVisible();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};

/** Neither an email nor a Nigerian number: said in words, what was typed kept. */
export const ContactInvalid: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await shownDialog(canvasElement, TITLE);
    const field = dialog.getByRole('textbox', { name: /Email or mobile number/ });
    await userEvent.type(field, 'sade at home');
    await userEvent.click(dialog.getByRole('button', { name: 'Send invite' }));
    await expect(await dialog.findByText(CONTACT_INVALID)).toBeVisible();
    await expect(field).toHaveValue('sade at home');
  },
};

/** An owner invite by SMS goes out and the dialog closes. */
export const SendsOwnerInviteBySms: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await shownDialog(canvasElement, TITLE);
    await userEvent.type(
      dialog.getByRole('textbox', { name: /Email or mobile number/ }),
      '08037770000',
    );
    await userEvent.click(dialog.getByRole('radio', { name: /^Owner/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Send invite' }));
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
    await expect(staffAccountsMockDb.invites[0]).toMatchObject({
      channel: 'sms',
      sent_to: '08037770000',
      role: 'owner',
    });
  },
};

/** Someone already on the team: the server's words beside the field, the dialog stays. */
export const AlreadyOnTheTeam: Story = {
  play: async ({ canvasElement, args }) => {
    const dialog = await shownDialog(canvasElement, TITLE);
    await userEvent.type(
      dialog.getByRole('textbox', { name: /Email or mobile number/ }),
      'staff@example.ng',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Send invite' }));
    await expect(await dialog.findByText('staff@example.ng is already on the team')).toBeVisible();
    await expect(args.onClose).not.toHaveBeenCalled();
  },
};
