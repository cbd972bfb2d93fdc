import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { delay, http, HttpResponse } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { apiUrl, fixtureProducts, signedInSession } from '../../testing/fixtures';
import { mockDb } from '../../testing/handlers';
import { manyProducts } from '../../testing/manyProducts';
import ShopPage from './ShopPage';
import { writeGuestBasket } from '../../lib/keptGuestIntent';
import { onPage } from '../../testing/storyPage';
import { backOnline, goOffline } from '../../testing/storyHelpers';

const CATALOGUE_SIZE = 1000;

/** Past the search's pause (300 ms) and the answer, with room for a busy machine. */
const slow = { timeout: 5000 };

const allProducts = apiUrl('/get-all-products');

const meta = {
  title: 'Pages/Shop',
  component: ShopPage,
  decorators: [onPage],
  parameters: { route: '/shop' },
} satisfies Meta<typeof ShopPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The whole catalogue (the twelve fixtures), under the Shop heading, with the count. */
export const Catalogue: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Products' }, slow);
    await expect(within(list).getAllByRole('listitem')).toHaveLength(fixtureProducts.length);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Shop');
    await expect(canvas.getByRole('heading', { level: 2, name: 'All products' })).toBeVisible();
    await expect(canvas.getByText('Showing 12 products')).toBeVisible();
  },
};

/** The catalogue has not answered yet: the spec's loading words. */
export const Loading: Story = {
  parameters: {
    msw: [
      http.get(allProducts, async () => {
        await delay('infinite');
        return HttpResponse.json([]);
      }),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Products are loading...')).toBeVisible();
    await expect(canvas.queryByRole('list', { name: 'Products' })).toBeNull();
  },
};

/** A shop with nothing on its shelves: no grid, a count of 0 and the empty state. */
export const EmptyCatalogue: Story = {
  loaders: [
    async () => {
      mockDb.products = [];
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Showing 0 products', {}, slow)).toBeVisible();
    // Its code loads when the shop turns out to be empty.
    await expect(await canvas.findByText('No products on the shelves yet', {}, slow)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Clear search' })).toBeNull();
    await expect(canvas.queryByRole('list', { name: 'Products' })).toBeNull();
  },
};

/** The server answers 500 with its detail: 'Error: ' and the server's words, and Try again. */
export const ServerError: Story = {
  parameters: {
    msw: [
      http.get(allProducts, () =>
        HttpResponse.json({ detail: 'Catalogue unavailable' }, { status: 500 }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, slow);
    await expect(alert).toHaveTextContent('Error: Catalogue unavailable');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
  },
};

/** No answer at all (the network is down): the spec's words for it. */
export const NetworkError: Story = {
  parameters: { msw: [http.get(allProducts, () => HttpResponse.error())] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, slow);
    await expect(alert).toHaveTextContent('No response from server. Please try again later.');
  },
};

/**
 * A thousand products: the grid tells screen readers there are 1,000 but draws only the rows
 * near the viewport.
 */
export const OneThousandProducts: Story = {
  loaders: [
    async () => {
      mockDb.products = manyProducts(CATALOGUE_SIZE);
      return {};
    },
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Products' }, slow);
    await expect(canvas.getByText('Showing 1,000 products')).toBeVisible();
    const cards = within(list).getAllByRole('listitem');
    await expect(cards[0]).toHaveAttribute('aria-posinset', '1');
    for (const card of cards) {
      await expect(card).toHaveAttribute('aria-setsize', String(CATALOGUE_SIZE));
    }
    // A window of rows, never the whole catalogue.
    await expect(cards.length).toBeGreaterThan(0);
    await expect(cards.length).toBeLessThan(100);
  },
};

/** A search nothing matches (a shared link): says so, and Clear search brings everything back. */
export const NoResults: Story = {
  parameters: { route: '/shop?q=something-absent' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('No products match “something-absent”', {}, slow),
    ).toBeVisible();
    await expect(canvas.getByText('Showing 0 products')).toBeVisible();
    const box = canvas.getByRole('combobox', { name: 'Search products' });
    await expect(box).toHaveValue('something-absent');

    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
    // The catalogue was never loaded (the link went straight to the search): it loads now.
    await waitFor(async () => {
      const list = canvas.getByRole('list', { name: 'Products' });
      await expect(within(list).getAllByRole('listitem')).toHaveLength(fixtureProducts.length);
    }, slow);
    await expect(box).toHaveValue('');
    await expect(box).toHaveFocus();
  },
};

/** Typing a search: after the pause the results replace the catalogue. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('list', { name: 'Products' }, slow);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Search products' }), 'rice');

    await expect(
      await canvas.findByRole('heading', { level: 2, name: 'Results for “rice”' }, slow),
    ).toBeVisible();
    const list = await canvas.findByRole('list', { name: 'Products matching “rice”' }, slow);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1), slow);
    await expect(within(list).getByRole('link', { name: 'Ofada Rice (5 kg)' })).toBeVisible();
    await expect(canvas.getByText('Showing 1 product')).toBeVisible();
  },
};

/** A shared link with a category and an order: the chip is on and the list follows. */
export const CategoryAndSort: Story = {
  parameters: { route: '/shop?category=Grains&sort=price_desc' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Products' }, slow);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Grains' })).toBeVisible();
    await expect(await canvas.findByRole('button', { name: /^Grains/ }, slow)).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const grains = fixtureProducts.filter((p) => p.category === 'Grains');
    await waitFor(
      () => expect(within(list).getAllByRole('listitem')).toHaveLength(grains.length),
      slow,
    );
  },
};

/** Names offered as the shopper types. */
export const Suggestions: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('list', { name: 'Products' }, slow);
    await userEvent.type(canvas.getByRole('combobox', { name: 'Search products' }), 'oil');
    const listbox = await canvas.findByRole('listbox', { name: 'Suggestions' }, slow);
    await expect(
      within(listbox).getByRole('option', { name: 'Red Palm Oil (1 litre)' }),
    ).toBeVisible();
  },
};

/**
 * A signed-in shopper's Add to cart made offline: nothing is sent, the tap is kept in this
 * browser, and the toast says it will be added when the connection returns.
 */
export const AddToCartOffline: Story = {
  parameters: { store: { preloadedState: { session: signedInSession } } },
  beforeEach: () => () => {
    backOnline();
    writeGuestBasket(null);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const beans = fixtureProducts.find((p) => p.slug === 'oloyin-beans-2kg');
    if (!beans) throw new Error('No fixture product oloyin-beans-2kg');
    const add = await canvas.findByRole('button', { name: `Add to cart: ${beans.name}` }, slow);
    goOffline();
    await userEvent.click(add);
    await expect(
      await page.findByText(
        `You are offline: ${beans.name} will be added to your cart when you are back online.`,
      ),
    ).toBeInTheDocument();
    await expect(page.queryByText('Error adding product to cart')).toBeNull();
  },
};
