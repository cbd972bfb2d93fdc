import type { Meta, StoryObj } from '@storybook/react-webpack5';
import Container from '@mui/material/Container';
import { expect, within } from 'storybook/test';
import type { CartItem } from 'contract';
import {
  cartOf,
  cartProductOf,
  fixtureCart,
  fixtureProducts,
  unitPrice,
} from '../../../testing/fixtures';
import CartSummary from './CartSummary';

function lineOf(id: number, slug: string, quantity: number): CartItem {
  const p = fixtureProducts.find((product) => product.slug === slug);
  if (!p) throw new Error(`No fixture product ${slug}`);
  return { id, quantity, total_amount: unitPrice(p) * quantity, product: cartProductOf(p) };
}

/** Ten cartons of noodles (₦9,800 each) and three baskets of tomatoes (₦8,000 each after the saving). */
const biggerOrder = cartOf([
  lineOf(111, 'indomie-chicken-carton', 10),
  lineOf(112, 'fresh-tomatoes-basket', 3),
]);

const carts = { 'fixture cart': fixtureCart, 'bigger order': biggerOrder };

/** The figure beside a label (each figure is a <dd> labelled by its <dt>). */
function figureOf(canvasElement: HTMLElement) {
  const summary = within(canvasElement).getByRole('region', { name: 'Order summary' });
  return (label: string) => within(summary).getByRole('definition', { name: label });
}

/**
 * The order summary beside the cart lines, with delivery (the default) and the shopper's area
 * fee; the mode dialog says when pickup's own fee applies instead.
 */
const meta = {
  title: 'Components/CartSummary',
  component: CartSummary,
  decorators: [
    (Story) => (
      <Container maxWidth="xs" sx={{ py: 4 }}>
        <Story />
      </Container>
    ),
  ],
  args: { cart: fixtureCart },
  argTypes: {
    cart: {
      description: "The server's cart figures (the VAT figures are the server's).",
      options: Object.keys(carts),
      mapping: carts,
      control: { type: 'radio' },
    },
    children: { control: false, description: 'The cart page puts Make Payment here.' },
  },
  parameters: { route: '/cart' },
} satisfies Meta<typeof CartSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The fixture cart: ₦15,000 of goods, 7.5% VAT, ₦1,150 delivery and packaging. */
export const FixtureCart: Story = {
  play: async ({ canvasElement }) => {
    const figure = figureOf(canvasElement);
    await expect(figure('Value before VAT')).toHaveTextContent('₦ 15,000');
    await expect(figure('VAT (7.5%)')).toHaveTextContent('₦ 1,125');
    await expect(figure('Value after VAT')).toHaveTextContent('₦ 16,125');
    await expect(figure('Delivery + packaging')).toHaveTextContent('₦ 1,150');
    await expect(figure('Total to pay')).toHaveTextContent('₦ 17,275');
  },
};

/** A six-figure order: the thousands separators and the total's weight. */
export const BiggerOrder: Story = {
  args: { cart: biggerOrder },
  play: async ({ canvasElement }) => {
    const figure = figureOf(canvasElement);
    await expect(figure('Value before VAT')).toHaveTextContent('₦ 122,000');
    await expect(figure('VAT (7.5%)')).toHaveTextContent('₦ 9,150');
    await expect(figure('Value after VAT')).toHaveTextContent('₦ 131,150');
    await expect(figure('Delivery + packaging')).toHaveTextContent('₦ 1,150');
    await expect(figure('Total to pay')).toHaveTextContent('₦ 132,300');
  },
};
