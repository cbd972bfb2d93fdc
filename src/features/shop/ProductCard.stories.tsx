import type { ReactNode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import Box from '@mui/material/Box';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Product } from 'contract';
import { STAR_SIZE } from '../../components/product/StarRating';
import { useShopperLists } from '../../components/product/shopperLists';
import { fixtureProducts, signedInSession } from '../../testing/fixtures';
import { starsDrawn } from '../../testing/stars';
import ProductCard, { type ProductCardProps } from './ProductCard';
import { gridMetrics } from './gridMetrics';

function fixture(slug: string): Product {
  const found = fixtureProducts.find((p) => p.slug === slug);
  if (!found) throw new Error(`No fixture product ${slug}`);
  return found;
}

const beans = fixture('oloyin-beans-2kg'); // ₦5,800, no discount, five stars, 30 in stock
const garri = fixture('ijebu-garri-5kg'); // ₦6,500 less ₦500
const ofada = fixture('ofada-rice-5kg'); // out of stock
const palmOil = fixture('red-palm-oil-1l');
// The signed-in shopper's lists (testing/fixtures): garri x2 and palm oil x1 in the cart, beans saved.

/** Loads the shopper's cart and wishlist, as the header does on every page of the shop. */
function WithShopperLists({ children }: { children: ReactNode }) {
  useShopperLists();
  return children;
}

const signedInParameters = { store: { preloadedState: { session: signedInSession } } };

/** The card's props, with the product's fields a designer flips as controls of their own. */
interface ProductCardArgs extends Omit<ProductCardProps, 'product' | 'position' | 'setSize'> {
  /** The fixture the card starts from (picture, slug, vendor); the fields below override it. */
  base: Product;
  name: string;
  amount: number;
  disc_amount: number | null;
  rating: number;
  stock: number;
}

/** The product a card shows for the story's controls. */
function productOf({ base, name, amount, disc_amount, rating, stock }: ProductCardArgs): Product {
  return { ...base, name, amount, disc_amount, ratings: rating, inventory_stock: stock };
}

function fieldsOf(p: Product) {
  return {
    base: p,
    name: p.name,
    amount: p.amount,
    disc_amount: p.disc_amount,
    rating: p.ratings,
    stock: p.inventory_stock,
  };
}

/** The card's props, without the product fields. */
function cardProps({ compact, eager, onAddToCart, onSaveToWishlist, onOpen }: ProductCardArgs) {
  return { compact, eager, onAddToCart, onSaveToWishlist, onOpen };
}

/** The card in one <li>, as the grid has it. */
function cardOf(canvasElement: HTMLElement, name: string) {
  const canvas = within(canvasElement);
  const heading = canvas.getByRole('heading', { level: 3, name });
  const item = heading.closest('li');
  if (!item) throw new Error(`No card for ${name}`);
  return within(item);
}

