import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { Route, Routes } from 'react-router-dom';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { paths } from '../../../lib/paths';
import DetailLayout from '../../../components/layouts/DetailLayout';
import { apiUrl, signedInSession } from '../../../testing/fixtures';
import { mockDb } from '../../../testing/handlers';
import CartPage from './CartPage';
import { expectLoginPrompt, signedOutParameters } from '../../../testing/storyHelpers';

const GARRI = 'Ijebu Garri (5 kg)';
const PALM_OIL = 'Red Palm Oil (1 litre)';
/** Retried failures and a busy machine take longer than Testing Library's 1 s default. */
const slow = { timeout: 10_000 };

const signedIn = { store: { preloadedState: { session: signedInSession } } };

function pageOf(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  const summary = () => canvas.getByRole('region', { name: 'Order summary' });
  const figure = (label: string) => within(summary()).getByRole('definition', { name: label });
  const quantityOf = (name: string) =>
    within(canvas.getByRole('group', { name: `Quantity of ${name}` })).getByRole('textbox', {
      name: 'Quantity',
    });
  return { canvas, figure, quantityOf };
}

const meta = {
  title: 'Pages/Cart',
  component: CartPage,
  // As the app mounts it: inside the detail layout, whose bar says 'Cart'.
  render: () => (
    <Routes>
      <Route element={<DetailLayout />}>
        <Route path={paths.cart} element={<CartPage />} />
      </Route>
    </Routes>
  ),
  parameters: { route: paths.cart, ...signedIn },
} satisfies Meta<typeof CartPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Adebayo's cart: the saved location, two lines, the figures and Make Payment. */
export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, figure, quantityOf } = pageOf(canvasElement);
    const items = await canvas.findByRole('list', { name: 'Cart items' }, slow);
    await expect(within(items).getAllByRole('listitem')).toHaveLength(2);
    await expect(quantityOf(GARRI)).toHaveValue('2');
    await expect(quantityOf(PALM_OIL)).toHaveValue('1');
    await expect(figure('Total to pay')).toHaveTextContent('₦ 17,275');
    await expect(
      await canvas.findByRole('link', { name: 'Questions? Chat with us on WhatsApp' }, slow),
    ).toHaveAttribute('href', 'https://wa.me/2348030001234');
    const location = canvas.getByRole('region', { name: 'Delivery location' });
    await expect(
      await within(location).findByText(
        '12 Awolowo Avenue, Old Bodija, Bodija, Oyo State',
        {},
        slow,
      ),
    ).toBeVisible();
    // The panel's, and the phone bar's that CSS shows instead below the `md` width.
    for (const button of canvas.getAllByRole('button', { name: 'Make Payment' })) {
      await expect(button).toBeEnabled();
    }
  },
};

/** Plus on the garri: the line and the figures change at once, then the server agrees. */
export const ChangeQuantity: Story = {
  play: async ({ canvasElement }) => {
    const { canvas, figure, quantityOf } = pageOf(canvasElement);
    await canvas.findByRole('list', { name: 'Cart items' }, slow);
    await userEvent.click(canvas.getByRole('button', { name: `Increase quantity of ${GARRI}` }));
    await waitFor(() => expect(quantityOf(GARRI)).toHaveValue('3'), slow);
    await waitFor(() => expect(figure('Value before VAT')).toHaveTextContent('₦ 21,000'), slow);
    await expect(
      await within(canvasElement.ownerDocument.body).findByText('Cart updated!', {}, slow),
    ).toBeInTheDocument();
    await waitFor(() => expect(figure('Total to pay')).toHaveTextContent('₦ 23,725'), slow);
    await expect(mockDb.cartLines.find((line) => line.product.name === GARRI)?.quantity).toBe(3);
  },
};

/** Nothing in the cart: the spec's words and a way back to the shop; no Make Payment. */
export const EmptyCart: Story = {
  loaders: [
    async () => {
      mockDb.cartLines = [];
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    const { canvas } = pageOf(canvasElement);
    await expect(
      await canvas.findByText('You are yet to add product to Cart', {}, slow),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute(
      'href',
      paths.shop,
    );
    await expect(canvas.queryByRole('button', { name: 'Make Payment' })).toBeNull();
  },
};

/** No saved location yet: the block offers Add Delivery Location. */
export const WithoutDeliveryLocation: Story = {
  loaders: [
    async () => {
      mockDb.delivery = null;
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    const { canvas } = pageOf(canvasElement);
    const location = canvas.getByRole('region', { name: 'Delivery location' });
    await expect(
      await within(location).findByRole('button', { name: 'Add Delivery Location' }, slow),
    ).toBeEnabled();
    await expect(
      within(location).getByText(
        'No delivery location yet. Add one so we know where to bring your order.',
      ),
    ).toBeVisible();
  },
};

/** A visitor: the page asks them to log in (and comes back here afterwards). */
export const SignedOut: Story = {
  parameters: signedOutParameters,
  play: async ({ canvasElement }) => {
    const { canvas } = pageOf(canvasElement);
    await expectLoginPrompt(
      canvasElement,
      paths.cart,
      'Log in to see your cart and pay for your order.',
    );
    await expect(canvas.queryByRole('list', { name: 'Cart items' })).toBeNull();
  },
};

/** The cart never answers: the spec's loading words stay. */
export const Loading: Story = {
  parameters: {
    msw: [
      http.get(apiUrl('/all-carts', 'cart'), async () => {
        await delay('infinite');
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const { canvas } = pageOf(canvasElement);
    await expect(canvas.getByText('Your cart is loading')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Make Payment' })).toBeNull();
  },
};

/** The cart service fails (500, after the retries): the shopper's words and Try again. */
export const LoadError: Story = {
  parameters: {
    msw: [http.get(apiUrl('/all-carts', 'cart'), () => new HttpResponse(null, { status: 500 }))],
  },
  play: async ({ canvasElement }) => {
    const { canvas } = pageOf(canvasElement);
    const alert = await canvas.findByRole('alert', {}, slow);
    await expect(alert).toHaveTextContent('An error occurred');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expect(canvas.queryByText('Your cart is loading')).toBeNull();
  },
};
