import type { Meta, StoryObj } from '@storybook/react-webpack5';
import Container from '@mui/material/Container';
import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import { expect, within } from 'storybook/test';
import { paths } from '../lib/paths';
import EmptyState, { type EmptyStateProps } from './EmptyState';

/** The icons the app's pages pass, by the page that uses them. */
const icons = {
  tray: <InboxOutlined />,
  orders: <ReceiptLongOutlined />,
  wishlist: <FavoriteBorderOutlined />,
  notifications: <NotificationsNoneOutlined />,
  cart: <ShoppingCartOutlined />,
  notFound: <SearchOff />,
};

/** The ways forward the app's pages offer. */
const actions = {
  none: undefined,
  shop: { label: 'Go to the shop', to: paths.shop },
  browseShop: { label: 'Browse the shop', to: paths.shop },
  startShopping: { label: 'Start shopping', to: paths.shop },
  myOrders: { label: 'Go to My Orders', to: paths.orders },
  viewMyOrders: { label: 'View my orders', to: paths.orders },
} satisfies Record<string, EmptyStateProps['action']>;

// Controls hold the option's key; Storybook maps it to the element or object before rendering.
const icon = (key: keyof typeof icons) => key as unknown as EmptyStateProps['icon'];
const action = (key: keyof typeof actions) => key as unknown as EmptyStateProps['action'];

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  decorators: [
    (Story) => (
      <Container maxWidth="md" sx={{ py: 5 }}>
        <Story />
      </Container>
    ),
  ],
  args: {
    message: 'No product in your Wishlist.',
    description: 'Tap the heart on any product to keep it here for later.',
    icon: icon('wishlist'),
    action: action('browseShop'),
  },
  argTypes: {
    message: { control: 'text', description: "The spec's empty-state words" },
    description: { control: 'text', description: 'A line of help under the message' },
    icon: {
      options: Object.keys(icons),
      mapping: icons,
      control: { type: 'select' },
      description: 'A decorative icon; an empty tray when none is given',
    },
    action: {
      options: Object.keys(actions),
      mapping: actions,
      control: { type: 'select' },
      description: 'Where the shopper can go next (a link styled as a button)',
    },
  },
  parameters: {
    docs: {
      description: {
        component: [
          'What a list shows when it has nothing in it: an icon, the message, an optional line of help and an optional way forward.',
          'The app uses it on My Orders (“No Transaction History.”), Order Items (no order chosen, an order not found, an order with no items), Notifications (“You have no notification.”), Saved Items (“No product in your Wishlist.”), the cart (“You are yet to add product to Cart”), the shop (no products match a search) and the product page (a product not found).',
          'Each page’s real empty state is a story of that page (Pages/Orders, Pages/OrderItems, Pages/Notifications, Pages/Wishlist, and the cart and shop pages).',
        ].join('\n\n'),
      },
    },
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The message, its help line and a way forward: here, as Saved Items shows it. */
export const WithAction: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No product in your Wishlist.')).toBeVisible();
    await expect(
      canvas.getByText('Tap the heart on any product to keep it here for later.'),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute(
      'href',
      '/shop',
    );
  },
};

/** No way forward: only the message and its help line. */
export const WithoutAction: Story = {
  args: {
    message: 'You have no notification.',
    description: 'Updates about your orders and offers will appear here.',
    icon: icon('notifications'),
    action: action('none'),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('You have no notification.')).toBeVisible();
    await expect(canvas.queryByRole('link')).toBeNull();
  },
};

/** The least it takes: a message, with the default empty-tray icon. */
export const MessageOnly: Story = {
  args: {
    message: 'No Transaction History.',
    description: undefined,
    icon: undefined,
    action: action('none'),
  },
};
