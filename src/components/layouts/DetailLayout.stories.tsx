import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Route, Routes } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { initialSessionState } from '../../state/sessionSlice';
import DetailLayout from './DetailLayout';
import { phoneWidth } from '../../testing/storyViewports';

function SamplePage() {
  return (
    <>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Ofada rice, 5 kg
      </Typography>
      <Typography color="text.secondary">The cart or product page appears here.</Typography>
    </>
  );
}

const signedIn = {
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
};

const meta = {
  title: 'Layouts/DetailLayout',
  component: DetailLayout,
  render: () => (
    <Routes>
      <Route element={<DetailLayout />}>
        <Route path="*" element={<SamplePage />} />
      </Route>
    </Routes>
  ),
  parameters: { route: '/detail/product-details' },
} satisfies Meta<typeof DetailLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Details title, greeting and both icons. */
export const ProductSignedIn: Story = { parameters: signedIn };

/** A visitor: no greeting. */
export const ProductSignedOut: Story = {};

/** At /cart the title is Cart and the cart icon is gone. */
export const Cart: Story = { parameters: { ...signedIn, route: '/cart' } };

export const CartPhone: Story = {
  parameters: { ...signedIn, route: '/cart' },
  ...phoneWidth,
};
