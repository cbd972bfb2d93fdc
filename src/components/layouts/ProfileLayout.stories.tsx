import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Route, Routes } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { initialSessionState } from '../../state/sessionSlice';
import ProfileLayout from './ProfileLayout';
import { desktopWidth, phoneWidth } from '../../testing/storyViewports';

function SamplePage() {
  return (
    <>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Account
      </Typography>
      <Typography color="text.secondary">The profile page appears here.</Typography>
    </>
  );
}

const meta = {
  title: 'Layouts/ProfileLayout',
  component: ProfileLayout,
  render: () => (
    <Routes>
      <Route element={<ProfileLayout />}>
        <Route path="*" element={<SamplePage />} />
      </Route>
    </Routes>
  ),
  parameters: {
    route: '/profile',
    store: {
      preloadedState: {
        session: {
          ...initialSessionState,
          authToken: 'story-token',
          userID: '7',
          userName: 'Adaeze',
        },
      },
    },
  },
} satisfies Meta<typeof ProfileLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Account: Story = {
  ...desktopWidth,
};

export const MyOrders: Story = {
  parameters: { route: '/profile/orders' },
  ...desktopWidth,
};

/** On phones the sidebar becomes a row of pills that scrolls sideways. */
export const Phone: Story = {
  parameters: { route: '/profile/wishlist' },
  ...phoneWidth,
};
