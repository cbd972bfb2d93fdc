import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { AddCartItem, Product } from 'contract';
import { initialSessionState } from '../../state/sessionSlice';
import { productDetailsPath } from '../../components/product/productPath';
import { messages, plainMessages } from '../../lib/messages';
import { apiUrl, fixtureProducts, fixtureUser, signedInSession } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import ProductDetailPage from './ProductDetailPage';
import { onPage } from '../../testing/storyPage';

function fixture(slug: string): Product {
  const found = fixtureProducts.find((p) => p.slug === slug);
  if (!found) throw new Error(`No fixture product ${slug}`);
  return found;
}

const garri = fixture('ijebu-garri-5kg'); // 40 in stock, ₦6,500 less ₦500, five stars
const ofada = fixture('ofada-rice-5kg'); // out of stock

/** Waiting for the answer (and re-render), with room for a busy machine. */
const slow = { timeout: 5000 };

const getGarri = apiUrl(`/get-product/${garri.slug}`);

/** The bodies of the add-to-cart requests the page sent in the current story. */
const cartRequests: AddCartItem[] = [];

/** The page and the toaster (sonner renders it outside the page's own tree). */
function screenOf(canvasElement: HTMLElement) {
  return within(canvasElement.ownerDocument.body);
}

/**
 * Garri out of the fixture cart, so the page offers the quantity picker and Buy: once the
 * product is in the cart the cart's stepper takes the picker's place, whenever the cart
 * arrives. A loader, so it runs after the mock database is reset for the story.
 */
function notInTheCart() {
  mockDb.cartLines = mockDb.cartLines.filter((line) => line.product.id !== garri.id);
  return Promise.resolve({});
}

const meta = {
  title: 'Pages/ProductDetail',
  component: ProductDetailPage,
  decorators: [onPage],
  parameters: {
    route: productDetailsPath(garri.slug),
    store: { preloadedState: { session: signedInSession } },
  },
} satisfies Meta<typeof ProductDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The product loaded: picture, vendor, name, price and saving, stars, stock, stepper, Buy, details. */
export const Loaded: Story = {
  loaders: [notInTheCart],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: garri.name }, slow),
    ).toBeVisible();
    await expect(canvas.getByRole('img', { name: garri.name })).toHaveAttribute(
      'src',
      garri.images,
    );
    await expect(canvas.getByText(/₦ 6,000/)).toHaveTextContent('Price: ₦ 6,000');
    await expect(canvas.getByText('You save ₦ 500')).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Rated 5 stars out of 5' })).toBeVisible();
    await expect(canvas.getByText('In stock: 40 available')).toBeVisible();
    await expect(canvas.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(1);
    await expect(canvas.getByRole('button', { name: 'Buy' })).toBeEnabled();
    const vendor = canvas.getByRole('region', { name: 'Vendor information' });
    await expect(within(vendor).getByText(garri.vendor.address)).toBeVisible();
    const description = canvas.getByRole('region', { name: 'Description' });
    await expect(within(description).getByText(garri.description)).toBeVisible();
  },
};

/** The product has not arrived yet: the spec's 'Loading...'. */
export const Loading: Story = {
  parameters: {
    msw: [
      http.get(getGarri, async () => {
        await delay('infinite');
        return HttpResponse.json(garri);
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(plainMessages.loading)).toBeVisible();
    await expect(canvas.getByText('Loading...')).toHaveAttribute('role', 'status');
    await expect(canvas.queryByRole('button', { name: 'Buy' })).toBeNull();
  },
};

/** Out of stock: said twice (picture and stock line); Buy is disabled and there is no stepper. */
export const OutOfStock: Story = {
  parameters: { route: productDetailsPath(ofada.slug) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: ofada.name }, slow);
    await expect(canvas.getAllByText('Out of Stock')).toHaveLength(2);
    await expect(canvas.getByRole('button', { name: 'Buy' })).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Increase quantity' })).toBeNull();
    await expect(canvas.queryByRole('spinbutton', { name: 'Quantity' })).toBeNull();
  },
};

/** A slug the server does not know (an old link): not found, with a way to the shop. */
export const NotFound: Story = {
  parameters: { route: productDetailsPath('no-such-product') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Product not found' }, slow),
    ).toBeVisible();
    await expect(canvas.getByText('We couldn’t find that product')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute(
      'href',
      '/shop',
    );
  },
};

/** Opened with no product in the address and none remembered: it leads to the shop. */
export const NoProductChosen: Story = {
  parameters: { route: '/detail/product-details' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No product chosen yet')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to the shop' })).toHaveAttribute(
      'href',
      '/shop',
    );
  },
};

/** The server fails with its own words: 'Error: ' and the detail (docs/product.md#messages), and Try again. */
export const LoadError: Story = {
  parameters: {
    msw: [
      http.get(getGarri, () =>
        HttpResponse.json({ detail: 'Database unavailable' }, { status: 500 }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, slow);
    await expect(within(alert).getByText('Error: Database unavailable')).toBeVisible();
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** The server fails without a message: 'Error: Unable to fetch product.' */
export const LoadErrorWithoutMessage: Story = {
  parameters: {
    msw: [http.get(getGarri, () => new HttpResponse('Bad gateway', { status: 502 }))],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, slow);
    await expect(within(alert).getByText('Error: Unable to fetch product.')).toBeVisible();
  },
};

/** No answer at all: 'No response from server. Please try again later.' */
export const NoResponse: Story = {
  parameters: { msw: [http.get(getGarri, () => HttpResponse.error())] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, slow);
    await expect(
      within(alert).getByText('No response from server. Please try again later.'),
    ).toBeVisible();
  },
};

/** Two steps up, then Buy: the cart request carries quantity 3, and the spec's toast shows. */
export const BuyChosenQuantity: Story = {
  beforeEach: () => {
    cartRequests.length = 0;
  },
  loaders: [notInTheCart],
  parameters: {
    msw: [
      // Records the body, then lets the mock backend answer (a resolver that returns nothing
      // falls through to the next handler).
      http.post<never, AddCartItem>(apiUrl('/add-cart', 'cart'), async ({ request }) => {
        cartRequests.push(await request.clone().json());
        return undefined;
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const plus = await canvas.findByRole('button', { name: 'Increase quantity' }, slow);
    await userEvent.click(plus);
    await userEvent.click(plus);
    await expect(canvas.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(3);
    await userEvent.click(canvas.getByRole('button', { name: 'Buy' }));

    // The toast slides in from transparent.
    const toast = await screenOf(canvasElement).findByText(messages.cartAdd.success, {}, slow);
    await waitFor(() => expect(toast).toBeVisible(), slow);
    await expect(cartRequests).toEqual([
      { user_id: fixtureUser.id, product_id: garri.id, quantity: 3, price_per_item: 6000 },
    ]);
  },
};

/** Signed out, Buy asks the shopper to log in and sends nothing. */
export const BuySignedOut: Story = {
  beforeEach: () => {
    cartRequests.length = 0;
  },
  parameters: {
    store: { preloadedState: { session: initialSessionState } },
    msw: BuyChosenQuantity.parameters?.msw,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Buy' }, slow));
    // A new toast fades in: visible once sonner has mounted it.
    const toast = await screenOf(canvasElement).findByText(plainMessages.pleaseLogIn, {}, slow);
    await waitFor(() => expect(toast).toBeVisible(), slow);
    await expect(cartRequests).toEqual([]);
  },
};
