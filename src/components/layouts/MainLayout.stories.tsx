import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Route, Routes } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { initialSessionState } from '../../state/sessionSlice';
import MainLayout from './MainLayout';
import { desktopWidth, phoneWidth } from '../../testing/storyViewports';

function SamplePage() {
  return (
    <>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Shop
      </Typography>
      <Typography color="text.secondary">
        The routed page appears here, between the navigation and the footer.
      </Typography>
    </>
  );
}

const signedInSession = {
  ...initialSessionState,
  authToken: 'story-token',
  userID: '7',
  userName: 'Adaeze',
};

const meta = {
  title: 'Layouts/MainLayout',
  component: MainLayout,
  render: () => (
    <Routes>
      <Route element={<MainLayout />}>
        <Route path="*" element={<SamplePage />} />
      </Route>
    </Routes>
  ),
  parameters: { route: '/shop' },
} satisfies Meta<typeof MainLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignedOutDesktop: Story = {
  ...desktopWidth,
};

export const SignedInDesktop: Story = {
  ...desktopWidth,
  parameters: { store: { preloadedState: { session: signedInSession } } },
};

export const SignedOutPhone: Story = {
  ...phoneWidth,
};

export const SignedInPhone: Story = {
  ...phoneWidth,
  parameters: { store: { preloadedState: { session: signedInSession } } },
};

/** The phone menu opens from its button and closes once a link in it is followed. */
export const PhoneMenu: Story = {
  ...phoneWidth,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The drawer is portalled to <body>, outside the story's canvas.
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(canvas.getByRole('button', { name: 'Menu' }));
    const menu = await page.findByRole('dialog', { name: 'Menu' });
    await expect(within(menu).getByRole('link', { name: 'Shop' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(within(menu).getByRole('link', { name: 'FAQ' }));
    await waitFor(() => expect(page.queryByRole('dialog', { name: 'Menu' })).toBeNull());
  },
};
