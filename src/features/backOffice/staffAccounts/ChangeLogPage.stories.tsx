import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { apiUrl } from '../../../testing/fixtures';
import { ownerSession } from '../../../testing/backOffice/staffAccountsHandlers';
import ChangeLogPage from './ChangeLogPage';

const meta = {
  title: 'Back office/Staff/ChangeLogPage',
  component: ChangeLogPage,
  parameters: {
    route: '/staff/changes',
    store: { preloadedState: { session: ownerSession } },
  },
} satisfies Meta<typeof ChangeLogPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Who, when, what, and each changed value before → after. */
export const Full: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Changes' }, { timeout: 10_000 });
    await expect(within(list).getAllByRole('article')).toHaveLength(3);
    const stock = canvas.getByRole('article', { name: 'Product 12 changed' });
    await expect(within(stock).getByText(/by Funmi Adeyemi/)).toBeVisible();
    await expect(within(stock).getByText('4 → 24')).toBeVisible();
    // The price did not change, so it is not listed.
    await expect(within(stock).queryByText(/price/)).not.toBeInTheDocument();
  },
};

/** One thing's history: the button under a change filters to it. */
export const OneThing: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const stock = await canvas.findByRole(
      'article',
      { name: 'Product 12 changed' },
      { timeout: 10_000 },
    );
    await userEvent.click(
      within(stock).getByRole('button', { name: 'All changes to this product' }),
    );
    await expect(
      await canvas.findByRole('button', { name: 'Show all of this kind' }),
    ).toBeVisible();
    // The list shows what it had until the product's own changes arrive.
    await waitFor(() =>
      expect(
        within(canvas.getByRole('list', { name: 'Changes' })).getAllByRole('article'),
      ).toHaveLength(1),
    );
  },
};

export const Loading: Story = {
  parameters: {
    msw: [
      http.get(apiUrl('/staff/changes', 'staff'), async () => {
        await delay('infinite');
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading...')).toBeVisible();
  },
};

export const Empty: Story = {
  parameters: {
    msw: [
      http.get(apiUrl('/staff/changes', 'staff'), () =>
        HttpResponse.json({ changes: [], total: 0 }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('No changes yet.', {}, { timeout: 10_000 }),
    ).toBeVisible();
  },
};

export const Failed: Story = {
  parameters: {
    msw: [
      http.get(apiUrl('/staff/changes', 'staff'), () =>
        HttpResponse.json({ detail: 'The shop is busy; try again in a moment' }, { status: 503 }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('The shop is busy; try again in a moment', {}, { timeout: 10_000 }),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