const meta = {
  title: 'Components/ProductCard',
  // No `component`: the controls are the product's fields, mapped into a product in render.
  // A list the width of a grid column, so the card is the size the shop shows it.
  decorators: [
    (Story, { args }) => {
      const { columns, cardWidth, cardHeight, gap } = args.compact
        ? gridMetrics(343)
        : gridMetrics(1152);
      return (
        <Box sx={{ p: 3 }}>
          <Box
            component="ul"
            aria-label="Products"
            sx={{
              display: 'grid',
              gridTemplateColumns: `repeat(auto-fill, ${cardWidth}px)`,
              gridAutoRows: `${cardHeight}px`,
              gap: `${gap}px`,
              maxWidth: columns * cardWidth + (columns - 1) * gap,
              m: 0,
              p: 0,
            }}
          >
            <Story />
          </Box>
        </Box>
      );
    },
  ],
  render: (args) => (
    <ProductCard product={productOf(args)} position={1} setSize={1} {...cardProps(args)} />
  ),
  args: {
    ...fieldsOf(beans),
    compact: false,
    eager: true,
    onAddToCart: fn(() => Promise.resolve(true)),
    onSaveToWishlist: fn(() => Promise.resolve(true)),
    onOpen: fn(),
  },
  argTypes: {
    base: { table: { disable: true } },
    name: { control: 'text', description: 'The product name (two lines at most are shown).' },
    amount: { control: { type: 'number', min: 0, step: 50 }, description: 'Price in naira.' },
    disc_amount: {
      control: { type: 'number', min: 0, step: 50 },
      description: 'The saving in naira; 0 or empty for none.',
    },
    rating: {
      control: { type: 'range', min: 0, max: 5, step: 1 },
      description: 'Stars, 0 to 5.',
    },
    stock: {
      control: { type: 'number', min: 0, step: 1 },
      description: 'Inventory stock; 0 is out of stock.',
    },
    compact: { control: 'boolean', description: 'Phone layout: tighter text and buttons.' },
    eager: { control: 'boolean', description: 'Load the picture at once (the first rows).' },
    onAddToCart: { control: false, description: 'Add to cart; called with the product.' },
    onSaveToWishlist: { control: false, description: 'The heart; called with the product.' },
    onOpen: { control: false, description: 'The name (or picture) is followed.' },
  },
} satisfies Meta<ProductCardArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A product at its full price: one price, no saving line; Add to cart hands over the product. */
export const Normal: Story = {
  play: async ({ canvasElement, args }) => {
    const card = cardOf(canvasElement, args.name);
    await expect(card.getByText(/₦ 5,800/)).toHaveTextContent('Price: ₦ 5,800');
    await expect(card.queryByText(/was/)).toBeNull();
    await expect(card.queryByText(/You save/)).toBeNull();
    await expect(card.queryByText('Out of Stock')).toBeNull();

    const add = card.getByRole('button', { name: `Add to cart: ${args.name}` });
    await userEvent.click(add);
    await expect(args.onAddToCart).toHaveBeenCalledTimes(1);
    await expect(args.onAddToCart).toHaveBeenCalledWith(productOf(args));
    await waitFor(() => expect(add).toBeEnabled());
  },
};

/** A discount: the price after it, the original struck through, and the saving. */
export const Discounted: Story = {
  args: fieldsOf(garri),
  play: async ({ canvasElement, args }) => {
    const card = cardOf(canvasElement, args.name);
    await expect(card.getByText(/₦ 6,000/)).toHaveTextContent('Price: ₦ 6,000');
    const original = card.getByText(/₦ 6,500/);
    await expect(original.tagName).toBe('S');
    await expect(original).toHaveTextContent('was ₦ 6,500');
    await expect(card.getByText('You save ₦ 500')).toBeVisible();
  },
};

/**
 * No stock: the badge says so and Notify me stands where Add to cart would be; one tap asks
 * to be told when it is back. The product can still be saved.
 */
export const OutOfStock: Story = {
  args: fieldsOf(ofada),
  parameters: signedInParameters,
  play: async ({ canvasElement, args }) => {
    const card = cardOf(canvasElement, args.name);
    const page = within(canvasElement.ownerDocument.body);
    await expect(card.getByText('Out of Stock')).toBeVisible();
    await expect(card.queryByRole('button', { name: `Add to cart: ${args.name}` })).toBeNull();
    const notifyMe = await card.findByRole('button', {
      name: `Notify me when ${args.name} is back in stock`,
      pressed: false,
    });
    await waitFor(() => expect(getComputedStyle(notifyMe).pointerEvents).not.toBe('none'));
    await userEvent.click(notifyMe);
    await expect(
      await page.findByText('We will tell you when it is back in stock'),
    ).toBeInTheDocument();
    await waitFor(() => expect(notifyMe).toHaveAttribute('aria-pressed', 'true'));
    await expect(args.onAddToCart).not.toHaveBeenCalled();
    await expect(card.getByRole('button', { name: `Save ${args.name} to wishlist` })).toBeEnabled();
  },
};

