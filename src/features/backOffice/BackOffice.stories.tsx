import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Route, Routes } from 'react-router-dom';
import { expect, within } from 'storybook/test';
import { signedInSession } from '../../testing/fixtures';
import { ownerSession } from '../../testing/backOffice/staffAccountsHandlers';
import { staffSession } from '../../testing/staffHandlers';
import { signedOutParameters } from '../../testing/storyHelpers';
import BackOffice, { HOME_TITLE, SHOPPER_ACCOUNT, STAFF_ONLY } from './BackOffice';

const meta = {
  title: 'Back office/Shell',
  component: BackOffice,
  render: () => (
    <Routes>
      <Route path="/staff/*" element={<BackOffice />} />
    </Routes>
  ),
  parameters: {
    route: '/staff',
    store: { preloadedState: { session: ownerSession } },
  },
} satisfies Meta<typeof BackOffice>;

export default meta;
type Story = StoryObj<typeof meta>;

const tiles = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  const list = await canvas.findByRole('list', { name: 'Sections' }, { timeout: 10_000 });
  return within(list)
    .getAllByRole('link')
    .map((link) => link.textContent);
};

/** The owner's home: every section as a tile. */
export const Owner: Story = {
  play: async ({ canvasElement }) => {
    await expect(await tiles(canvasElement)).toEqual([
      'Orders',
      'Products',
      'Low stock',
      'Categories',
      'Spreadsheet',
      'Delivery and pickup',
      'Shop details',
      'Staff',
      'Change log',
    ]);
    await expect(within(canvasElement).getByRole('heading', { level: 1 })).toHaveTextContent(
      HOME_TITLE,
    );
  },
};

/** A staff member's home: orders and stock only. */
export const Staff: Story = {
  parameters: { store: { preloadedState: { session: staffSession } } },
  play: async ({ canvasElement }) => {
    await expect(await tiles(canvasElement)).toEqual(['Orders', 'Products', 'Low stock']);
  },
};

/** A shopper who found the address: told it is for the staff, and the way back. */
export const Shopper: Story = {
  parameters: { store: { preloadedState: { session: signedInSession } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: STAFF_ONLY }, { timeout: 10_000 }),
    ).toBeVisible();
    await expect(canvas.getByText(SHOPPER_ACCOUNT)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to the shop' })).toBeVisible();
  },
};

/** Signed out: the section's heading and a log-in that comes back. */
export const SignedOut: Story = {
  parameters: { ...signedOutParameters, route: '/staff/orders' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Orders to fulfil');
    await expect(canvas.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fstaff%2Forders',
    );
  },
};
