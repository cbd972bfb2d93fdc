import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { keepGuestTap, writeGuestBasket } from '../../lib/keptGuestIntent';
import { paths } from '../../lib/paths';
import { apiUrl, signedInSession } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import WishlistPage from './WishlistPage';
import { expectLoginPrompt, signedOutParameters } from '../../testing/storyHelpers';
import { onPage } from '../../testing/storyPage';

const WISHLIST_URL = apiUrl('/get-wishlists', 'wishlist');
const DELETE_URL = apiUrl('/delete-wishlist/:id', 'wishlist');

/** Failed loads are retried with backoff (about 2 s in a browser) before the words show. */
const AFTER_RETRIES = { timeout: 8000 };

/** The names of the saved products, in order (each card's last link is its name). */
function savedNames(list: HTMLElement) {
  return within(list)
    .queryAllByRole('article')
    .map((card) => within(card).getAllByRole('link').at(-1)?.textContent);
}

const meta = {
  title: 'Pages/Wishlist',
  component: WishlistPage,
  decorators: [onPage],
  parameters: { route: paths.wishlist, store: { preloadedState: { session: signedInSession } } },
} satisfies Meta<typeof WishlistPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two saved products: one with its price, one out of stock ('Out of Stock' instead of a price). */
export const SavedItems: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Saved items' });
    await expect(savedNames(list)).toEqual(['Oloyin Honey Beans (2 kg)', 'Ofada Rice (5 kg)']);
    const [beans, ofada] = within(list).getAllByRole('article');
    if (!beans || !ofada) throw new Error('The two saved products are missing');
    await expect(within(beans).getByText(/₦ 5,800/)).toBeVisible();
    await expect(within(ofada).getByText('Out of Stock')).toBeVisible();
    await expect(
      within(beans).getByRole('button', { name: 'Add to cart: Oloyin Honey Beans (2 kg)' }),
    ).toBeVisible();
    await expect(within(ofada).queryByRole('button', { name: /^Add to cart/ })).toBeNull();
  },
};

/** Add to cart on a saved item: the shop's cart call and toasts; the item stays saved. */
export const AddToCart: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const list = await canvas.findByRole('list', { name: 'Saved items' });
    await userEvent.click(
      canvas.getByRole('button', { name: 'Add to cart: Oloyin Honey Beans (2 kg)' }),
    );
    await expect(await page.findByText('Product successfully added to cart')).toBeInTheDocument();
    await expect(mockDb.cartLines.find((l) => l.product.id === 4)?.quantity).toBe(1);
    await expect(savedNames(list)).toEqual(['Oloyin Honey Beans (2 kg)', 'Ofada Rice (5 kg)']);
  },
};

/** Remove: the product leaves the list at once, with the spec's toasts. */
export const RemoveItem: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const list = await canvas.findByRole('list', { name: 'Saved items' });
    await userEvent.click(
      canvas.getByRole('button', { name: 'Remove Oloyin Honey Beans (2 kg) from saved items' }),
    );

    await waitFor(() => expect(savedNames(list)).toEqual(['Ofada Rice (5 kg)']));
    await expect(await page.findByText('Wishlisted item removed!')).toBeInTheDocument();
    await expect(mockDb.wishlist.map((entry) => entry.product.name)).toEqual(['Ofada Rice (5 kg)']);
    await expect(canvas.getByText('1 product saved for later.')).toBeVisible();
  },
};

/** The server refuses the removal: the product comes back, with the failure toast. */
export const RemoveFails: Story = {
  parameters: {
    msw: [
      http.delete(DELETE_URL, () =>
        HttpResponse.json({ detail: 'Wishlist is busy' }, { status: 500 }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const list = await canvas.findByRole('list', { name: 'Saved items' });
    await userEvent.click(
      canvas.getByRole('button', { name: 'Remove Ofada Rice (5 kg) from saved items' }),
    );

    await expect(await page.findByText('Failed to remove wishlisted item')).toBeInTheDocument();
    await waitFor(() =>
      expect(savedNames(list)).toEqual(['Oloyin Honey Beans (2 kg)', 'Ofada Rice (5 kg)']),
    );
  },
};

/** Nothing saved: 'No product in your Wishlist.' and a way to the shop. */
export const Empty: Story = {
  loaders: [
    async () => {
      mockDb.wishlist = [];
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No product in your Wishlist.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute(
      'href',
      '/shop',
    );
  },
};

/** The list did not load (no answer): the words and Try again. */
export const LoadError: Story = {
  parameters: { msw: [http.get(WISHLIST_URL, () => HttpResponse.error())] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert', {}, AFTER_RETRIES)).toHaveTextContent(
      'Our server is not answering. Please try again in a moment.',
    );
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** Signed out: the log-in prompt, which comes back here after logging in. */
export const SignedOut: Story = {
  parameters: signedOutParameters,
  play: async ({ canvasElement }) => {
    await expectLoginPrompt(canvasElement, '/profile/wishlist');
  },
};

/**
 * Signed out with a heart kept in this browser: the kept item, whose Add to cart keeps it in
 * the guest's cart too and offers Log in.
 */
export const GuestAddToCart: Story = {
  parameters: signedOutParameters,
  beforeEach: () => {
    keepGuestTap({ kind: 'wishlistAdd', product: { id: 4, name: 'Oloyin Honey Beans (2 kg)' } });
    return () => writeGuestBasket(null);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(
      await canvas.findByRole('button', { name: 'Add to cart: Oloyin Honey Beans (2 kg)' }),
    );
    await expect(await page.findByText('Kept in your cart: log in to pay.')).toBeInTheDocument();
    await expect(page.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  },
};

/** A saved item out of stock: Notify me asks to be told when it is back. */
export const NotifyMe: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const button = await canvas.findByRole('button', {
      name: 'Notify me when Ofada Rice (5 kg) is back in stock',
    });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await expect(
      await page.findByText('We will tell you when it is back in stock'),
    ).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
  },
};
