import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { apiUrl } from '../../../testing/fixtures';
import {
  ownerSession,
  staffAccountsMockDb,
} from '../../../testing/backOffice/staffAccountsHandlers';
import { shownDialog, shownToast } from '../../../testing/storyHelpers';
import TeamPage from './TeamPage';

const meta = {
  title: 'Back office/Staff/TeamPage',
  component: TeamPage,
  parameters: {
    route: '/staff/team',
    store: { preloadedState: { session: ownerSession } },
  },
} satisfies Meta<typeof TeamPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The owner and one staff member, each with the actions the owner may take. */
export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const team = await canvas.findByRole('list', { name: 'Team' }, { timeout: 10_000 });
    await expect(within(team).getAllByRole('article')).toHaveLength(2);
    const funmi = canvas.getByRole('article', { name: 'Funmi Adeyemi' });
    await expect(within(funmi).getByText('Has not signed in yet')).toBeVisible();
    await expect(
      within(canvas.getByRole('article', { name: 'Kunle Ogunleye' })).queryByRole('button', {
        name: 'Turn off',
      }),
    ).not.toBeInTheDocument();
  },
};

/** Turning a member off asks first, then shows them as turned off. */
export const TurnsAMemberOff: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const funmi = await canvas.findByRole(
      'article',
      { name: 'Funmi Adeyemi' },
      { timeout: 10_000 },
    );
    await userEvent.click(within(funmi).getByRole('button', { name: 'Turn off' }));
    const dialog = await shownDialog(canvasElement, "Turn off Funmi's access?");
    await userEvent.click(dialog.getByRole('button', { name: 'Turn off' }));
    await expect(await within(funmi).findByText('Turned off')).toBeVisible();
    await waitFor(() =>
      expect(
        staffAccountsMockDb.members.find((m) => m.first_name === 'Funmi')?.disabled_at,
      ).not.toBeNull(),
    );
  },
};

/** The last owner cannot become staff: the server's 409 in a toast, nothing changed. */
export const LastOwnerStays: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const kunle = await canvas.findByRole(
      'article',
      { name: 'Kunle Ogunleye' },
      { timeout: 10_000 },
    );
    await userEvent.click(within(kunle).getByRole('button', { name: 'Make staff' }));
    const dialog = await shownDialog(canvasElement, 'Make Kunle staff?');
    await userEvent.click(dialog.getByRole('button', { name: 'Make staff' }));
    await shownToast(canvasElement, /at least one owner/);
    await expect(staffAccountsMockDb.members[0]?.role).toBe('owner');
  },
};

/** The team on its way: the shop's Loading... */
export const Loading: Story = {
  parameters: {
    msw: [
      http.get(apiUrl('/staff/team', 'staff'), async () => {
        await delay('infinite');
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading...')).toBeVisible();
  },
};

/** Nobody yet (as after a restore): the empty state and the invite button. */
export const Empty: Story = {
  parameters: {
    msw: [
      http.get(apiUrl('/staff/team', 'staff'), () =>
        HttpResponse.json({ members: [], invites: [] }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Nobody is on the team yet.', {}, { timeout: 10_000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Invite someone' })).toBeVisible();
  },
};

/** The server failed: its words and Try again. */
export const Failed: Story = {
  parameters: {
    msw: [
      http.get(apiUrl('/staff/team', 'staff'), () =>
        HttpResponse.json({ detail: 'The shop is busy; try again in a moment' }, { status: 503 }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert', {}, { timeout: 10_000 })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