/** The phone layout (two cards a row): the cart icon gives way to the words. */
export const Compact: Story = {
  args: { ...fieldsOf(garri), compact: true },
  play: async ({ canvasElement, args }) => {
    const card = cardOf(canvasElement, args.name);
    await expect(card.getByRole('button', { name: `Add to cart: ${args.name}` })).toHaveAttribute(
      'data-compact',
      'true',
    );
  },
};

const RATINGS = [0, 1, 2, 3, 4, 5] as const;

/** Six products rated 0 to 5 (docs/product.md#numbers-and-limits: as many stars as the rating). */
const rated = RATINGS.map((rating, i) => ({
  ...(fixtureProducts[i] as Product),
  ratings: rating,
}));

/** Every rating side by side: as many stars as the rating, said in words to screen readers. */
export const Ratings0To5: Story = {
  render: (args) => (
    <>
      {rated.map((product, i) => (
        <ProductCard
          key={product.id}
          product={product}
          position={i + 1}
          setSize={rated.length}
          {...cardProps(args)}
        />
      ))}
    </>
  ),
  argTypes: {
    name: { table: { disable: true } },
    amount: { table: { disable: true } },
    disc_amount: { table: { disable: true } },
    rating: { table: { disable: true } },
    stock: { table: { disable: true } },
  },
  play: async ({ canvasElement }) => {
    for (const product of rated) {
      const card = cardOf(canvasElement, product.name);
      const label =
        product.ratings === 1 ? 'Rated 1 star out of 5' : `Rated ${product.ratings} stars out of 5`;
      const stars = card.getByRole('img', { name: label });
      await expect(stars).toBeVisible();
      await expect(starsDrawn(stars)).toBe(product.ratings);
      await expect(stars).toHaveAttribute('width', String(product.ratings * STAR_SIZE));
    }
  },
};

/** In the cart: − n + with the line's quantity in place of Add to cart; + changes the line. */
export const InCart: Story = {
  args: fieldsOf(garri),
  parameters: signedInParameters,
  render: (args) => (
    <WithShopperLists>
      <ProductCard product={productOf(args)} position={1} setSize={1} {...cardProps(args)} />
    </WithShopperLists>
  ),
  play: async ({ canvasElement, args }) => {
    const card = cardOf(canvasElement, args.name);
    const stepper = await card.findByRole('group', { name: `${args.name} in cart` });
    await expect(stepper).toHaveTextContent('2 in cart');
    await expect(card.queryByRole('button', { name: `Add to cart: ${args.name}` })).toBeNull();
    await userEvent.click(within(stepper).getByRole('button', { name: `One more ${args.name}` }));
    await waitFor(() => expect(stepper).toHaveTextContent('3 in cart'));
  },
};

/** One in the cart: minus is a bin, named as what it does. */
export const LastOneInCart: Story = {
  args: { ...fieldsOf(palmOil), compact: true },
  parameters: signedInParameters,
  render: InCart.render,
  play: async ({ canvasElement, args }) => {
    const card = cardOf(canvasElement, args.name);
    const stepper = await card.findByRole('group', { name: `${args.name} in cart` });
    await expect(stepper).toHaveTextContent('1 in cart');
    await expect(
      within(stepper).getByRole('button', { name: `Remove ${args.name} from cart` }),
    ).toBeEnabled();
  },
};

/** Saved: the heart is filled and pressed; a tap would take it off the wishlist. */
export const Saved: Story = {
  args: fieldsOf(beans),
  parameters: signedInParameters,
  render: InCart.render,
  play: async ({ canvasElement, args }) => {
    const card = cardOf(canvasElement, args.name);
    const heart = card.getByRole('button', { name: `Save ${args.name} to wishlist` });
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    await expect(args.onSaveToWishlist).not.toHaveBeenCalled();
  },
};
