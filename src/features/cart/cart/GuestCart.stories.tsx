import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Route, Routes } from 'react-router-dom';
import { expect, within } from 'storybook/test';
import type { Product } from 'contract';
import DetailLayout from '../../../components/layouts/DetailLayout';
import { keepGuestTap } from '../../../lib/keptGuestIntent';
import { paths } from '../../../lib/paths';
import { fixtureProducts } from '../../../testing/fixtures';
import { mockDb } from '../../../testing/handlers';
import { signedOutParameters } from '../../../testing/storyHelpers';
import CartPage from './CartPage';

const GARRI = fixtureProducts.find((p) => p.id === 1) as Product;
const PALM_OIL = fixtureProducts.find((p) => p.id === 3) as Product;
const slow = { timeout: 10_000 };

/** The story's kept basket, from nothing kept, after the fixtures are put back. */
function keptBasket(keep: () => void) {
  return [
    async () => {
      localStorage.clear();
      keep();
      return {};
    },
  ];
}

const meta = {
  title: 'Pages/Cart/Guest',
  component: CartPage,
  render: () => (
    <Routes>
      <Route element={<DetailLayout />}>
        <Route path={paths.cart} element={<CartPage />} />
      </Route>
    </Routes>
  ),
  parameters: { route: paths.cart, ...signedOutParameters },
  // Leaves nothing kept behind for the next story.
  beforeEach: () => () => localStorage.clear(),
} satisfies Meta<typeof CartPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A guest who tapped nothing: the login prompt, as before. */
export const Empty: Story = {
  loaders: keptBasket(() => {}),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Log in to see your cart and pay for your order.', {}, slow),
    ).toBeVisible();
  },
};

/** Two kept lines at the shelf prices, and Log in to pay. */
export const Lines: Story = {
  loaders: keptBasket(() => {
    keepGuestTap({ kind: 'cartAdd', product: GARRI, quantity: 2 });
    keepGuestTap({ kind: 'buy', product: PALM_OIL, quantity: 1 });
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Your cart' }, slow);
    await expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.getByRole('button', { name: 'Log in to pay' })).toBeEnabled();
  },
};

/** The garri sold out since it was tapped: the line says it will not be added. */
export const LineNowOutOfStock: Story = {
  loaders: keptBasket(() => {
    keepGuestTap({ kind: 'cartAdd', product: GARRI, quantity: 2 });
    keepGuestTap({ kind: 'cartAdd', product: PALM_OIL, quantity: 1 });
    const garri = mockDb.products.find((p) => p.id === GARRI.id);
    if (garri) garri.inventory_stock = 0;
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Out of stock now: it will not be added when you log in', {}, slow),
    ).toBeVisible();
  },
};
