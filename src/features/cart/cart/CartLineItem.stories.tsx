import type { Meta, StoryObj } from '@storybook/react-webpack5';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { CartItem } from 'contract';
import {
  cartProductOf,
  fixtureCart,
  fixtureProducts,
  signedInSession,
  unitPrice,
} from '../../../testing/fixtures';
import { mockDb } from '../../../testing/handlers';
import CartLineItem from './CartLineItem';

function productNamed(name: string) {
  const found = fixtureProducts.find((p) => p.name === name);
  if (!found) throw new Error(`No fixture product ${name}`);
  return found;
}

function lineOf(id: number, productName: string, quantity: number, stock?: number): CartItem {
  const p = productNamed(productName);
  return {
    id,
    quantity,
    total_amount: unitPrice(p) * quantity,
    product: { ...cartProductOf(p), inventory_stock: stock ?? p.inventory_stock },
  };
}

const BEANS = 'Oloyin Honey Beans (2 kg)';
const GARRI = 'Ijebu Garri (5 kg)';
const PALM_OIL = 'Red Palm Oil (1 litre)';
const FISH = 'Smoked Catfish (pair)';

/** Two bags of beans at the full price (no saving): ₦5,800 each. */
const normalLine = lineOf(103, BEANS, 2);
/** The fixture cart's garri: ₦6,500 less a ₦500 saving, two bags. */
const discountedLine = fixtureCart.all_cart_data[0] as CartItem;
/** The fixture cart's palm oil: one bottle, the least a line can hold. */
const singleLine = fixtureCart.all_cart_data[1] as CartItem;
/** All ten of the catfish in stock: the most a line can hold. */
const atStockLine = lineOf(104, FISH, 10);

const lines = {
  normal: normalLine,
  discounted: discountedLine,
  'quantity 1': singleLine,
  'at stock': atStockLine,
};

/** The stepper's parts for one product. */
function stepperOf(canvasElement: HTMLElement, name: string) {
  const canvas = within(canvasElement);
  const group = canvas.getByRole('group', { name: `Quantity of ${name}` });
  return {
    canvas,
    minus: within(group).getByRole('button', { name: `Decrease quantity of ${name}` }),
    plus: within(group).getByRole('button', { name: `Increase quantity of ${name}` }),
    quantity: within(group).getByRole('textbox', { name: 'Quantity' }),
  };
}

const meta = {
  title: 'Components/CartLineItem',
  component: CartLineItem,
  decorators: [
    (Story) => (
      <Container maxWidth="sm" sx={{ py: 4 }}>
        <Paper variant="outlined" sx={{ px: 3, borderRadius: 3 }}>
          <Box component="ul" aria-label="Cart items" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            <Story />
          </Box>
        </Paper>
      </Container>
    ),
  ],
  args: { line: normalLine, locked: false, onRemove: fn() },
  argTypes: {
    line: {
      description: 'The cart line: product, quantity and line total.',
      options: Object.keys(lines),
      mapping: lines,
      control: { type: 'radio' },
    },
    locked: {
      description: 'A payment is running: the line cannot change.',
      control: { type: 'boolean' },
    },
    onRemove: { description: 'Delete pressed: the cart page deletes the line and offers Undo.' },
  },
  // Every change goes to the mock backend with the shopper's token.
  parameters: { route: '/cart', store: { preloadedState: { session: signedInSession } } },
  // The beans and catfish lines are in the mock cart too, so their changes are accepted.
  loaders: [
    async () => {
      mockDb.cartLines.push(structuredClone(normalLine), structuredClone(atStockLine));
      return {};
    },
  ],
} satisfies Meta<typeof CartLineItem>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A product at its full price: both steps open; plus sends the new quantity ('Cart updated!'). */
export const Normal: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, minus, plus, quantity } = stepperOf(canvasElement, BEANS);
    await expect(canvas.getByRole('heading', { name: BEANS })).toBeVisible();
    await expect(canvas.getByText('Bodija Fresh Foods')).toBeVisible();
    await expect(canvas.getByText('₦ 5,800 each')).toBeVisible();
    await expect(canvas.getByText('₦ 11,600')).toBeVisible();
    await expect(quantity).toHaveValue('2');
    await expect(minus).toBeEnabled();
    await expect(plus).toBeEnabled();
    await expect(canvas.queryByText(/in stock/)).toBeNull();

    await userEvent.click(plus);
    await expect(
      await within(canvasElement.ownerDocument.body).findByText('Cart updated!'),
    ).toBeInTheDocument();
    await expect(mockDb.cartLines.find((l) => l.id === normalLine.id)?.quantity).toBe(3);
  },
};

/** A discounted product: the price each is after the saving (₦6,500 less ₦500). */
export const Discounted: Story = {
  args: { line: discountedLine },
  play: async ({ canvasElement }) => {
    const { canvas, minus, plus, quantity } = stepperOf(canvasElement, GARRI);
    await expect(canvas.getByText('₦ 6,000 each')).toBeVisible();
    await expect(canvas.queryByText(/6,500/)).toBeNull();
    await expect(canvas.getByText('₦ 12,000')).toBeVisible();
    await expect(quantity).toHaveValue('2');
    await expect(minus).toBeEnabled();
    await expect(plus).toBeEnabled();
  },
};

/** Quantity 1: minus is off (a line never goes below 1; delete removes it). */
export const QuantityOne: Story = {
  args: { line: singleLine },
  play: async ({ canvasElement }) => {
    const { canvas, minus, plus, quantity } = stepperOf(canvasElement, PALM_OIL);
    await expect(quantity).toHaveValue('1');
    await expect(minus).toBeDisabled();
    await expect(plus).toBeEnabled();
    await expect(
      canvas.getByRole('button', { name: `Delete ${PALM_OIL} from cart` }),
    ).toBeEnabled();
  },
};

/** The whole stock in the cart: plus is off and the line says how many there are. */
export const QuantityAtStock: Story = {
  args: { line: atStockLine },
  play: async ({ canvasElement }) => {
    const { canvas, minus, plus, quantity } = stepperOf(canvasElement, FISH);
    await expect(quantity).toHaveValue('10');
    await expect(plus).toBeDisabled();
    await expect(minus).toBeEnabled();
    await expect(canvas.getByText('Only 10 in stock')).toBeVisible();
  },
};

/** A payment is running: the stepper and delete wait until it ends. */
export const LockedDuringPayment: Story = {
  args: { locked: true },
  play: async ({ canvasElement }) => {
    const { canvas, minus, plus } = stepperOf(canvasElement, BEANS);
    await expect(minus).toBeDisabled();
    await expect(plus).toBeDisabled();
    await expect(canvas.getByRole('button', { name: `Delete ${BEANS} from cart` })).toBeDisabled();
  },
};
